// What an app and its tests do with the inspector, through the public surface only: configure
// it, record presentations, read the events (references, styles, diagnostics, what UIKit
// reported) and export them. On iOS the app starts the inspector; here, where UIKit does not
// exist, a test's recording stands in for the app's.
import Foundation
import PresentationInspector
import PresentationInspectorTesting

var configuration = InspectorConfiguration()
configuration.capacity = 5_000
configuration.redactsTitlesInExports = true
configuration.ignore = { $0.type.hasPrefix("Promo") }
configuration.resolver.deepChainLimit = 4

#if canImport(UIKit)
@MainActor func startInApp(_ configuration: InspectorConfiguration) {
    _ = PresentationInspector.start(configuration: configuration)
}
#endif

// A test's recording: a list in a navigation controller presents a detail sheet, then a second
// sheet while the first is still up (UIKit refuses it: a diagnostic).
let scenarioText = """
{ "name": "app-shaped",
  "controllers": [
    { "id": "nav", "type": "UINavigationController", "children": ["list"] },
    { "id": "list", "type": "ListViewController", "title": "Inbox" },
    { "id": "detail", "type": "DetailViewController" },
    { "id": "share", "type": "UIActivityViewController" } ],
  "windows": [ { "id": "main", "root": "nav", "key": true } ],
  "steps": [] }
"""
let recording: PresentationRecording
do {
    let simulation = Simulation()
    try simulation.load(Scenario.parse(scenarioText, file: "app-shaped.json"))
    guard let list = simulation.controller("list"), let detail = simulation.controller("detail"),
          let share = simulation.controller("share") else { fatalError("the scenario declares these controllers") }
    recording = PresentationRecording.capture(in: simulation) {
        simulation.present(detail, from: list, animated: true)
        simulation.advance(by: 0.5)
        simulation.present(share, from: list, animated: true)
    }
} catch {
    print("AppShapedClient: \(error)")
    exit(1)
}

// Reading the event model.
for event in recording.events {
    let presented: ControllerRef? = event.presented
    let style: PresentationStyle? = event.effectiveStyle
    let severity: Severity? = event.maxSeverity
    let observed: Observation? = event.observed
    print(event.summary, presented?.label ?? "-", style.map { "\($0)" } ?? "-", severity.map { "\($0)" } ?? "-",
          observed == nil ? "predicted" : "observed")
    for diagnostic in event.diagnostics { print("  \(diagnostic.code.rawValue): \(diagnostic.message)") }
    for step in event.steps { print("  why: \(step.sentence)") }
}
if let failure = recording.presentedFailure("DetailViewController", by: "nav") {
    print("AppShapedClient: \(failure)")
    exit(1)
}

// Exporting, as a test's attachment does (an app's own recording: PresentationInspector.export(format:to:)),
// with the app's name in the header: the report is titled with it.
let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("app-shaped-client-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
for format in ExportFormat.allCases {
    let url = folder.appendingPathComponent("recording.\(format.fileExtension)")
    do {
        try recording.export(format, to: url)
    } catch {
        print("AppShapedClient: \(error)")
        exit(1)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    print("exported \(format.rawValue): \(size) bytes")
}
let report = (try? String(contentsOf: folder.appendingPathComponent("recording.html"), encoding: .utf8)) ?? ""
guard report.contains("<title>AppShapedClient — PresentationInspector report</title>") else {
    print("AppShapedClient: the report is not titled with the app's name")
    exit(1)
}
// The same through the core's exporter, which takes the app's header when given none.
let text = Exporter.render(.text, events: recording.events)
guard LogHeader.currentApp().app["name"] == "AppShapedClient", text.contains("share") else {
    print("AppShapedClient: LogHeader.currentApp() does not name the app")
    exit(1)
}
guard recording.diagnostics(atLeast: .warning).map(\.diagnostic.code) == [.alreadyPresenting] else {
    print("AppShapedClient: expected one already-presenting diagnostic")
    exit(1)
}
print("AppShapedClient: \(recording.events.count) events read and exported through the public API (version \(PresentationInspectorVersion.current))")
