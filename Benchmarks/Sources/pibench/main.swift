@_spi(Package) import BenchKit
import Foundation

// pibench: the benchmarks of issue 6. Each subcommand prints JSON lines; Scripts/bench.sh runs
// them all and prints one table (docs/PERFORMANCE.md).

let usage = """
USAGE: pibench <command> [options]

  record  --depth N --pairs N [--batches N]      ns per present+dismiss pair: simulator, inspector, swiftlog
  record  --once --mode M --depth N --pairs N    one run of one mode (for callgrind --toggle-collect=*measuredPairs*)
  record  ... --mode device                      (with --once) the device path: call site captured, UIKitNode-like adapter, leak checks on
  record  ... --mode uikit-reads                 (with --once) the simulation plus only the reads of UIKit the device path makes per present
  callsite [--calls N]                           one call site: CapturedCallStack.capture vs Thread.callStackSymbols + parsing
  memory  --events N [--overfill N]              heap and RSS per retained event; growth once the ring is full
  memory  --stack-depth N --events N             the same with a modal stack N deep (a chain of N presented controllers)
  jsonl   --events N [--dir DIR]                 JSONL export/import events/s vs Foundation JSONEncoder/JSONDecoder
  jsonl   --read FILE [--repeats N]              our import only, of an existing log (importOnce, for callgrind)
  genlog  --events N --output FILE               write a realistic log of N events
  html    --events N --output FILE               render the HTML report of N events (time, size)
"""

let args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else { print(usage); exit(64) }
let options = Options(Array(args.dropFirst()))
switch command {
case "record": runRecordBenchmark(options)
case "memory": runMemoryBenchmark(options)
case "callsite": runCallSiteBenchmark(options)
case "jsonl": runJSONLBenchmark(options)
case "genlog": runGenerateLog(options)
case "html": runHTMLBenchmark(options)
case "-h", "--help", "help": print(usage)
default: fail("unknown command \"\(command)\"\n\(usage)")
}
