test "ldap_auth" "ldap_auth_test1" {
    weight = 100
    config {
        auth {
            url         = "ldap://localhost"
            userdn      = "ou=users,dc=hashicorp,dc=com"
            groupdn     = "ou=groups,dc=hashicorp,dc=com"
            binddn      = "cn=admin,dc=hashicorp,dc=com"
            bindpass    = "admin"
            userattr    = "uid"
            groupattr   = "cn"
            groupfilter = "(|(memberUid={{.Username}})(member={{.UserDN}})(uniqueMember={{.UserDN}}))"
            token_policies = ["default","test"]
        }
        test_user  {
            username = "alice"
            password = "password"
        }
    }
}
