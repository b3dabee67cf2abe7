test "identity" "identity_multi_alias" {
  weight = 100
  config {
    workload     = "login"
    entity_count = 1000
    alias_count  = 3000
    login_users  = 100
    aliases {
      preset = "balanced"
    }
  }
}
