import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Recordings for the export and layout tests, made with the simulator.
enum ExportFixtures {
    /// A header with fixed values, so nothing time-dependent reaches outputs.
    static let header = LogHeader(format: LogHeader.formatName, version: 1, created: "2000-01-01T00:00:00.000Z",
                                  app: ["name": "ExportTests", "mode": "simulation"], device: ["model": "simulated"], dropped: 0)

    /// Runs one built-in scenario in a fresh simulation.
    static func events(_ builtIn: BuiltInScenario) throws -> [Event] {
        let simulation = Simulation()
        try simulation.run(try builtIn.scenario())
        return simulation.recorder.events
    }

    /// Runs scenario JSON text in a fresh simulation.
    static func events(json: String) throws -> [Event] {
        let simulation = Simulation()
        try simulation.run(try Scenario.parse(json, file: "fixture.json"))
        return simulation.recorder.events
    }

    /// Every built-in scenario run one after another in one simulation, as the demo does.
    static func demoEvents() throws -> [Event] {
        let simulation = Simulation()
        for s in BuiltInScenarios.all { try simulation.run(try s.scenario()) }
        return simulation.recorder.events
    }

    /// `count` events or more: a sheet presented and dismissed over and over, with a rejected
    /// double present every tenth round so diagnostics are present too.
    static func largeRecording(events count: Int) -> [Event] {
        if count == 10_000 { return tenThousand }
        return makeLargeRecording(events: count)
    }

    /// Made once: several tests use it.
    static let tenThousand = makeLargeRecording(events: 10_000)

    private static func makeLargeRecording(events count: Int) -> [Event] {
        let simulation = Simulation(recorder: Recorder(capacity: count + 100))
        let root = SimController(id: "root", type: "RootViewController")
        try! simulation.add(root)
        try! simulation.addWindow(id: "main", root: root, isKey: true)
        var round = 0
        // A round records 4 events (5 every tenth); check the real total only now and then.
        while round % 50 != 0 || simulation.recorder.snapshot().totalRecorded < count {
            let sheet = SimController(id: "sheet\(round)", type: "SheetViewController")
            try! simulation.add(sheet)
            simulation.present(sheet, from: root, animated: true)
            if round % 10 == 0 { simulation.present(sheet, from: root, animated: true) }
            simulation.advance(by: 0.5)
            simulation.dismiss(sheet, animated: true)
            simulation.advance(by: 0.5)
            round += 1
        }
        return simulation.recorder.events
    }

    /// The directory of golden files next to this source file.
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
}

/// Compares `actual` with a golden file; `UPDATE_GOLDEN=1` rewrites the file instead.
func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let url = ExportFixtures.goldenDirectory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: ExportFixtures.goldenDirectory, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("missing golden file \(name); run the tests with UPDATE_GOLDEN=1 to create it", file: file, line: line)
        return
    }
    if actual != expected {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        XCTFail("""
            \(name) differs from its golden file at line \(first + 1):
              expected: \(first < e.count ? String(e[first]) : "<end of file>")
              actual:   \(first < a.count ? String(a[first]) : "<end of file>")
            (UPDATE_GOLDEN=1 rewrites the golden files after a deliberate change)
            """, file: file, line: line)
    }
}

/// Runs a program, returning its exit status and standard output, or nil when it is not installed.
func runTool(_ name: String, _ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String, error: String)? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard let path = paths.map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    let out = Pipe(), err = Pipe(), inp = Pipe()
    p.standardOutput = out; p.standardError = err; p.standardInput = inp
    try p.run()
    if let input { inp.fileHandleForWriting.write(input) }
    try inp.fileHandleForWriting.close()
    // Drain both pipes concurrently so a chatty tool cannot block on a full pipe.
    let errData = LockedData()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { errData.set(err.fileHandleForReading.readDataToEndOfFile()); group.leave() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData.get(), as: UTF8.self))
}

/// A Data box shared with a reader thread.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
