import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// Refuses an output path that names the input file (the same file by identity: a link, a
/// `./` prefix or another spelling of it): no command may destroy its input.
func refuseOverwritingInput(input: String, output: String?) throws {
    guard let output, output != "-", input != "-" else { return }
    let fm = FileManager.default
    // Links are followed: a link to the input is the input.
    func attributes(_ path: String) -> [FileAttributeKey: Any]? {
        try? fm.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
    }
    guard let a = attributes(input), let b = attributes(output) else { return }
    let sameDevice = (a[.systemNumber] as? NSNumber) == (b[.systemNumber] as? NSNumber)
    let sameFile = (a[.systemFileNumber] as? NSNumber) == (b[.systemFileNumber] as? NSNumber)
    if sameDevice, sameFile, a[.systemFileNumber] != nil {
        report("-o \(output) is the input \(input): choose another output file (the input is never overwritten)")
        throw ExitStatus.usage
    }
}

/// The scenario that replays `log`, or exit 65 naming the event and the missing fact.
func replayScenario(of log: LoadedLog) throws -> Scenario {
    do {
        return try ScenarioReplay.scenario(from: log.events, header: log.header, name: "replay of \((log.name as NSString).lastPathComponent)")
    } catch {
        report("\(log.name): cannot replay: \(error.description)")
        throw ExitStatus.badData
    }
}
