duration = "10s"
annotate = "team=db"
test "transit_sign" "sign" { weight = 60 }
test transit_encrypt enc {
  weight = 40
  config {
    payload_len = 30720
    keys { type = "aes256-gcm96", name = "k" }
  }
}
labels = { a = "x\u00e9\t", "b c": [1, -2.5e3, true, null] } // trailing
