import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// The `set` step changes properties, not structure; asking it to change structure names what does.
final class ScenarioSetStepTests: XCTestCase {
    private func error(steps: String) -> String {
        let json = #"{ "controllers": [ { "id": "root", "type": "RootViewController" }, { "id": "p", "type": "PViewController" } ], "windows": [ { "id": "main", "root": "root" } ], "steps": \#(steps) }"#
        do { _ = try Scenario.parse(json, file: "set.json"); return "no error" } catch { return error.description }
    }

    func testStructuralKeysSayWhatChangesThem() {
        let cases = [("children", "use addChild, removeFromParent, push or pop"), ("selected", "use a select step"),
                     ("container", "give it in the controller's declaration"), ("leaks", "give it in the controller's declaration")]
        for (key, how) in cases {
            let message = error(steps: #"[ { "set": "p", "\#(key)": 1 } ]"#)
            XCTAssertTrue(message.contains("key \"\(key)\""), message)
            XCTAssertTrue(message.contains("cannot be changed by a set step (\(how))"), message)
            XCTAssertTrue(message.contains("set changes only: definesPresentationContext, detents, hasPopoverAnchor"), message)
        }
    }

    func testPropertiesStillSet() {
        XCTAssertEqual(error(steps: #"[ { "set": "p", "title": "New" } ]"#), "no error")
    }
}
