import XCTest
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// A stand-in for UIKit in conformance runs: a simulation that records observations as the
/// device hooks do and answers as the original scenario's `observed` objects say.
@MainActor
private final class SimulatedWorld: ConformanceWorld {
    let sim = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil, recordsObservations: true))
    /// Answers "UIKit" gives instead of the model's, by action.
    private var deviations: [(Scenario.Action, Scenario.Observed)]
    private(set) var performed: [Scenario.Action] = []
    private(set) var tornDown = false
    /// The size class this world's windows have whatever the scenario says (UIKit before iOS 17).
    let fixedHorizontalSizeClass: SizeClass?

    /// What this world's controllers are in fact (a device reading an anchor the scenario lacks).
    private let facts: (inout Scenario) -> Void
    /// The iOS version this world's "UIKit" runs, whatever the scenario says.
    private let runs: SystemVersion?
    /// Whether the world tells the run its version (a device does).
    private let tellsVersion: Bool
    var systemVersion: SystemVersion? { tellsVersion ? runs : nil }

    init(deviatingAs original: Scenario? = nil, sizeClass: SizeClass? = nil, runs: SystemVersion? = nil, tellsVersion: Bool = true,
         facts: @escaping (inout Scenario) -> Void = { _ in }) {
        deviations = original?.steps.compactMap { s in s.observed.map { (s.action, $0) } } ?? []
        fixedHorizontalSizeClass = sizeClass
        self.runs = runs
        self.tellsVersion = tellsVersion
        self.facts = facts
    }

    func load(_ scenario: Scenario) async throws {
        var scenario = scenario
        if let fixedHorizontalSizeClass { scenario.environment.horizontalSizeClass = fixedHorizontalSizeClass }
        if let runs { scenario.environment.systemVersion = runs }
        facts(&scenario)
        try sim.load(scenario)
    }
    func perform(_ step: Scenario.Step) async throws {
        var s = step
        if let i = deviations.firstIndex(where: { $0.0 == step.action }) { s.observed = deviations.remove(at: i).1 }
        performed.append(step.action)
        try sim.perform(s)
    }
    func settle() async { sim.drain() }
    func recordedEvents() -> [Event] { sim.recorder.events }
    func tearDown() async { tornDown = true }
}

