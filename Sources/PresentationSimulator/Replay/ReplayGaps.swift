@_spi(Package) import PresentationInspectorCore

/// A kept event the replay of a recording does not reproduce, and why (the log does not hold
/// what it would take).
@_spi(Package) public struct ReplayGap: Equatable, Sendable {
    /// The event's `seq`.
    public var seq: Int
    /// Why it is not reproduced, in a sentence.
    public var reason: String
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
