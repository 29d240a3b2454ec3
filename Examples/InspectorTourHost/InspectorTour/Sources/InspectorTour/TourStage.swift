import Foundation
import PresentationInspector

/// One stage of the tour: what failed, and the events it recorded.
public struct TourStageResult: Sendable {
    /// The stage's name: `UIKit styles`.
    public var stage: String
    /// One message per failed check; empty when the stage passed.
    public var failures: [String]
    /// The stage's events as the log shows them, and notes of the tour.
    public var log: [String]
    /// The reports written for the stage (its text, the recording, the conformance report).
    public var files: [URL]

    /// The stage's report: its failures, then its log.
    public var text: String {
        var lines = ["\(stage): " + (failures.isEmpty ? "passed" : "\(failures.count) failure(s)")]
        lines += failures.map { "FAIL \($0)" }
        lines += log
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What a stage did, gathered while it runs and checked once it has settled.
@MainActor
final class TourStage {
    /// The presents whose recording is checked against UIKit's own answers.
    var presents: [PerformedPresent] = []
    /// Controllers whose `dismiss` call and its end must be recorded after event `after`.
    var dismissals: [(id: String, step: String, after: Int)] = []
    /// Controllers whose removal must be recorded after event `after`, with or without a `dismiss` call.
    var removals: [(id: String, step: String, after: Int)] = []
    /// Further checks on the stage's events.
    var checks: [([Event]) -> [String]] = []
    /// Notes for the log.
    var notes: [String] = []
    /// Reports the stage wrote.
    var files: [URL] = []
}
