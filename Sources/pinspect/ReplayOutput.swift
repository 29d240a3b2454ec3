import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// The scenario that replays `log`, or exit 65 naming the event and the missing fact.
func replayScenario(of log: LoadedLog) throws -> Scenario {
    do {
        return try ScenarioReplay.scenario(from: log.events, header: log.header, name: "replay of \((log.name as NSString).lastPathComponent)")
    } catch {
        report("\(log.name): cannot replay: \(error.description)")
        throw ExitStatus.badData
    }
}
