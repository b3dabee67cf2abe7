test "identity" "identity_full_aliases" {
  weight = 100
  config {
    workload     = "login"
    entity_count = 1000
    alias_count  = 5        # 5 aliases per entity; 5 userpass mounts are created
    login_users  = 100
    aliases {
      preset = "full"
    }
  }
}
