import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// A scenario built in code is not checked by the parser: a name it does not declare ends the
/// load with an error naming the key, not with a crash.
final class ScenarioLoadTests: XCTestCase {
    private func scenario(child: String = "list", root: String = "nav") -> Scenario {
        var s = Scenario(name: "in code")
        var nav = Scenario.Controller(id: "nav", type: "UINavigationController")
        nav.children = [child]
        s.controllers = [nav, Scenario.Controller(id: "list", type: "ListViewController")]
        s.windows = [Scenario.Window(id: "main", root: root)]
        return s
    }

    func testADeclaredScenarioLoads() throws {
        let sim = Simulation()
        try sim.load(scenario())
        XCTAssertEqual(sim.visibleControllerIDs(), ["nav", "list"])
    }

    func testAnUndeclaredChildIsAnError() {
        XCTAssertThrowsError(try Simulation().load(scenario(child: "ghost"))) { error in
            XCTAssertEqual((error as? SimulationError)?.key, "children")
            XCTAssertEqual((error as? SimulationError)?.message, #"controller "ghost" is not declared"#)
        }
    }

    func testAnUndeclaredWindowRootIsAnError() {
        XCTAssertThrowsError(try Simulation().load(scenario(root: "ghost"))) { error in
            XCTAssertEqual((error as? SimulationError)?.key, "root")
        }
    }
}
