test "ldap_static_secret" "ldap_static_secret2" {
    weight = 100
    config {
        secret {
            url         = "ldap://localhost"
            binddn      = "cn=admin,dc=hashicorp,dc=com"
            bindpass    = "admin"
        }
        role  {
            dn = "uid=alice,ou=users,dc=hashicorp,dc=com"
            username = "alice"
            rotation_period ="24h"
        }
    }
}
