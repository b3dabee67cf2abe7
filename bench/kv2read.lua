-- wrk script for bench/fullpath.sh: KV v2 reads with the X-Vault-Token header from the
-- environment (VW_BENCH_TOKEN), so that neither this file nor wrk's command line holds it.
-- By default wrk reads the URL it was given with one request built once (wrk's cheapest
-- path). With VW_BENCH_RANDOM_KEYS=1 it reads random keys as vault-workbench's kv2_read does:
-- GET VW_BENCH_KV_PREFIX .. n ("/v1/secret/data/key-"), n uniform in 0..VW_BENCH_KEYS-1,
-- one request formatted per call.
wrk.headers["X-Vault-Token"] = os.getenv("VW_BENCH_TOKEN")

if os.getenv("VW_BENCH_RANDOM_KEYS") == "1" then
  local prefix = os.getenv("VW_BENCH_KV_PREFIX")
  local keys = tonumber(os.getenv("VW_BENCH_KEYS"))
  request = function()
    return wrk.format("GET", prefix .. math.random(0, keys - 1))
  end
end
