import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Runs the built `pinspect` binary as a subprocess.
enum PInspectBinary {
    /// `.build/<config>/pinspect`, next to the test bundle (or `PINSPECT_BINARY`).
    static var path: String {
        if let p = ProcessInfo.processInfo.environment["PINSPECT_BINARY"] { return p }
        #if os(macOS)
        let dir = (Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main).bundleURL.deletingLastPathComponent()
        #else
        let dir = Bundle.main.bundleURL
        #endif
        return dir.appendingPathComponent("pinspect").path
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs pinspect; fails the test (and kills it) if it takes longer than `timeout` seconds.
    static func run(_ arguments: [String], stdin: Data? = nil, timeout: Double = 120,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("pinspect is not built at \(path); run swift build first", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = inp
        try p.run()
        let watchdog = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let errBox = DataBox(), outBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errBox.set(err.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        group.enter()
        DispatchQueue.global().async { outBox.set(out.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        if let stdin { try? inp.fileHandleForWriting.write(contentsOf: stdin) }
        try? inp.fileHandleForWriting.close()
        group.wait()
        p.waitUntilExit()
        watchdog.cancel()
        if p.terminationReason == .uncaughtSignal {
            XCTFail("pinspect \(arguments.joined(separator: " ")) was killed (signal \(p.terminationStatus)): a crash or a hang", file: file, line: line)
        }
        return Result(status: p.terminationStatus, stdout: String(decoding: outBox.get(), as: UTF8.self),
                      stderr: String(decoding: errBox.get(), as: UTF8.self))
    }
}

extension PInspectBinary {
    /// Runs `executable` with `arguments` and returns its exit status and what it wrote on standard
    /// error (and on standard output too, with `mergingOutput`); fails the test and stops it when
    /// it is still running after `timeout` seconds (a hang) or dies of a signal (a crash).
    static func watched(_ executable: String, _ arguments: [String], mergingOutput: Bool = false, timeout: Double = 30,
                        file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let err = Pipe()
        p.standardError = err
        p.standardOutput = mergingOutput ? err : FileHandle.nullDevice
        p.standardInput = Pipe()
        try p.run()
        let watchdog = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        watchdog.cancel()
        if p.terminationReason == .uncaughtSignal {
            XCTFail("\(executable) \(arguments.joined(separator: " ")) was killed (signal \(p.terminationStatus)): a crash or a hang: \(text)", file: file, line: line)
            return (-1, text)
        }
        return (p.terminationStatus, text)
    }

    /// Runs `sh -c script` with pinspect as `$0` and `arguments` as `$@` (for redirections and pipes).
    static func shell(_ script: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, stderr: String) {
        try watched("/bin/sh", ["-c", script, path] + arguments, file: file, line: line)
    }
}

/// Data shared with a reader thread.
final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}

/// Input files for the CLI tests, in a fresh temporary directory.
final class CLIFixtures {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "pinspect-tests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// A built-in scenario's file.
    func scenario(_ s: BuiltInScenario) throws -> String { try write("\(s.key).json", s.json) }

    /// The log of a built-in scenario, made in-process (the same run `pinspect simulate` does).
    func log(_ s: BuiltInScenario) throws -> (path: String, events: [Event]) {
        let simulation = Simulation()
        try simulation.run(try s.scenario())
        let events = simulation.recorder.events
        let header = LogHeader(app: ["name": s.key, "mode": "simulation"])
        return (try write("\(s.key).jsonl", LogWriter.text(header: header, events: events)), events)
    }
}
