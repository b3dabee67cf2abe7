test "identity" "identity_login" {
  weight = 100
  config {
    workload     = "login"
    entity_count = 1000
    alias_count  = 1000
    # verification sample; leave as-is unless you have a reason to change it.
    # (every seeded user shares password "id-pw", handy for manual debugging)
    login_users  = 100
  }
}
