# The counts of `pinspect summary`, computed by jq (Scripts/bench.sh compares the two):
# events per kind and outcome, diagnostics per severity and code, windows, distinct
# controller ids, first and last seq. Run with: jq -n -f summary.jq LOG
reduce (inputs | select(has("seq"))) as $e (
  {events: 0, kinds: {}, outcomes: {}, severities: {}, codes: {}, windows: {}, ids: {}, first: null, last: null};
  .events += 1
  | .kinds[$e.kind] += 1
  | .outcomes[$e.outcome] += 1
  | reduce ($e.diagnostics // [])[] as $d (.; .severities[$d.severity] += 1 | .codes[$d.code] += 1)
  | (if $e.window then .windows[$e.window] = true else . end)
  | reduce (([$e.source, $e.presented, $e.presenting, $e.contextProvider, $e.receiver, $e.handledBy][]
            | select(. != null) | .id), ($e.dismissed // [])[], (($e.chain // [])[] | .id)) as $id
      (.; .ids[$id] = true)
  | .first = (if .first == null or $e.seq < .first then $e.seq else .first end)
  | .last = (if .last == null or $e.seq > .last then $e.seq else .last end)
)
| .controllers = (.ids | length) | del(.ids) | .windows = (.windows | keys)
