test "mysql_secret" "mysql_test_1" {
    weight = 100
    config {
        db_connection {
            connection_url = "{{username}}:{{password}}@tcp(127.0.0.1:3306)/"
            username = "root"
            password = "root"
        }

        role {
            creation_statements = "CREATE USER '{{name}}'@'%' IDENTIFIED BY '{{password}}';GRANT SELECT ON *.* TO '{{name}}'@'%';"
            default_ttl = "10s"
        }
    }
}
