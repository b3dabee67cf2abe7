test "identity" "identity_partial_groups" {
  weight = 100
  config {
    workload     = "group_read"
    entity_count = 1000
    group_count  = 1000
    groups {
      count = 50
      size  = 20
    }
  }
}
