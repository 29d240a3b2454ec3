@_spi(Package) import PresentationInspectorCore

extension ScenarioReplay {
    /// At most this many kept events are named one by one; the rest are counted in one more gap.
    static let verifiedGapsNamed = 50

    /// The kept events `scenario` does not reproduce when it runs, beyond those `gaps` name
    /// already: a replay that differs from its recording is never silent.
    ///
    /// The comparison is the round trip's (`LogDiff` with every extra, seq by seq): each event
    /// `gaps` names is left out of the recording and numbers the kept events after it one lower,
    /// as the replay does.
    static func unreproduced(by scenario: Scenario, of events: [Event], gaps: [ReplayGap]) -> [ReplayGap] {
        let skipped = gaps.map(\.seq)
        let expected = events.filter { !skipped.contains($0.seq) }
        // Room for every event the replay may record: the ring must not drop what is compared.
        let run = Simulation(recorder: Recorder(capacity: max(expected.count, scenario.steps.count) * 4 + 64))
        var stop: String?
        // The scenario as its file holds it: its times, written and read back, are what a user runs
        // (a time's last bits can order two timers of one instant otherwise).
        do { try run.run(try Scenario.parse(scenario.jsonText, file: scenario.file)) } catch { stop = "\(error)" }
        let diff = LogDiff(expected, run.recorder.events)
        var fields: [Int: [LogDiff.FieldDifference]] = [:]
        for d in diff.differences { fields[d.a.seq, default: []].append(d) }
        var replayOf: [Int: Event] = [:]
        for p in diff.pairs { replayOf[p.a.seq] = p.b }

        var out: [ReplayGap] = []
        for e in expected {
            let seq = e.seq - skipped.count { $0 < e.seq }
            guard let b = replayOf[e.seq] else {
                out.append(ReplayGap(seq: e.seq, reason: stop.map { "the replay stops before it (\($0))" }
                                     ?? "the replay records no \(Self.describe(e))"))
                continue
            }
            if let d = fields[e.seq], !d.isEmpty {
                let named = d.prefix(2).map { "\($0.field): recorded \($0.aValue), replayed \($0.bValue)" }
                let more = d.count > 2 ? " (and \(d.count - 2) more fields)" : ""
                out.append(ReplayGap(seq: e.seq, reason: "the replay differs: " + named.joined(separator: "; ") + more))
            } else if b.seq != seq {
                out.append(ReplayGap(seq: e.seq, reason: "the replay records it as event #\(b.seq)"))
            }
        }
        for b in diff.onlyInB {
            out.append(ReplayGap(seq: b.seq, reason: "the replay records \(Self.describe(b)) that the log does not keep", inReplayOnly: true))
        }
        guard out.count > verifiedGapsNamed else { return out }
        let rest = out[verifiedGapsNamed...]
        var more = ReplayGap(seq: rest.first!.seq, reason: "")
        more.moreUpTo = (rest.count, rest.map(\.seq).max()!)
        return Array(out.prefix(verifiedGapsNamed)) + [more]
    }

    /// `present of <T: id>`: an event's kind and subject, as a note names it.
    static func describe(_ e: Event) -> String {
        e.kind.rawValue + (LogDiff.subject(of: e).map { " of \($0.consoleDescription)" } ?? "")
    }
}
