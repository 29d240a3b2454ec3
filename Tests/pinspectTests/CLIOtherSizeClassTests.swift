import Foundation
@_spi(Package) import PresentationInspectorCore
import XCTest

/// What the other kind of device would do, end to end: `pinspect simulate` records the
/// `other-size-class` warning, `diagnose` gates on it with its fix, the HTML report carries it,
/// and the scenario's `options` turn it off.
final class CLIOtherSizeClassTests: XCTestCase {
    private var fx: CLIFixtures!

    override func setUpWithError() throws { fx = try CLIFixtures() }
    override func tearDown() { fx = nil }

    private func scenario(options: String = "") -> String {
        """
        { "name": "menu on a phone", \(options)
          "environment": { "idiom": "phone" },
          "controllers": [ { "id": "root", "type": "RootViewController" },
                           { "id": "menu", "type": "MenuViewController", "modalPresentationStyle": "popover" } ],
          "windows": [ { "id": "main", "root": "root", "key": true } ],
          "steps": [ { "present": "menu", "from": "root" } ] }
        """
    }

    func testDiagnoseAndTheReportShowWhatAnIPadWouldDo() throws {
        let log = fx.path("menu.jsonl")
        let sim = try PInspectBinary.run(["simulate", try fx.write("menu.json", scenario()), "-o", log])
        XCTAssertEqual(sim.status, 0, sim.stderr)

        let r = try PInspectBinary.run(["diagnose", log])
        XCTAssertEqual(r.status, 1, "a warning fails the default gate")
        XCTAssertTrue(r.stdout.contains(" warning other-size-class: In regular width and height (an iPad, full screen or in a wide split) UIKit raises (the app crashes): "
                                        + "UIPopoverPresentationController (<UIPopoverPresentationController: menu.popoverPresentationController>) should have a non-nil sourceView"), r.stdout)
        XCTAssertTrue(r.stdout.contains("  fix: give <MenuViewController: menu> an anchor: set popoverPresentationController?.sourceItem = …"), r.stdout)
        XCTAssertTrue(r.stdout.contains("popoverPresentationController?.sourceItem = …"), r.stdout)
        XCTAssertEqual(try PInspectBinary.run(["diagnose", "--fail-on", "error", log]).status, 0, "a warning, not an error")
        let json = try PInspectBinary.run(["diagnose", "--json", log])
        let finding = try XCTUnwrap(JSONParser.parse(json.stdout).arrayValue?.first?.objectValue)
        XCTAssertEqual(finding["code"]?.stringValue, "other-size-class")
        XCTAssertEqual(finding["severity"]?.stringValue, "warning")
        XCTAssertTrue(finding["fix"]?.stringValue?.contains("sourceItem") == true)

        let html = try PInspectBinary.run(["convert", "--to", "html", log])
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertTrue(html.stdout.contains("other-size-class"), "the report names the code")
        XCTAssertTrue(html.stdout.contains("UIKit raises (the app crashes)"), "the report quotes the message")
        XCTAssertTrue(html.stdout.contains("popoverPresentationController?.sourceItem"), "the report shows the fix")
    }

    func testTheScenarioOptionTurnsItOff() throws {
        let log = fx.path("off.jsonl")
        let path = try fx.write("off.json", scenario(options: #""options": { "checksOtherSizeClass": false },"#))
        XCTAssertEqual(try PInspectBinary.run(["simulate", path, "-o", log]).status, 0)
        let r = try PInspectBinary.run(["diagnose", log])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.hasPrefix("no findings"), r.stdout)

        let bad = try fx.write("bad.json", scenario(options: #""options": { "checksOtherSizeClass": 0 },"#))
        let refused = try PInspectBinary.run(["simulate", bad])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains(#"options key "checksOtherSizeClass": must be true or false, found a number"#), refused.stderr)
    }
}
