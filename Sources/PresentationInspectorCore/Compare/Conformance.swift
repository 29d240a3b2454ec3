/// How far UIKit agrees with the model on one scenario: the conformance run's result.
///
/// The model's side is a simulation of the scenario; UIKit's side is the recording of the same
/// steps on real controllers, its controller ids translated to the scenario's. UIKit's events
/// are compared *as observed* (``Event/asObserved``): where the hooks saw what UIKit did, that
/// is the fact compared, not the prediction the event also carries.
@_spi(Package) public struct ConformanceComparison: Sendable {
    /// The scenario's name.
    @_spi(Package) public var scenario: String
    /// Steps not run on either side, with why (`steps[4] (swipeDown): …`).
    @_spi(Package) public var skipped: [String]
    /// What the run changed in the scenario (a size class the device could not take), one sentence each.
    @_spi(Package) public var notes: [String]
    /// The model (`a`) against UIKit as observed (`b`).
    @_spi(Package) public var diff: LogDiff

    /// Compares the model's events with UIKit's (ids already the scenario's).
    ///
    /// `observedOnlyStyles`: the ids of controllers whose style the model does not predict (an
    /// alert, an action sheet in compact width: DESIGN "System controllers"). Their presents'
    /// effective style is not compared — it reads none on both sides — as it never makes a
    /// `model-drift` on a device.
    @_spi(Package) public init(scenario: String, model: [Event], uikit: [Event], skipped: [String] = [], notes: [String] = [],
                observedOnlyStyles: Set<String> = []) {
        self.scenario = scenario
        self.skipped = skipped
        self.notes = notes
        func comparable(_ e: Event) -> Event {
            guard e.kind == .present || e.kind == .presentCompleted, let p = e.presented, observedOnlyStyles.contains(p.id) else { return e }
            var e = e
            e.effectiveStyle = nil
            return e
        }
        // The ten recorded facts only: UIKit's observations are already in place (`asObserved`), and
        // the model's chain is not one of the facts a conformance run verifies.
        diff = LogDiff(model.map(comparable), uikit.map(\.asObserved).map(comparable), comparing: [])
    }

    /// "UIKit agrees with the model on 47/50 facts".
    @_spi(Package) public var summary: String {
        "UIKit agrees with the model on \(diff.factsAgreeing)/\(diff.factsCompared) facts"
    }
}

extension Event {
    /// The event as UIKit reported it: every observed field in place of the model's prediction,
    /// without the `model-drift` diagnostics that compared the two.
    @_spi(Package) public var asObserved: Event {
        guard let o = observed else { return self }
        var e = self
        e.observed = nil
        e.diagnostics.removeAll { $0.code == .modelDrift }
        if let v = o.outcome { e.outcome = v }
        if let v = o.presenting { e.presenting = v }
        if let v = o.contextProvider { e.contextProvider = v }
        if let v = o.effectiveStyle { e.effectiveStyle = v }
        if let v = o.effectiveTransition { e.effectiveTransition = v }
        if let v = o.window { e.window = v }
        if let v = o.dismissed { e.dismissed = v }
        if let v = o.handledBy { e.handledBy = v }
        return e
    }
}

/// The conformance run of several scenarios: what a maintainer with a device sends back
/// (`PresentationInspector.runConformance(_:)` on iOS returns it).
public struct ConformanceReport: Sendable {
    /// One comparison per scenario, in the order they ran.
    @_spi(Package) public var results: [ConformanceComparison]
    /// Where it ran (`system`, `model`, `idiom`), from the log header.
    public var device: [String: String]

    /// Creates a report.
    @_spi(Package) public init(results: [ConformanceComparison], device: [String: String] = [:]) {
        self.results = results
        self.device = device
    }

    /// Facts compared and agreed on, over every scenario.
    public var factsCompared: Int { results.reduce(0) { $0 + $1.diff.factsCompared } }
    /// The facts UIKit and the model agree on, over every scenario.
    public var factsAgreeing: Int { results.reduce(0) { $0 + $1.diff.factsAgreeing } }

    /// A text report: a line per scenario, its differences, its skipped steps, then a total.
    public func text() -> String {
        var out = ""
        if !device.isEmpty { out += "device: " + device.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "\n" }
        for r in results {
            out += "\(r.scenario): \(r.summary)\n"
            if !r.diff.isEquivalent {
                for line in r.diff.text(nameA: "model", nameB: "UIKit").split(separator: "\n").dropLast() { out += "  \(line)\n" }
            }
            for n in r.notes { out += "  note: \(n)\n" }
            for s in r.skipped { out += "  skipped \(s)\n" }
        }
        out += "total: UIKit agrees with the model on \(factsAgreeing)/\(factsCompared) facts in \(results.count) scenario\(results.count == 1 ? "" : "s")\n"
        return out
    }

    /// A JSON object for machines: `device`, `factsCompared`, `factsAgreeing`, and per scenario
    /// its summary, skipped steps and `pinspect diff --json`'s object.
    public func json() -> String {
        var w = JSONWriter()
        w.beginObject()
        w.key("device"); w.beginObject()
        for (key, value) in device.sorted(by: { $0.key < $1.key }) { w.key(escaping: key); w.string(value) }
        w.endObject()
        w.field("factsCompared", factsCompared)
        w.field("factsAgreeing", factsAgreeing)
        w.key("scenarios"); w.beginArray()
        for r in results {
            w.beginObject()
            w.field("scenario", r.scenario)
            w.field("factsCompared", r.diff.factsCompared)
            w.field("factsAgreeing", r.diff.factsAgreeing)
            w.key("skipped"); w.beginArray(); for s in r.skipped { w.string(s) }; w.endArray()
            w.key("notes"); w.beginArray(); for n in r.notes { w.string(n) }; w.endArray()
            w.key("diff"); w.embedded(r.diff.json())
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }
}
