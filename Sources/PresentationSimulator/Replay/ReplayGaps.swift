@_spi(Package) import PresentationInspectorCore

/// A kept event the replay of a recording does not reproduce, and why (the log does not hold
/// what it would take).
@_spi(Package) public struct ReplayGap: Equatable, Sendable {
    /// The event's `seq`.
    public var seq: Int
    /// Why it is not reproduced, in a sentence.
    public var reason: String
    /// Whether `seq` numbers an event the replay records and the log does not keep.
    public var inReplayOnly = false
    /// For a replay that differs a lot: how many more kept events, from `seq` to this one, are
    /// not reproduced (this gap counts them instead of naming each).
    public var moreUpTo: (count: Int, last: Int)? = nil

    /// The gap as the CLI notes it: `event #42 is not replayed: …`.
    public var note: String {
        if let m = moreUpTo { return "events #\(seq) to #\(m.last): \(m.count) more are not replayed as recorded" }
        if inReplayOnly { return "event #\(seq) of the replay is not in the recording: \(reason)" }
        return "event #\(seq) is not replayed: \(reason)"
    }

    /// The gap as a sentence of the scenario's `comment`.
    public var sentence: String {
        if let m = moreUpTo { return "\(m.count) more events, #\(seq) to #\(m.last), are not reproduced either." }
        if inReplayOnly { return "The replay's event #\(seq) is not in the recording: \(reason)." }
        return "The replay does not reproduce event #\(seq): \(reason)."
    }

    public static func == (a: ReplayGap, b: ReplayGap) -> Bool {
        a.seq == b.seq && a.reason == b.reason && a.inReplayOnly == b.inReplayOnly && a.moreUpTo?.count == b.moreUpTo?.count && a.moreUpTo?.last == b.moreUpTo?.last
    }
}

extension ReplayBuilder {
    // MARK: What the replay does not reproduce

    /// Notes that the kept event `seq` is not reproduced, and why (once per event).
    mutating func gap(_ seq: Int, _ reason: String) {
        if !gaps.contains(where: { $0.seq == seq }) { gaps.append(ReplayGap(seq: seq, reason: reason)) }
    }

    /// The kept end whose rebuilt swipe meets no sheet when the steps before `startRecording` of
    /// `scenario` run (the model refused what it swipes): nil when they all run.
    func failingRebuiltSwipe(in scenario: Scenario) -> Int? {
        guard !rebuiltSwipes.isEmpty else { return nil }
        let trial = Simulation(recorder: Recorder(capacity: 1))
        do { try trial.load(scenario) } catch { return nil }
        for step in scenario.steps {
            if case .startRecording = step.action { return nil }
            do { try trial.perform(step) } catch {
                guard case .swipeDown(let sheet, _) = step.action else { return nil }
                return rebuiltSwipes.first { $0.sheet == sheet && !unreplayable.contains($0.end) }?.end
            }
        }
        return nil
    }
}
