import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// The scenario that replays `log`, or exit 65 naming the event and the missing fact. Each kept
/// event the replay cannot reproduce, or that a run of the scenario records otherwise (the
/// scenario's `comment` names it too), gets a line on standard error: a replay that differs is
/// never written silently.
func replayScenario(of log: LoadedLog) throws -> Scenario {
    do {
        let replay = try ScenarioReplay.replay(from: log.events, header: log.header, name: "replay of \((log.name as NSString).lastPathComponent)")
        for gap in replay.gaps {
            report("note: \(log.name): \(gap.note)")
        }
        return replay.scenario
    } catch {
        report("\(log.name): cannot replay: \(error.description)")
        throw ExitStatus.badData
    }
}
