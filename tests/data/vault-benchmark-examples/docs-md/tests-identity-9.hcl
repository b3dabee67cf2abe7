test "identity" "identity_seed" {
  weight = 100
  config {
    # populate always keeps its objects, and the attack phase still runs for
    # the full global `duration` (nothing to skip to) -- keep duration short,
    # e.g. "1s".
    # Note: setup still runs a login-resolution validation for up to
    # login_users (default 100) users when alias_count > 0. This is expected.
    workload      = "populate"
    entity_count  = 10000
    alias_count   = 10000
    group_count   = 500
    policy_count  = 20
    policies {
      preset = "full"
    }
  }
}
