vault_addr = "https://127.0.0.1:8200"
ca_pem_file = "ca.pem"
workers = 15
rps = 5
duration = "1m"
/* PKI issue, not stored */
test "pki_issue" "issue_ec" {
  weight = 100
  config {
    setup_delay = "2s"
    root_ca { common_name = "benchmark.test" }
    role {
      ttl = "10s"
      no_store = true
      key_type = "ec"
      key_bits = 256
      allowed_domains = ["benchmark.test", "example.com",]
    }
  }
}
