import PresentationInspectorCore
import PresentationSimulator
let s = try Scenario.load(path: CommandLine.arguments[1])
let sim = Simulation()
try sim.run(s)
for e in sim.recorder.events { print(e.summary); for d in e.diagnostics { print("   !", d.message) } }
for l in sim.console { print("console:", l.text) }
print(LogWriter.text(header: LogHeader(), events: Array(sim.recorder.events.prefix(2))))
