#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore
#if canImport(PresentationSimulator)
@_spi(Package) import PresentationSimulator

/// The export tab's replay rows: the recording as the scenario that replays it, or as a test
/// file that runs that scenario (the files `pinspect scenario` and `pinspect test` write), shared
/// through the share sheet.
enum ReplayShare: CaseIterable {
    case scenario, xctest, swiftTesting

    /// The row's title and subtitle.
    var title: (String, String) {
        switch self {
        case .scenario: ("SCENARIO", "The scenario that replays this recording (pinspect simulate runs it)")
        case .xctest: ("XCTEST FILE", "A test that fails while the replay shows these diagnostics")
        case .swiftTesting: ("SWIFT TESTING FILE", "The same test for Swift Testing")
        }
    }

    private var fileName: String {
        switch self {
        case .scenario: "presentations-replay.json"
        case .xctest: "PresentationReplayTests.swift"
        case .swiftTesting: "PresentationReplaySwiftTests.swift"
        }
    }

    /// The file's text for the session's recording (titles removed when the configuration asks).
    private func text(session: InspectorSession) throws -> String {
        let events = session.exportEvents()
        let scenario = try ScenarioReplay.scenario(from: events, header: session.exportHeader(), name: "replay of a recording")
        switch self {
        case .scenario:
            return scenario.jsonText
        case .xctest, .swiftTesting:
            let stem = (fileName as NSString).deletingPathExtension
            return ReplayTestFile.source(scenario: scenario, events: events, logName: "the recording", typeName: stem,
                                         framework: self == .xctest ? .xctest : .swiftTesting, expectation: .clean)
        }
    }

    /// Writes the file off the main thread and opens the share sheet on it from `host`.
    func share(from host: UIViewController, sourceView: UIView?) {
        guard let session = HookState.shared.lastSession else { return }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(fileName)
        let kind = self
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try kind.text(session: session).write(to: url, atomically: true, encoding: .utf8) }
            let failure: String? = switch result {
            case .success: nil
            case .failure(let error): "\(error)"
            }
            DispatchQueue.main.async {
                if let failure {
                    let alert = UIAlertController(title: "Export failed", message: failure, preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "OK", style: .default))
                    host.present(alert, animated: true)
                    return
                }
                let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
                sheet.popoverPresentationController?.sourceView = sourceView ?? host.view
                host.present(sheet, animated: true)
            }
        }
    }
}
#else
/// Without the simulator module (the UIKit layer type-checked against the core alone) there is
/// nothing to replay with: no replay rows.
struct ReplayShare {
    static let allCases: [ReplayShare] = []
    var title: (String, String) { ("", "") }
    func share(from host: UIViewController, sourceView: UIView?) {}
}
#endif
#endif
