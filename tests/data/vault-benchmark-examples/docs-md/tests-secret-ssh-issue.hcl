test "ssh_issue" "ssh_issue_test1" {
        weight = 100
        config {
                role {
                        allow_user_certificates = true
                }
                issued_cert {
                        key_type = "rsa"
                        key_bits = 4096
                }
        }
}
