import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// Runs a scenario written inline and gives access to its events and controllers.
struct Run {
    let simulation: Simulation
    var events: [Event] { simulation.recorder.events }
    var presents: [Event] { events.filter { $0.kind == .present } }
    var dismisses: [Event] { events.filter { $0.kind == .dismiss } }
    func c(_ id: String) -> SimController { simulation.controller(id)! }
    func ids(_ refs: [ControllerRef]) -> [String] { refs.map(\.id) }
    /// The chain of window `w`, root first, as ids (none: no such window, which the test's
    /// comparison then reports).
    func chain(_ w: String) -> [String] {
        simulation.windowChains().first { $0.id == w }?.chain.map(\.id) ?? []
    }
}

/// Builds a scenario from controller and window JSON and a list of step JSON objects.
func scenarioJSON(env: String = #"{ "idiom": "phone" }"#, controllers: String, windows: String = #"[ { "id": "main", "root": "root", "key": true } ]"#, steps: [String]) -> String {
    """
    { "name": "test", "environment": \(env), "controllers": \(controllers), "windows": \(windows),
      "steps": [\(steps.joined(separator: ",\n"))] }
    """
}

func simulate(_ json: String, configuration: HandlerConfiguration = HandlerConfiguration(), file: StaticString = #filePath, line: UInt = #line) throws -> Run {
    let scenario = try Scenario.parse(json, file: "test.json")
    let sim = Simulation(configuration: configuration)
    try sim.run(scenario)
    return Run(simulation: sim)
}

/// A tab bar (root) with a navigation controller (list → detail) in tab 0 and another in tab 1.
let tabbedControllers = """
[ { "id": "root", "type": "UITabBarController", "children": ["nav", "otherNav"] },
  { "id": "nav", "type": "UINavigationController", "children": ["list"] },
  { "id": "list", "type": "ListViewController", "title": "List" },
  { "id": "otherNav", "type": "UINavigationController", "children": ["other"] },
  { "id": "other", "type": "OtherViewController" },
  { "id": "sheet", "type": "SheetViewController" },
  { "id": "full", "type": "FullViewController", "modalPresentationStyle": "fullScreen" },
  { "id": "ctx", "type": "ContextViewController", "modalPresentationStyle": "currentContext", "modalTransitionStyle": "crossDissolve" },
  { "id": "overCtx", "type": "OverViewController", "modalPresentationStyle": "overCurrentContext" },
  { "id": "a", "type": "AViewController" },
  { "id": "b", "type": "BViewController" },
  { "id": "c", "type": "CViewController" } ]
"""
