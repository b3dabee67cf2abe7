-- wrk script for bench/fullpath.sh: KV v2 reads of random keys, as vault-workbench's kv2_read
-- does (GET /v1/<mount>/data/key-<n>, n uniform in 0..keys-1). Everything comes from the
-- environment, so neither this file nor wrk's command line holds the token:
--   VW_BENCH_TOKEN (X-Vault-Token), VW_BENCH_KV_PREFIX ("/v1/secret/data/key-"), VW_BENCH_KEYS.
local prefix = os.getenv("VW_BENCH_KV_PREFIX")
local keys = tonumber(os.getenv("VW_BENCH_KEYS"))

wrk.headers["X-Vault-Token"] = os.getenv("VW_BENCH_TOKEN")

request = function()
  return wrk.format("GET", prefix .. math.random(0, keys - 1))
end
