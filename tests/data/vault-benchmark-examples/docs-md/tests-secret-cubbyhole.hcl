test "cubbyhole_read" "cubbyhole_read1" {
  weight = 50
  config {
    path = "my-read-path"
  }
}

test "cubbyhole_write" "cubbyhole_write1" {
  weight = 50
  config {
    path = "my-write-path"
  }
}
