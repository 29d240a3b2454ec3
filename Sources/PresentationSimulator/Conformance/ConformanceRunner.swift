@_spi(Package) import PresentationInspectorCore

/// Where a conformance run performs a scenario's steps: real UIKit controllers on a device
/// (`PresentationInspector.runConformance`), or a simulation standing in for UIKit in tests.
@MainActor
public protocol ConformanceWorld: AnyObject {
    /// Builds the scenario's controllers and windows.
    func load(_ scenario: Scenario) async throws
    /// Performs one step as the simulation does: at once, without waiting for its transition
    /// (steps of a scenario happen at the same instant unless an `advance` step waits), so
    /// calls made during a transition meet it on both sides.
    func perform(_ step: Scenario.Step) async throws
    /// Waits until every transition and completion of the run is over.
    func settle() async
    /// Everything recorded since ``load(_:)``, in scenario terms (see `ConformanceIDs`).
    func recordedEvents() -> [Event]
    /// Removes what ``load(_:)`` built.
    func tearDown() async
    /// The horizontal size class every window of this world has whatever the scenario says (UIKit
    /// before iOS 17 cannot give a window one), or nil when windows take the scenario's.
    var fixedHorizontalSizeClass: SizeClass? { get }
    /// The iOS version this world's UIKit runs (a device's own), or nil when it follows the
    /// scenario's: the model then predicts by that version's rules.
    var systemVersion: SystemVersion? { get }
}

extension ConformanceWorld {
    /// Windows take the scenario's size class.
    public var fixedHorizontalSizeClass: SizeClass? { nil }
    /// The scenario's version.
    public var systemVersion: SystemVersion? { nil }
}

/// Runs a scenario in a ``ConformanceWorld`` and in the model, and compares the two. On the
/// main actor, where UIKit's controllers live.
@MainActor
public enum ConformanceRunner {
    /// Plans `scenario`, performs the plan in `world`, simulates the same plan, and compares
    /// the model's events with the world's as observed. A step the world fails is reported
    /// among the skipped ones (the comparison then shows its events as missing).
    @_spi(Package) public static func run(_ scenario: Scenario, in world: some ConformanceWorld) async -> ConformanceComparison {
        let plan = ConformancePlan(scenario, horizontalSizeClass: world.fixedHorizontalSizeClass, systemVersion: world.systemVersion)
        if let refusal = plan.refusal {
            return ConformanceComparison(scenario: scenario.name, model: [], uikit: [], skipped: ["not run: \(refusal)"],
                                         notes: plan.notes, observedOnlyStyles: [])
        }
        var skipped = plan.skipped.map(\.description)
        let model = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil))
        do { try model.run(plan.scenario) } catch { skipped.append("the model cannot run it: \(error)") }
        do {
            try await world.load(plan.scenario)
            for (i, step) in plan.scenario.steps.enumerated() {
                do { try await world.perform(step) } catch { skipped.append("planned step \(i) (\(step.action.kindName)) failed: \(error)") }
            }
        } catch {
            skipped.append("could not build the scenario: \(error)")
        }
        await world.settle()
        let uikit = world.recordedEvents()
        await world.tearDown()
        let modelEvents = model.recorder.events.filter { $0.kind != .leakCheck }
        return ConformanceComparison(scenario: scenario.name, model: modelEvents, uikit: uikit, skipped: skipped, notes: plan.notes,
                                     observedOnlyStyles: observedOnlyStyles(of: plan.scenario))
    }

    /// The controllers of `scenario` whose style the model does not predict in its size classes:
    /// system controllers whose style Apple does not document there, and in a compact height
    /// every controller shown as a sheet (as the resolver reads them).
    nonisolated static func observedOnlyStyles(of scenario: Scenario) -> Set<String> {
        let environment = scenario.environment
        let sizeClass = SizeClass.rulesSee(horizontal: environment.horizontalSizeClass, vertical: environment.verticalSizeClass)
        return Set(scenario.controllers.filter { c in
            let kind = c.systemController ?? SystemControllerKind(name: c.type)
            guard SystemControllerKind.predictsStyle(kind, alertStyle: kind == .alertController ? c.preferredStyle : nil, sizeClass: sizeClass) else {
                return true
            }
            let style = PresentationResolver.effectiveStyle(c.modalPresentationStyle ?? .automatic, sizeClass: sizeClass,
                                                            version: environment.systemVersion).0
            return !style.isPredicted(inCompactHeight: environment.verticalSizeClass == .compact)
        }.map(\.id))
    }

    /// Runs every scenario in turn, each in a fresh world from `makeWorld`.
    @_spi(Package) public static func run<W: ConformanceWorld>(_ scenarios: [Scenario], device: [String: String] = [:],
                                                 makeWorld: () -> W) async -> ConformanceReport {
        var results: [ConformanceComparison] = []
        for s in scenarios { results.append(await run(s, in: makeWorld())) }
        return ConformanceReport(results: results, device: device)
    }

    /// The scenarios a conformance run uses by default: every built-in one, then the
    /// conformance's own (``ConformanceScenarios``).
    nonisolated public static func builtInScenarios() -> [Scenario] {
        (BuiltInScenarios.all + ConformanceScenarios.all).compactMap { try? $0.scenario() }
    }
}
