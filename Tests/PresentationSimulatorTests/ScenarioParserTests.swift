import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// Scenario files: DESIGN's format, and errors that name the file, the step and the key.
final class ScenarioParserTests: XCTestCase {
    private func error(_ json: String) -> String {
        do {
            _ = try Scenario.parse(json, file: "bad.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    private let root = #"[ { "id": "root", "type": "RootViewController" }, { "id": "p", "type": "PViewController" } ]"#
    private let window = #"[ { "id": "main", "root": "root" } ]"#

    private func withSteps(_ steps: String) -> String {
        #"{ "name": "x", "controllers": \#(root), "windows": \#(window), "steps": \#(steps) }"#
    }

    func testEveryBuiltInScenarioParsesAndRuns() throws {
        let sim = Simulation()
        for s in BuiltInScenarios.all {
            let scenario = try s.scenario()
            XCTAssertFalse(scenario.steps.isEmpty, s.key)
            try sim.run(scenario)
        }
        XCTAssertGreaterThan(sim.recorder.events.count, 50)
    }

    func testTheDesignExampleParses() throws {
        let s = try Scenario.parse("""
        { "name": "camera chain",
          "environment": { "idiom": "phone", "horizontalSizeClass": "compact" },
          "controllers": [
            { "id": "root", "type": "CameraViewController" },
            { "id": "photos", "type": "UINavigationController", "children": ["library"],
              "modalPresentationStyle": "fullScreen", "modalTransitionStyle": "coverVertical",
              "definesPresentationContext": false, "providesPresentationContextTransitionStyle": false,
              "isModalInPresentation": false, "title": "Photos" },
            { "id": "library", "type": "PhotoLibraryViewController" } ],
          "windows": [ { "id": "main", "root": "root", "level": 0, "key": true } ],
          "steps": [
            { "present": "photos", "from": "root", "animated": true },
            { "advance": 0.5 },
            { "dismiss": "library", "animated": false } ] }
        """)
        XCTAssertEqual(s.name, "camera chain")
        XCTAssertEqual(s.environment.horizontalSizeClass, .compact)
        XCTAssertEqual(try s.controllers.element(1).children, ["library"])
        XCTAssertEqual(try s.controllers.element(1).definesPresentationContext, false)
        XCTAssertEqual(s.steps.map(\.action), [.present("photos", from: "root", animated: true), .advance(0.5), .dismiss("library", animated: false)])
    }

    func testUnknownStepKeyNamesStepAndKey() {
        XCTAssertEqual(error(withSteps(#"[ { "advance": 1 }, { "present": "p", "form": "root" } ]"#)),
                       #"bad.json:1:221: steps[1] (present) key "form": unknown key (expected one of: animated, comment, from, observed, observedAtEnd, present, thread)"#)
    }

    func testUnknownControllerIDNamesStepAndKey() {
        XCTAssertEqual(error(withSteps(#"[ { "present": "p", "from": "nobody" } ]"#)),
                       #"bad.json:1:203: steps[0] (present) key "from": unknown controller id "nobody""#)
    }

    func testWrongTypeNamesStepAndKey() {
        XCTAssertEqual(error(withSteps(#"[ { "present": "p", "from": "root", "animated": "yes" } ]"#)),
                       #"bad.json:1:219: steps[0] (present) key "animated": must be true or false, found a string"#)
        XCTAssertEqual(error(withSteps(#"[ { "advance": "soon" } ]"#)),
                       #"bad.json:1:187: steps[0] (advance) key "advance": must be a number, found a string"#)
    }

    func testStepWithoutOrWithTwoActions() {
        XCTAssertEqual(error(withSteps(#"[ { "from": "root" } ]"#)),
                       #"bad.json:1:187: steps[0] key "from": a step needs exactly one of: present, dismiss, push, pop, select, addChild, removeFromParent, set, advance, swipeDown, release, startRecording, selectDetent"#)
        XCTAssertEqual(error(withSteps(#"[ { "present": "p", "dismiss": "p", "from": "root" } ]"#)),
                       #"bad.json:1:203: steps[0] key "dismiss": a step has one action; found both "present" and "dismiss""#)
    }

    func testControllerErrors() {
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "A" }, { "id": "a", "type": "B" } ], "windows": [] }"#),
                       #"bad.json:1:50: controllers[1] key "id": duplicate controller id "a""#)
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "A", "modalPresentationStyle": "sideways" } ], "windows": [] }"#),
                       #"bad.json:1:46: controllers[0] key "modalPresentationStyle": unknown presentation style "sideways" (expected one of: fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, none, automatic)"#)
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "A", "children": ["b"] }, { "id": "b", "type": "B" } ], "windows": [] }"#),
                       #"bad.json:1:46: controllers[0] key "children": a has children but is no container: set "container" (navigation, tabBar, split, plain) or use a UIKit container type"#)
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "A", "colour": "red" } ], "windows": [] }"#).hasPrefix(#"bad.json:1:46: controllers[0] key "colour": unknown key"#), true)
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "A" } ], "windows": [], "stepz": [] }"#).hasPrefix(#"bad.json:1:65: key "stepz": unknown key"#), true)
    }

    func testHostileHierarchies() {
        let cycle = #"""
        { "controllers": [ { "id": "a", "type": "A", "container": "plain", "children": ["b"] },
                           { "id": "b", "type": "B", "container": "plain", "children": ["a"] } ], "windows": [] }
        """#
        XCTAssertTrue(error(cycle).contains("cycle through"), error(cycle))
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "A", "container": "plain", "children": ["a"] } ], "windows": [] }"#),
                       #"bad.json:1:68: controllers[0] key "children": a cannot be its own child"#)
        let twoParents = #"""
        { "controllers": [ { "id": "a", "type": "A", "container": "plain", "children": ["c"] },
                           { "id": "b", "type": "B", "container": "plain", "children": ["c"] }, { "id": "c", "type": "C" } ], "windows": [] }
        """#
        XCTAssertEqual(error(twoParents), #"bad.json:2:68: controllers[1] key "children": "c" is already a child of "a"; a controller has one parent"#)
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "UITabBarController", "children": [], "selected": 3 } ], "windows": [] }"#), "no error")
        // A number that is no usable integer is quoted.
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "UITabBarController", "children": [], "selected": 1.5 } ], "windows": [] }"#),
                       #"bad.json:1:79: controllers[0] key "selected": must be an integer, found 1.5"#)
        XCTAssertEqual(error(#"{ "controllers": [ { "id": "a", "type": "UITabBarController", "children": [], "selected": 1e308 } ], "windows": [] }"#),
                       #"bad.json:1:79: controllers[0] key "selected": is out of range: 1e+308"#)
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertTrue(error(deep).contains("nesting deeper than 256 levels"), error(deep))
    }

    func testWindowErrors() {
        XCTAssertEqual(error(#"{ "controllers": \#(root), "windows": [ { "id": "w", "root": "ghost" } ] }"#),
                       #"bad.json:1:138: windows[0] key "root": unknown controller id "ghost""#)
        XCTAssertEqual(error(#"{ "controllers": \#(root), "windows": [ { "id": "w", "root": "root" }, { "id": "v", "root": "root" } ] }"#),
                       #"bad.json:1:169: windows[1] key "root": "root" is already the root of another window"#)
    }

    func testInvalidJSONGivesLineAndColumn() {
        XCTAssertEqual(error("{\n  \"name\": \"x\",\n  \"controllers\": [ oops ]\n}"),
                       "bad.json:3:20: invalid JSON: unexpected character 'o'")
        XCTAssertEqual(error(""), "bad.json:1:1: invalid JSON: unexpected end of input")
    }

    func testRuntimeErrorsNameStepAndKey() throws {
        let json = #"{ "controllers": [ { "id": "root", "type": "R" }, { "id": "nav", "type": "N" } ], "windows": \#(window), "steps": [ { "push": "root", "onto": "nav" } ] }"#
        let scenario = try Scenario.parse(json, file: "run.json")
        XCTAssertThrowsError(try Simulation().run(scenario)) { e in
            XCTAssertEqual("\(e)", #"run.json:1: steps[0] (push) key "onto": nav (N) is not a navigation controller"#)
        }
        let released = #"{ "controllers": \#(root), "windows": \#(window), "steps": [ { "release": "p" }, { "present": "p", "from": "root" } ] }"#
        XCTAssertThrowsError(try Simulation().run(try Scenario.parse(released, file: "r.json"))) { e in
            XCTAssertEqual("\(e)", #"r.json:1: steps[1] (present) key "present": controller "p" no longer exists (it was released and deallocated)"#)
        }
    }

    /// Every error names the line of what it names: the key, the element, or the object that
    /// lacks a required key; a key given twice, where it appears the second time.
    func testErrorsNameTheLineOfTheKey() throws {
        let controllers = """
        {
          "controllers": [
            { "id": "root", "type": "R" },
            { "id": "p", "type": "P" }
          ],
          "windows": [ { "id": "w", "root": "root" } ],
          "steps": [
            { "present": "p", "from": "root" },
            { "dismiss": "p",
              "observed": { "dismissed": [
                "p",
                7 ] } }
          ]
        }
        """
        XCTAssertEqual(error(controllers), #"bad.json:12:9: steps[1] (dismiss) key "observed.dismissed[1]": must be a declared controller id, found a number"#)
        XCTAssertEqual(error(controllers.replacingOccurrences(of: "\"from\": \"root\"", with: "\"from\": \"root\",\n \"from\": \"p\"")),
                       #"bad.json:9:2: steps[0] key "from": appears twice"#)
        XCTAssertEqual(error(controllers.replacingOccurrences(of: #"{ "id": "p", "type": "P" }"#, with: #"{ "id": "p" }"#)),
                       #"bad.json:4:5: controllers[1] key "type": is required"#)
        XCTAssertEqual(error(controllers.replacingOccurrences(of: #""observed": {"#, with: #""observed": { "style": 1,"#)),
                       #"bad.json:10:21: steps[1] (dismiss) key "observed.style": unknown key (expected one of: comment, dismissed, handledBy)"#)
    }

    /// An error that running a step finds names the line the step starts on.
    func testRuntimeErrorsNameTheStepsLine() throws {
        let json = """
        { "controllers": [ { "id": "root", "type": "R" }, { "id": "nav", "type": "N" } ],
          "windows": [ { "id": "w", "root": "root" } ],
          "steps": [
            { "advance": 1 },

            { "push": "root",
              "onto": "nav" }
          ] }
        """
        XCTAssertThrowsError(try Simulation().run(try Scenario.parse(json, file: "run.json"))) { e in
            XCTAssertEqual("\(e)", #"run.json:6: steps[1] (push) key "onto": nav (N) is not a navigation controller"#)
        }
    }

    func testMissingFile() {
        XCTAssertThrowsError(try Scenario.load(path: "/nonexistent/x.json")) { e in
            XCTAssertEqual("\(e)", "/nonexistent/x.json: no such file")
        }
    }
}
