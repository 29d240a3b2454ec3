import Foundation
import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// `pi export --scenario FILE` (ScenarioExport behind the debugger entry point).
final class ScenarioExportTests: XCTestCase {
    private func recording() throws -> (Recorder, String) {
        let simulation = Simulation()
        try simulation.run(try BuiltInScenarios.calendar.scenario())
        let folder = NSTemporaryDirectory() + "scenario-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return (simulation.recorder, folder)
    }

    /// The live log is the recording on disk: writing the scenario over it would lose it.
    func testTheLiveLogIsNeverOverwritten() throws {
        let (events, folder) = try recording()
        let recorder = Recorder()
        let live = folder + "/events.jsonl"
        try recorder.startLiveLog(path: live, header: LogHeader())
        for e in events.events { recorder.record(e) }
        let before = try Data(contentsOf: URL(fileURLWithPath: live))
        for spelling in [live, folder + "/./events.jsonl"] {
            let reply = ScenarioExport.write(to: spelling, header: LogHeader(), snapshot: recorder.snapshot(),
                                             isLiveLog: { recorder.isLiveLog(path: $0) })
            XCTAssertTrue(reply.hasPrefix("pi-error: cannot write ") && reply.contains("it is the live log"), reply)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: live)), before)
        let other = ScenarioExport.write(to: folder + "/replay.json", header: LogHeader(), snapshot: recorder.snapshot(),
                                         isLiveLog: { recorder.isLiveLog(path: $0) })
        XCTAssertTrue(other.hasPrefix("{\"path\":"), other)
        recorder.stopLiveLog()
    }

    /// A missing folder gets the words the other exports use, with the fix.
    func testAMissingFolderIsNamed() throws {
        let (recorder, folder) = try recording()
        let reply = ScenarioExport.write(to: folder + "/no/such/replay.json", header: LogHeader(), snapshot: recorder.snapshot())
        XCTAssertTrue(reply.hasPrefix("pi-error: cannot write \(folder)/no/such/replay.json: the folder \(folder)/no/such does not exist"), reply)
        let directory = ScenarioExport.write(to: folder, header: LogHeader(), snapshot: recorder.snapshot())
        XCTAssertTrue(directory.hasPrefix("pi-error: cannot write \(folder): it is a directory"), directory)
    }
}
