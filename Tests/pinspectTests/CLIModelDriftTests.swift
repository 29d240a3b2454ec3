import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// `model-drift` is an ordinary diagnostic: every view shows it, with the observation beside it.
final class CLIModelDriftTests: XCTestCase {
    private var fx: CLIFixtures!
    override func setUpWithError() throws { fx = try CLIFixtures() }

    private let scenario = """
    { "name": "drift", "environment": { "idiom": "phone" },
      "controllers": [ { "id": "tabs", "type": "UITabBarController", "children": ["nav"] },
                       { "id": "nav", "type": "UINavigationController", "children": ["list"] },
                       { "id": "list", "type": "ListViewController" },
                       { "id": "sheet", "type": "SheetViewController" } ],
      "windows": [ { "id": "main", "root": "tabs", "key": true } ],
      "steps": [ { "present": "sheet", "from": "list", "observed": { "presenting": "nav", "effectiveStyle": "fullScreen" } } ] }
    """
    private let presentingDrift = "model predicted presenting <UITabBarController: tabs>, UIKit chose <UINavigationController: nav>"
    private let styleDrift = "model predicted effectiveStyle formSheet, UIKit chose fullScreen"

    private func log() throws -> String {
        let out = fx.path("drift.jsonl")
        let r = try PInspectBinary.run(["simulate", try fx.write("drift.json", scenario), "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        return out
    }

    func testExplainShowsTheObservationAndTheDrift() throws {
        let r = try PInspectBinary.run(["explain", "1", try log()])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Observed (what UIKit reported"), r.stdout)
        XCTAssertTrue(r.stdout.contains("- presenting: <UINavigationController: nav>"), r.stdout)
        XCTAssertTrue(r.stdout.contains("- effectiveStyle: fullScreen"), r.stdout)
        XCTAssertTrue(r.stdout.contains("warning model-drift: model predicted presenting <UITabBarController: tabs>"), r.stdout)
        XCTAssertFalse(r.stdout.contains("Observed: UIKit chose"), "the steps stay the model's reasoning")
        XCTAssertTrue(r.stdout.contains(styleDrift), r.stdout)
    }

    func testExplainJSONCarriesTheObservation() throws {
        let r = try PInspectBinary.run(["explain", "1", "--json", try log()])
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let observed = try XCTUnwrap(object["observed"] as? [String: String], r.stdout)
        XCTAssertEqual(observed["presenting"], "<UINavigationController: nav>")
        XCTAssertEqual(observed["effectiveStyle"], "fullScreen")
    }

    func testDiagnoseCountsTheDrift() throws {
        let r = try PInspectBinary.run(["diagnose", try log()])
        XCTAssertTrue(r.stdout.contains("model-drift"), r.stdout)
        XCTAssertTrue(r.stdout.contains(presentingDrift), r.stdout)
    }

    func testTextExportShowsTheObservationAndTheDrift() throws {
        let sim = Simulation()
        try sim.run(try Scenario.parse(scenario, file: "drift.json"))
        let text = TextExporter.timeline(events: sim.recorder.events)
        XCTAssertTrue(text.contains("      observed: presenting <UINavigationController: nav>, effectiveStyle fullScreen\n"), text)
        XCTAssertTrue(text.contains("[warning] model-drift: " + presentingDrift + "\n"), text)
        XCTAssertTrue(text.contains("[warning] model-drift: " + styleDrift + "\n"), text)
    }
}
