@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// A window whose root hangs `depth` controllers deep (tab bar, navigation and plain
/// containers in turn, then a leaf view controller) and a controller to present from the leaf:
/// the hierarchies the recording benchmark runs on.
@_spi(Package) public struct DeepHierarchy {
    @_spi(Package) public let simulation: Simulation
    /// The innermost controller: the source of every `present`.
    @_spi(Package) public let leaf: SimController
    /// The controller presented and dismissed.
    @_spi(Package) public let presented: SimController

    /// Builds the hierarchy in a new simulation recording into `recorder`.
    @_spi(Package) public init(depth: Int, recorder: Recorder, configuration: HandlerConfiguration) {
        precondition(depth >= 1)
        let sim = Simulation(recorder: recorder, configuration: configuration)
        let types = ["UITabBarController", "UINavigationController", "ContainerViewController"]
        var parent: SimController?
        var root: SimController?
        for level in 0..<(depth - 1) {
            let type = types[level % types.count]
            let c = SimController(id: "c\(level)", type: type, title: level % 2 == 0 ? "Level \(level)" : nil,
                                  container: type == "ContainerViewController" ? .plain : nil)
            try! sim.add(c)
            if let parent { try! sim.addChild(c, to: parent) } else { root = c }
            parent = c
        }
        let leaf = SimController(id: "leaf", type: "LeafViewController", title: "Leaf")
        try! sim.add(leaf)
        if let parent { try! sim.addChild(leaf, to: parent) }
        try! sim.addWindow(id: "main", root: root ?? leaf, isKey: true)
        let presented = SimController(id: "detail", type: "DetailViewController", title: "Detail")
        try! sim.add(presented)
        self.simulation = sim
        self.leaf = leaf
        self.presented = presented
    }
}

/// Realistic events: the built-in scenarios (every kind of event and diagnostic), run again
/// and again into one recorder.
@_spi(Package) public enum EventMix {
    /// The built-in scenarios, parsed once.
    @_spi(Package) public static let scenarios: [Scenario] = BuiltInScenarios.all.map { try! $0.scenario() }

    /// Runs every built-in scenario once more, in a fresh simulation recording into `recorder`.
    @_spi(Package) public static func runOnce(into recorder: Recorder) {
        let sim = Simulation(recorder: recorder)
        for s in scenarios { try! sim.run(s) }
    }

    /// Events one round of the mix records.
    @_spi(Package) public static let eventsPerRound: Int = {
        let r = Recorder(capacity: 100_000)
        runOnce(into: r)
        return r.snapshot().totalRecorded
    }()

    /// Records at least `count` more events into `recorder` (whole scenario rounds).
    @_spi(Package) public static func record(atLeast count: Int, into recorder: Recorder) {
        for _ in 0..<((count + eventsPerRound - 1) / eventsPerRound) { runOnce(into: recorder) }
    }

    /// One round of the mix, as events (seq from 1).
    @_spi(Package) public static func oneRound() -> [Event] {
        let r = Recorder(capacity: 100_000)
        runOnce(into: r)
        return r.events
    }

    /// Exactly `count` events: the mix repeated, seq renumbered 1…count and times shifted so
    /// that they keep increasing. As in one long recording, the controllers' facts are on their
    /// first events only: a repeated round names controllers the recording knows already.
    @_spi(Package) public static func events(_ count: Int) -> [Event] {
        let round = oneRound()
        let span = (round.last?.time ?? 0) + 1
        var out: [Event] = []
        out.reserveCapacity(count)
        var i = 0
        while out.count < count {
            var e = round[i % round.count]
            let lap = i / round.count
            e.seq = i + 1
            e.time += Double(lap) * span
            if let r = e.relatesTo { e.relatesTo = r + lap * round.count }
            if lap > 0 { e.facts = [] }
            out.append(e)
            i += 1
        }
        return out
    }
}
