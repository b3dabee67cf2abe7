test "identity" "identity_with_policies" {
  weight = 100
  config {
    workload      = "group_read"
    entity_count  = 1000
    group_count   = 50
    policy_count  = 10
  }
}
