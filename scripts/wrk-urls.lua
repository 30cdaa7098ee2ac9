-- wrk's script for scripts/explorer-throughput.sh and months-throughput.sh: the URLs of the
-- file given after `--`, and a JSON line of the run at its end.
-- Each thread walks the URL file from a place of its own, one URL a request.
local paths, i, threads = {}, 0, 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  i = (id * 7919) % #paths
end
function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests": %d, "seconds": %f, "p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d, "errors": %d, "non2xx": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, e.connect + e.read + e.write + e.timeout, e.status))
end