final class ConformanceTests: XCTestCase {
    func testPlanLeavesOutWhatCannotRunOnUIKitAndSaysWhy() throws {
        let json = scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "nav" } }"#,
            #"{ "advance": 3600 }"#,
            #"{ "swipeDown": "sheet" }"#,
            #"{ "present": "a", "from": "root", "thread": "worker" }"#,
            #"{ "present": "nav", "from": "root" }"#,
            #"{ "dismiss": "sheet" }"#,
        ])
        let plan = ConformancePlan(try Scenario.parse(json, file: "t.json"))
        XCTAssertEqual(plan.skipped.map(\.index), [2, 3, 4])
        XCTAssertEqual(try plan.skipped.element(0).description, "steps[2] (swipeDown): a swipe cannot be performed by code; swipe by hand to compare")
        XCTAssertTrue(try plan.skipped.element(1).reason.contains("main thread"))
        let raises = try plan.skipped.element(2).reason
        XCTAssertTrue(raises.hasPrefix("UIKit raises here (active-controller)"), raises)
        XCTAssertEqual(plan.scenario.steps.map(\.action.kindName), ["present", "advance", "dismiss"])
        XCTAssertNil(try plan.scenario.steps.element(0).observed, "on a device UIKit answers for itself")
        XCTAssertEqual(try plan.scenario.steps.element(1).action, .advance(ConformancePlan.maximumWait))
    }

    @MainActor
    func testAWorldThatFollowsTheModelAgreesOnEveryFactOfEveryBuiltInScenario() async throws {
        let report = await ConformanceRunner.run(ConformanceRunner.builtInScenarios()) { SimulatedWorld() }
        XCTAssertEqual(report.results.count, BuiltInScenarios.all.count + ConformanceScenarios.all.count)
        for r in report.results {
            XCTAssertTrue(r.diff.isEquivalent, r.scenario + "\n" + r.diff.text(nameA: "model", nameB: "world"))
            XCTAssertGreaterThan(r.diff.factsCompared, 0, r.scenario)
        }
        XCTAssertEqual(report.factsAgreeing, report.factsCompared)
        XCTAssertTrue(report.text().hasSuffix("total: UIKit agrees with the model on \(report.factsCompared)/\(report.factsCompared) facts in \(report.results.count) scenarios\n"), report.text())
    }

    /// The run predicts by the rules of the iOS version the device runs: a world of iOS 17 and
    /// one of iOS 26 both agree on every built-in scenario, and one that does not say its
    /// version is compared with the newest rules (a default sheet: formSheet, not iOS 17's pageSheet).
    @MainActor
    func testTheRunPredictsByTheDevicesIOSVersion() async throws {
        for version in [SystemVersion(major: 17, minor: 4), SystemVersion(major: 26, minor: 2)] {
            let report = await ConformanceRunner.run(ConformanceRunner.builtInScenarios()) { SimulatedWorld(runs: version) }
            XCTAssertEqual(report.factsAgreeing, report.factsCompared, "iOS \(String(describing: version))\n" + report.text())
        }
        let sheet = try Scenario.parse(scenarioJSON(env: #"{ "idiom": "pad" }"#, controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list" }"#, #"{ "advance": 1 }"#,
        ]), file: "t.json")
        let silent = await ConformanceRunner.run(sheet, in: SimulatedWorld(runs: SystemVersion(major: 17, minor: 4), tellsVersion: false))
        XCTAssertTrue(silent.diff.differences.contains { $0.field == "effectiveStyle" }, silent.diff.text(nameA: "model", nameB: "world"))
        let told = await ConformanceRunner.run(sheet, in: SimulatedWorld(runs: SystemVersion(major: 17, minor: 4)))
        XCTAssertTrue(told.diff.isEquivalent, told.diff.text(nameA: "model", nameB: "world"))
        let named = ConformancePlan(try Scenario.parse(scenarioJSON(env: #"{ "iOS": "18.0" }"#, controllers: tabbedControllers, steps: []), file: "t.json"),
                                    systemVersion: SystemVersion(major: 17, minor: 4))
        XCTAssertEqual(named.notes, ["run by the rules of iOS 17.4, the device's, not the scenario's iOS 18.0"])
        XCTAssertEqual(named.scenario.environment.systemVersion, SystemVersion(major: 17, minor: 4))
    }

    @MainActor
    func testAWorldThatDiffersIsReportedFieldByField() async throws {
        let json = scenarioJSON(controllers: tabbedControllers, steps: [
            #"{ "present": "sheet", "from": "list", "observed": { "presenting": "nav", "effectiveStyle": "fullScreen" } }"#,
            #"{ "advance": 1 }"#,
            #"{ "dismiss": "sheet" }"#,
            #"{ "advance": 1 }"#,
        ])
        let scenario = try Scenario.parse(json, file: "t.json")
        let world = SimulatedWorld(deviatingAs: scenario)
        let r = await ConformanceRunner.run(scenario, in: world)
        XCTAssertTrue(world.tornDown)
        XCTAssertEqual(world.performed.count, 4)
        let fields = Set(r.diff.differences.map(\.field))
        XCTAssertTrue(fields.isSuperset(of: ["presenting", "effectiveStyle"]), "\(fields)")
        XCTAssertFalse(fields.contains("diagnostics"), "model-drift is how the device says it, not a difference in itself")
        XCTAssertLessThan(r.diff.factsAgreeing, r.diff.factsCompared)
        XCTAssertTrue(r.summary.hasPrefix("UIKit agrees with the model on "))
        let json2 = ConformanceReport(results: [r], device: ["system": "iOS 18.1"]).json()
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json2.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["factsCompared"] as? Int, r.diff.factsCompared)
        let first = try XCTUnwrap((parsed["scenarios"] as? [[String: Any]])?.first)
        XCTAssertEqual((first["diff"] as? [String: Any])?["equivalent"] as? Bool, false)
    }

    func testDeviceIDsAreTranslatedToTheScenarios() {
        var ids = ConformanceIDs()
        ids.add(controller: "0x1", as: ControllerRef(id: "root", type: "UITabBarController"))
        ids.add(controller: "0x2", as: ControllerRef(id: "sheet", type: "SheetViewController"))
        ids.add(window: "0xw", as: "main")
        var first = Event(time: 0, kind: .present, outcome: .presented, window: "0xw",
                          source: ControllerRef(id: "0x1", type: "UITabBarController"), presented: ControllerRef(id: "0x2", type: "UIViewController"),
                          presenting: ControllerRef(id: "0x1", type: "UITabBarController"))
        first.observed = Observation(presenting: ControllerRef(id: "0x1", type: "UITabBarController"), window: "0xw")
        let dev = [
            first,
            Event(time: 1, kind: .present, outcome: .presented, presented: ControllerRef(id: "0x9", type: "AppOwn")),
            Event(time: 2, kind: .leakCheck, outcome: .completed, dismissed: [ControllerRef(id: "0x2", type: "UIViewController")]),
        ]
        let t = ids.translate(dev)
        XCTAssertEqual(t.count, 1, "other controllers and leak checks are not part of the run")
        XCTAssertEqual(try t.element(0).presented, ControllerRef(id: "sheet", type: "SheetViewController"))
        XCTAssertEqual(try t.element(0).window, "main")
        XCTAssertEqual(try t.element(0).observed?.presenting?.id, "root")
        XCTAssertEqual(try t.element(0).observed?.window, "main")
    }

    /// Before iOS 17 the device keeps its own size class: the model is run in that one, and the
    /// report says so, rather than counting the device's adaptations as disagreements.
    @MainActor
    func testAWorldThatCannotTakeTheScenariosSizeClassIsComparedInItsOwn() async throws {
        let regular = ConformanceRunner.builtInScenarios().filter { $0.environment.horizontalSizeClass == .regular }
        XCTAssertFalse(regular.isEmpty, "a built-in scenario runs in the regular size class")
        let report = await ConformanceRunner.run(regular) { SimulatedWorld(sizeClass: .compact) }
        for r in report.results {
            XCTAssertTrue(r.diff.isEquivalent, r.scenario + "\n" + r.diff.text(nameA: "model", nameB: "world"))
            XCTAssertEqual(r.notes.count, 1, r.scenario)
            XCTAssertTrue(r.notes.first?.hasPrefix("run in the compact size class, not the scenario's regular") == true, "\(r.notes)")
        }
        XCTAssertTrue(report.text().contains("  note: run in the compact size class"), report.text())
        XCTAssertTrue(report.json().contains(#""notes":["run in the compact size class"#), report.json())
        let same = await ConformanceRunner.run(regular) { SimulatedWorld(sizeClass: .regular) }
        XCTAssertTrue(same.results.allSatisfy(\.notes.isEmpty), "a device already in the scenario's size class changes nothing")
    }

    /// The other-size-class warning is a fact the run compares: a device that records none for
    /// an anchorless action sheet (it read an anchor) disagrees with the model.
    @MainActor
    func testTheOtherSizeClassWarningIsComparedWithUIKits() async throws {
        let scenario = try BuiltInScenarios.systemControllers.scenario()
        let same = await ConformanceRunner.run(scenario, in: SimulatedWorld())
        XCTAssertTrue(same.diff.isEquivalent, same.diff.text(nameA: "model", nameB: "world"))
        let anchored = SimulatedWorld { s in
            if let i = s.controllers.firstIndex(where: { $0.id == "moreActions" }) { s.controllers[i].popoverAnchor = .anchored }
        }
        let r = await ConformanceRunner.run(scenario, in: anchored)
        let d = r.diff.differences.map { "\($0.a.presented?.id ?? "-") \($0.field): \($0.aValue) / \($0.bValue)" }
        XCTAssertEqual(d, ["moreActions diagnostics: other-size-class / none"])
    }

    /// An alert's style is observed only (Apple documents none): what UIKit reports for it is no
    /// disagreement, while a plain controller's style still is.
    @MainActor
    func testAnObservedOnlyStyleIsNoDisagreement() async throws {
        let controllers = """
        [ { "id": "root", "type": "UINavigationController", "children": ["list"] },
          { "id": "list", "type": "ListViewController" },
          { "id": "alert", "type": "UIAlertController", "preferredStyle": "alert" },
          { "id": "plain", "type": "PlainViewController" } ]
        """
        let scenario = try Scenario.parse(scenarioJSON(controllers: controllers, steps: [
            #"{ "present": "alert", "from": "list", "observed": { "effectiveStyle": "overFullScreen" } }"#,
            #"{ "advance": 1 }"#,
            #"{ "dismiss": "alert" }"#,
            #"{ "advance": 1 }"#,
            #"{ "present": "plain", "from": "list", "observed": { "effectiveStyle": "overFullScreen" } }"#,
        ]), file: "t.json")
        let r = await ConformanceRunner.run(scenario, in: SimulatedWorld(deviatingAs: scenario))
        let d = r.diff.differences.map { "\($0.a.kind.rawValue) \($0.a.presented?.id ?? "-") \($0.field)" }
        XCTAssertEqual(d, ["present plain effectiveStyle", "present-completed plain effectiveStyle"], r.diff.text(nameA: "model", nameB: "world"))
    }
}
