@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

extension PresentationRecording {
    /// Runs `body` against `simulation` and returns what it recorded.
    ///
    /// Animated transitions finish only when the virtual clock moves: call
    /// `simulation.advance(by:)` inside `body` (or `simulation.drain()`) before the end if the
    /// checks should see completions. The chains are the simulation's windows after `body`.
    ///
    /// ```swift
    /// let sim = Simulation()
    /// try sim.load(scenario)
    /// let recording = try PresentationRecording.capture(in: sim) {
    ///     sim.present(detail, from: list)
    ///     sim.advance(by: 0.5)
    /// }
    /// ```
    public static func capture(in simulation: Simulation, _ body: () throws -> Void) rethrows -> PresentationRecording {
        let before = simulation.recorder.events.last?.seq ?? 0
        try body()
        return PresentationRecording(events: events(in: simulation.recorder, after: before),
                                     chains: simulation.windowChains())
    }

    /// Runs `scenario` in a new simulation and returns its whole recording.
    public static func capture(running scenario: Scenario) throws -> PresentationRecording {
        let simulation = Simulation()
        return try capture(in: simulation) { try simulation.run(scenario) }
    }
}
