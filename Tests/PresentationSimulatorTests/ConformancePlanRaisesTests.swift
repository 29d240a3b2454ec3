import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// What UIKit raises for outside the model's rules never reaches UIKit in a conformance run: the
/// run happens inside the app, which must survive it.
final class ConformancePlanRaisesTests: XCTestCase {
    private let controllers = """
    [ { "id": "root", "type": "UINavigationController", "children": ["list"] },
      { "id": "list", "type": "ListViewController" },
      { "id": "innerNav", "type": "UINavigationController", "children": ["inner"] },
      { "id": "inner", "type": "InnerViewController" },
      { "id": "page", "type": "PageViewController" },
      { "id": "curl", "type": "CurlViewController", "modalTransitionStyle": "partialCurl" },
      { "id": "fullCurl", "type": "CurlViewController", "modalPresentationStyle": "fullScreen", "modalTransitionStyle": "partialCurl" },
      { "id": "none", "type": "NoneViewController", "modalPresentationStyle": "none" } ]
    """

    private func plan(_ steps: [String], controllers: String? = nil) throws -> ConformancePlan {
        ConformancePlan(try Scenario.parse(scenarioJSON(controllers: controllers ?? self.controllers, steps: steps), file: "t.json"))
    }

    func testAPartialCurlOutsideFullScreenIsNotPresented() throws {
        let p = try plan([#"{ "present": "curl", "from": "list" }"#, #"{ "dismiss": "curl" }"#,
                          #"{ "present": "fullCurl", "from": "list" }"#])
        XCTAssertEqual(p.skipped.map(\.index), [0])
        XCTAssertTrue(p.skipped.first?.reason.contains("partial curl") == true, "\(p.skipped)")
        XCTAssertEqual(p.scenario.steps.map(\.action), [.dismiss("curl", animated: true), .present("fullCurl", from: "list", animated: true)],
                       "a partial curl in fullScreen is UIKit's to run")
    }

    func testThePresentationStyleNoneIsNotPresented() throws {
        let p = try plan([#"{ "present": "none", "from": "list" }"#])
        XCTAssertEqual(p.skipped.map(\.index), [0])
        XCTAssertTrue(p.skipped.first?.reason.contains("style none") == true, "\(p.skipped)")
    }

    func testANavigationControllerIsNotPushedOntoAnother() throws {
        let p = try plan([#"{ "push": "innerNav", "onto": "root" }"#, #"{ "addChild": "innerNav", "to": "root" }"#,
                          #"{ "push": "page", "onto": "root" }"#])
        XCTAssertEqual(p.skipped.map(\.index), [0, 1])
        XCTAssertTrue(p.skipped.allSatisfy { $0.reason.contains("navigation controller pushed") }, "\(p.skipped)")
        XCTAssertEqual(p.scenario.steps.map(\.action), [.push("page", onto: "root", animated: true)])
    }

    /// A declared navigation controller inside another cannot even be built: nothing runs.
    @MainActor
    func testAScenarioUIKitCannotBuildIsNotRunAtAll() async throws {
        let nested = controllers.replacingOccurrences(of: #""children": ["list"]"#, with: #""children": ["list", "innerNav"]"#)
        let scenario = try Scenario.parse(scenarioJSON(controllers: nested, steps: [#"{ "present": "inner", "from": "list" }"#]), file: "t.json")
        let p = ConformancePlan(scenario)
        XCTAssertEqual(p.refusal, "UIKit raises when it builds it: navigation controller innerNav is a child of navigation controller root")
        XCTAssertEqual(p.scenario.steps.count, 0)
        let world = RecordingWorld()
        let comparison = await ConformanceRunner.run(scenario, in: world)
        XCTAssertFalse(world.loaded, "the world never builds it")
        XCTAssertEqual(comparison.skipped, ["not run: " + (p.refusal ?? "")])
    }
}

/// A world that only notes what it is asked to do.
@MainActor
private final class RecordingWorld: ConformanceWorld {
    private(set) var loaded = false
    let fixedHorizontalSizeClass: SizeClass? = nil
    func load(_ scenario: Scenario) async throws { loaded = true }
    func perform(_ step: Scenario.Step) async throws {}
    func settle() async {}
    func recordedEvents() -> [Event] { [] }
    func tearDown() async {}
}
