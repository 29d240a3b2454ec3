import Foundation
import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// The scenario keys of system controllers: errors that name the file, the place and the key.
final class SystemControllerScenarioTests: XCTestCase {
    private func error(_ json: String) -> String {
        do {
            _ = try Scenario.parse(json, file: "bad.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    private func controller(_ fields: String, env: String = #"{ "idiom": "pad" }"#) -> String {
        #"{ "environment": \#(env), "controllers": [ { "id": "a", \#(fields) } ], "windows": [] }"#
    }

    func testTheKeysReadAsDeclared() throws {
        let s = try Scenario.parse(controller(#""type": "SwiftUI.PlatformAlertController", "systemController": "UIAlertController", "preferredStyle": "alert", "popoverAnchor": "sourceItem""#,
                                              env: #"{ "idiom": "pad", "iOS": "17.4.1" }"#))
        XCTAssertEqual(s.environment.systemVersion, SystemVersion(major: 17, minor: 4))
        XCTAssertEqual(try s.controllers.element(0).systemController, .alertController)
        XCTAssertEqual(try s.controllers.element(0).preferredStyle, .alert)
        XCTAssertEqual(try s.controllers.element(0).popoverAnchor, .anchored)
        XCTAssertEqual(try Scenario.parse(controller(#""type": "UIActivityViewController", "popoverAnchor": "none""#)).controllers.element(0).popoverAnchor, .missing)
    }

    func testBadValuesNameTheKey() {
        XCTAssertEqual(error(controller(#""type": "UIAlertController""#)),
                       #"bad.json:1:55: controllers[0] key "preferredStyle": is required for a UIAlertController: "alert" or "actionSheet""#)
        XCTAssertEqual(error(controller(#""type": "UIAlertController", "preferredStyle": "sheet""#)),
                       #"bad.json:1:97: controllers[0] key "preferredStyle": must be "alert" or "actionSheet", found "sheet""#)
        XCTAssertEqual(error(controller(#""type": "ListViewController", "preferredStyle": "alert""#)),
                       #"bad.json:1:98: controllers[0] key "preferredStyle": applies only to a UIAlertController (type "UIAlertController", or "systemController": "UIAlertController" for a subclass); a is a ListViewController"#)
        XCTAssertEqual(error(controller(#""type": "MyAlert", "systemController": "UIAlertView""#)),
                       #"bad.json:1:87: controllers[0] key "systemController": unknown system controller "UIAlertView" (expected one of: UIAlertController, UIActivityViewController, UIImagePickerController, UIDocumentPickerViewController, SFSafariViewController, MFMailComposeViewController, MFMessageComposeViewController, UISearchController, GroupActivitySharingController)"#)
        XCTAssertEqual(error(controller(#""type": "UIActivityViewController", "popoverAnchor": "finger""#)),
                       #"bad.json:1:104: controllers[0] key "popoverAnchor": unknown popover anchor "finger" (expected one of: sourceView, sourceItem, barButtonItem, none, unknown)"#)
        XCTAssertEqual(error(controller(#""type": "UIActivityViewController", "popoverAnchor": "sourceView", "hasPopoverAnchor": true"#)),
                       #"bad.json:1:104: controllers[0] key "popoverAnchor": give either hasPopoverAnchor or popoverAnchor, not both"#)
    }

    func testTheVersionIsCheckedAndBoundsTheAnchors() {
        XCTAssertEqual(error(controller(#""type": "UIActivityViewController", "popoverAnchor": "sourceItem""#, env: #"{ "iOS": "15.8" }"#)),
                       #"bad.json:1:103: controllers[0] key "popoverAnchor": sourceItem arrived with iOS 16; the environment names iOS 15.8: use sourceView or barButtonItem"#)
        for bad in ["7.1", "17.x", "", "100", "17..1", "1.2.3.4"] {
            XCTAssertEqual(error(controller(#""type": "A""#, env: #"{ "iOS": "\#(bad)" }"#)),
                           #"bad.json:1:20: environment key "iOS": must be an iOS version such as "17.4", found "\#(bad)"; the model covers iOS 15.0 or later (the package's deployment target; rules modelled up to iOS 26.2)"#, bad)
        }
        // Older than the package's deployment target: refused, never modelled as another version.
        for old in ["14.8", "9.3", "13"] {
            XCTAssertEqual(error(controller(#""type": "A""#, env: #"{ "iOS": "\#(old)" }"#)),
                           #"bad.json:1:20: environment key "iOS": iOS \#(SystemVersion(parsing: old)!) is older than the package supports: the model covers iOS 15.0 or later (the package's deployment target; rules modelled up to iOS 26.2)"#, old)
        }
        let set = #"""
        { "environment": { "iOS": "15.0" }, "controllers": [ { "id": "a", "type": "UIActivityViewController" } ], "windows": [],
          "steps": [ { "set": "a", "popoverAnchor": "sourceItem" } ] }
        """#
        XCTAssertEqual(error(set), #"bad.json:2:28: steps[0] (set) key "popoverAnchor": sourceItem arrived with iOS 16; the environment names iOS 15.0: use sourceView or barButtonItem"#)
    }

    /// Every `json` block of docs/SCENARIOS.md parses and runs; its system-controller example does what
    /// the guide says.
    func testTheScenarioGuidesExamplesRun() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/SCENARIOS.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        XCTAssertGreaterThanOrEqual(blocks.count, 2)
        for block in blocks {
            let scenario = try Scenario.parse(block, file: "SCENARIOS.md")
            let sim = Simulation()
            try sim.run(scenario)
            guard scenario.name == "photo options on iPad" else { continue }
            let presents = sim.recorder.events.filter { $0.kind == .present }
            XCTAssertEqual(presents.map(\.outcome), [.rejected, .presented, .presented])
            XCTAssertEqual(presents.map(\.effectiveStyle), [.popover, .popover, .custom])
            XCTAssertTrue(try presents.element(0).diagnostics.element(0).message.hasPrefix("Your application has presented a UIAlertController"))
        }
    }

    func testASetStepAnchorsAPopover() throws {
        let run = try simulate(scenarioJSON(env: #"{ "idiom": "pad" }"#, controllers: """
        [ { "id": "root", "type": "RootViewController" }, { "id": "share", "type": "UIActivityViewController" } ]
        """, steps: [
            #"{ "set": "share", "popoverAnchor": "barButtonItem" }"#,
            #"{ "present": "share", "from": "root", "animated": false }"#,
        ]))
        XCTAssertEqual(run.presents.first?.outcome, .presented)
    }
}
