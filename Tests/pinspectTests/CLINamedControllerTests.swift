import Foundation
@_spi(Package) import PresentationInspectorCore
import XCTest

/// Where UIKit's message names another controller than the call's receiver, `pinspect explain` and
/// the HTML report show both: a refused dismiss names the controller UIKit handed it to, the popover
/// exception names the popover presentation controller.
final class CLINamedControllerTests: XCTestCase {
    private var fx: CLIFixtures!

    override func setUpWithError() throws { fx = try CLIFixtures() }
    override func tearDown() { fx = nil }

    private let scenario = """
    { "name": "named controllers", "environment": { "idiom": "pad" },
      "controllers": [ { "id": "root", "type": "RootViewController" },
                       { "id": "detail", "type": "DetailViewController" },
                       { "id": "menu", "type": "MenuViewController", "modalPresentationStyle": "popover" } ],
      "windows": [ { "id": "main", "root": "root", "key": true } ],
      "steps": [ { "present": "detail", "from": "root" }, { "dismiss": "detail" },
                 { "advance": 1 }, { "dismiss": "detail" }, { "advance": 1 },
                 { "present": "menu", "from": "root" } ] }
    """

    func testExplainAndTheReportShowTheReceiverAndTheControllerNamed() throws {
        let log = fx.path("named.jsonl")
        let sim = try PInspectBinary.run(["simulate", try fx.write("named.json", scenario), "-o", log])
        XCTAssertEqual(sim.status, 0, sim.stderr)

        // #2: the dismiss sent to the detail while its presentation runs.
        let dismiss = try PInspectBinary.run(["explain", "2", log])
        XCTAssertEqual(dismiss.status, 0, dismiss.stderr)
        let text = dismiss.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(text.contains("dismiss was called on DetailViewController (detail)."), text)
        XCTAssertTrue(text.contains("UIKit hands the dismiss sent to DetailViewController (detail) to RootViewController (root) (rule 7), which refuses it"), text)
        XCTAssertTrue(text.contains("Attempt to dismiss from view controller <RootViewController: root> while a presentation or dismiss is in progress!"), text)

        // The anchorless popover: the log's last present.
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { try? JSONParser.parse(String($0)).objectValue }
        let seq = try XCTUnwrap(lines.last { $0["kind"]?.stringValue == "present" }?["seq"]?.intValue)
        let popover = try PInspectBinary.run(["explain", "--json", String(seq), log])
        XCTAssertEqual(popover.status, 0, popover.stderr)
        let object = try XCTUnwrap(JSONParser.parse(popover.stdout).objectValue)
        let steps = object["steps"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertTrue(steps.contains { $0.contains("MenuViewController (menu) is shown as a popover")
            && $0.contains("naming its popover presentation controller <UIPopoverPresentationController: menu.popoverPresentationController>") }, "\(steps)")

        let html = try PInspectBinary.run(["convert", "--to", "html", log])
        XCTAssertEqual(html.status, 0, html.stderr)
        // The report's data (labels templated, `<` escaped) carries the step and the message; its
        // detail panel shows the event's receiver and `handled by` beside them.
        XCTAssertTrue(html.stdout.contains("which refuses it: a present or dismiss transition is still running in this window. UIKit's message names "))
        XCTAssertTrue(html.stdout.contains(#"UIPopoverPresentationController (\u003cUIPopoverPresentationController: menu.popoverPresentationController>) should have"#))
    }
}
