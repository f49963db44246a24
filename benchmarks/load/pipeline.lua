-- wrk script: HTTP/1.1 pipelining 16 deep. Every write carries 16 requests; wrk counts each
-- response. The batch is built once (wrk.format() repeated 16 times) and reused.
local depth = 16
local batch

init = function(args)
  local requests = {}
  for i = 1, depth do
    requests[i] = wrk.format()
  end
  batch = table.concat(requests)
end

request = function()
  return batch
end
