test "pki_sign" "pki_sign_test1" {
    weight = 100
    config {
        setup_delay="2s"
        root_ca {
            common_name = "benchmark.test"
        }
        intermediate_csr {
            common_name = "benchmark.test Intermediate Authority"
        }
        role {
            ttl = "10m"
        }
        sign {
            csr = "./MYCSR.csr"
        }
    }
}
