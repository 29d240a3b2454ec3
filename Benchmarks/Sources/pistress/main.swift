@_spi(Package) import BenchKit
import Foundation

// pistress: the reliability checks of issue 6 that need a process of their own or more time
// than a unit test (Scripts/ci/62-kill.sh, 63-soak.sh, 64-hostile.sh; figures in
// docs/RELIABILITY.md). Every command prints JSON lines and exits non-zero on a failed check.

let usage = """
USAGE: pistress <command> [options]

  livelog   --output FILE [--pause-us N] [--big-every N] [--big-bytes N] [--cut-at BYTES]
            records present/dismiss events forever into a live log (the kill test's victim)
  checklog  FILE...           checks logs cut by a kill: every complete line imported, at most
                              the last partial line lost and reported
  killtest  --runs N --writer PATH [--demo PATH --demo-runs N] [--cut-runs N] [--dir DIR]
            kills live-log writers with SIGKILL at random moments (and cuts some with a file-size
            limit in the middle of a line) and checks every file
  soak      --events N [--threads N] [--capacity N]
            N events through one recorder with live subscribers and a live log; RSS sampled
  hostile   [--scale N] [--case NAME]
            hostile scenario files and logs (each read by a child process): clear errors,
            bounded time and memory
"""

let args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else { print(usage); exit(64) }
let options = Options(Array(args.dropFirst()))
switch command {
case "livelog": runLiveLogWriter(options)
case "checklog": exit(runCheckLogs(options.positional) ? 0 : 1)
case "killtest": exit(runKillTest(options) ? 0 : 1)
case "soak": exit(runSoak(options) ? 0 : 1)
case "hostile": exit(runHostile(options) ? 0 : 1)
case "hostile-child": runHostileChild(options)
case "-h", "--help", "help": print(usage)
default: fail("unknown command \"\(command)\"\n\(usage)")
}
