test "identity" "identity_group_read" {
  weight = 100
  config {
    workload     = "group_read"
    entity_count = 1000
    group_count  = 1000
  }
}
