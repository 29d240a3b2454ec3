/// A scenario that ships with the simulator: the reference examples of Apple's guide, one that
/// triggers every diagnostic, and UIKit's alerts, action sheets and share sheets on an iPhone. `InspectorDemo` runs them; tests and golden files use them.
public struct BuiltInScenario: Sendable {
    /// Short key, also the file name stem (`camera-people-picker`).
    public var key: String
    /// What it shows and where it comes from.
    public var summary: String
    /// The scenario file's text, in DESIGN's format.
    public var json: String

    /// The parsed scenario (built-in scenarios always parse; a test guards that).
    public func scenario() throws(ScenarioError) -> Scenario {
        try Scenario.parse(json, file: "\(key).json")
    }
}

/// Every built-in scenario. Controller and window ids are unique across all of them, so they
/// can run one after another in a single simulation (and a single log).
public enum BuiltInScenarios {
    public static let all: [BuiltInScenario] = [calendar, camera, recipe, splitContext, tabContext, diagnostics, sheetsByVersion, systemControllers,
                                                drawer]

    /// The scenario with this key.
    public static func named(_ key: String) -> BuiltInScenario? { all.first { $0.key == key } }
}
