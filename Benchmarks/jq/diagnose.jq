# The output of `pinspect diagnose`, computed by jq (Scripts/bench.sh compares the two): one
# line per diagnostic in event order, then the counts per severity.
# Run with: jq -rn -f diagnose.jq LOG
[inputs | select(has("seq")) | . as $e | ($e.diagnostics // [])[]
  | {seq: $e.seq, time: $e.time, severity, code, message}]
| (.[] | "#\(.seq) \(.time) \(.severity) \(.code): \(.message)"),
  "\(length) findings (" + (group_by(.severity) | map("\(length) \(.[0].severity)") | join(", ")) + ")"
