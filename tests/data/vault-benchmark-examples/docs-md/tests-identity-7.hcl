test "identity" "identity_partial_policies" {
  weight = 100
  config {
    workload      = "group_read"
    entity_count  = 1000
    group_count   = 50
    policy_count  = 10
    policies {
      count = 100
      size  = 5
    }
  }
}
