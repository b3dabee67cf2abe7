test "identity" "identity_partial_aliases" {
  weight = 100
  config {
    workload     = "login"
    entity_count = 1000
    alias_count  = 1000
    login_users  = 100
    aliases {
      count = 200
      size  = 5
    }
  }
}
