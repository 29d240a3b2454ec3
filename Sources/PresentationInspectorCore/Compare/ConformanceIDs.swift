/// Translates a device recording into a scenario's terms: the conformance run builds real
/// controllers for a scenario's ids, and compares what UIKit did with the model by those ids.
@_spi(Package) public struct ConformanceIDs: Sendable {
    private var controllers: [String: ControllerRef] = [:]
    private var windows: [String: String] = [:]

    /// An empty table.
    @_spi(Package) public init() {}

    /// Records that the device controller `deviceID` (`0x…`) stands for `scenarioRef`.
    @_spi(Package) public mutating func add(controller deviceID: String, as scenarioRef: ControllerRef) { controllers[deviceID] = scenarioRef }

    /// Records that the device window `deviceID` stands for the scenario's window `scenarioID`.
    @_spi(Package) public mutating func add(window deviceID: String, as scenarioID: String) { windows[deviceID] = scenarioID }

    /// The run's events in scenario terms: presents and dismissals (leak checks depend on time,
    /// not on rules) that involve a controller of the run; other controllers (the app's own,
    /// UIKit's internal ones) keep their device reference.
    @_spi(Package) public func translate(_ events: [Event]) -> [Event] {
        events.compactMap { e in
            guard e.kind != .leakCheck, e.controllers.contains(where: { controllers[$0.id] != nil }) else { return nil }
            var t = e.mappingControllers { controllers[$0.id] ?? $0 }
            t.window = e.window.map { windows[$0] ?? $0 }
            t.observed?.window = e.observed?.window.map { windows[$0] ?? $0 }
            return t
        }
    }
}
