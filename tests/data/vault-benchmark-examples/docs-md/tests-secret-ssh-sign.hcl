test "ssh_sign" "ssh_sign_test1" {
  weight = 100
  config {
    role {
      allow_user_certificates = true
    }
    key_signing {
      ttl = "5m"
    }
  }
}
