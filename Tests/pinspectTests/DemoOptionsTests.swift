import Foundation
import XCTest

/// InspectorDemo's options: one syntax for every option, every value checked before any work,
/// and every output of a run holding the same events in time order.
final class DemoOptionsTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "demo-options-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private var demo: String { (PInspectBinary.path as NSString).deletingLastPathComponent + "/InspectorDemo" }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: demo)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        // Both pipes drained at once: reading one to its end while the other fills (an ASan
        // report on stderr) deadlocked the test and the child.
        let watchdog = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: watchdog)
        let errBox = DataBox(), group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errBox.set(err.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let e = errBox.get()
        p.waitUntilExit()
        watchdog.cancel()
        XCTAssertNotEqual(p.terminationReason, .uncaughtSignal, "InspectorDemo \(arguments) crashed")
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    func testBadValuesAreRefusedBeforeAnythingIsWritten() throws {
        let cases: [([String], String)] = [
            (["--capacity", "0"], "--capacity needs a whole number from 1 to 1000000, got \"0\""),
            (["--capacity=9223372036854775807"], "from 1 to 1000000"),
            (["--capacity"], "--capacity needs a value"),
            (["--break-for-debugger", "--debugger-synthetic-events=abc"], "--debugger-synthetic-events needs a whole number from 0 to 10000000, got \"abc\""),
            (["--debugger-synthetic-events", "5"], "--debugger-synthetic-events needs --break-for-debugger"),
            (["--quiet=yes"], "--quiet takes no value"),
            (["--frobnicate"], "unknown option \"--frobnicate\""),
        ]
        for (arguments, message) in cases {
            let r = try run(["--output", "out"] + arguments)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"), "\(arguments) wrote output before refusing")
        }
    }

    /// A run of one scenario writes beside the whole demo's recording, never over it.
    func testAScenarioRunLeavesTheWholeDemosRecordingAlone() throws {
        let whole = try run(["--quiet", "--no-color"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let wholeLog = directory + "/inspector-output/events.jsonl"
        let before = try String(contentsOfFile: wholeLog, encoding: .utf8)
        let one = try run(["--quiet", "--no-color", "--scenario", "camera-people-picker"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("wrote inspector-output/camera-people-picker/events.jsonl"), one.stdout)
        XCTAssertEqual(try String(contentsOfFile: wholeLog, encoding: .utf8), before, "the whole demo's log is untouched")
        let two = try run(["--quiet", "--no-color", "--scenario", "calendar-new-event", "--scenario", "recipe-add"])
        XCTAssertTrue(two.stdout.contains("wrote inspector-output/calendar-new-event+recipe-add/report.html"), two.stdout)
        let given = try run(["--quiet", "--no-color", "--scenario", "recipe-add", "--output", "mine"])
        XCTAssertTrue(given.stdout.contains("wrote mine/events.jsonl"), given.stdout)
    }

    func testCapacityOneIsHonoured() throws {
        let r = try run(["--quiet", "--no-color", "--output", "out", "--capacity", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let report = try String(contentsOfFile: directory + "/out/report.html", encoding: .utf8)
        let full = try String(contentsOfFile: directory + "/out/events.jsonl", encoding: .utf8)
        XCTAssertGreaterThan(full.split(separator: "\n").count, 10, "the live log keeps every event")
        XCTAssertLessThan(report.utf8.count, 200_000)
        let dot = try String(contentsOfFile: directory + "/out/chain.dot", encoding: .utf8)
        XCTAssertFalse(dot.contains("peoplePicker"), "a one-event ring cannot hold the camera scenario's picker")
    }

    func testBothOptionSyntaxesAndDebuggerModeOutputsAgree() throws {
        for form in [["--debugger-synthetic-events", "7"], ["--debugger-synthetic-events=7"]] {
            let out = "out\(form.count)"
            let r = try run(["--quiet", "--no-color", "--output", out, "--break-for-debugger"] + form)
            XCTAssertEqual(r.status, 0, r.stderr)
            let log = try String(contentsOfFile: "\(directory!)/\(out)/events.jsonl", encoding: .utf8)
            let events = log.split(separator: "\n").dropFirst().map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
            let times = events.map { $0["time"] as! Double }
            XCTAssertEqual(times, times.sorted(), "time never goes backwards")
            // The report and the trace are exactly what pinspect makes of events.jsonl.
            let logPath = "\(directory!)/\(out)/events.jsonl"
            for (format, file) in [("html", "report.html"), ("perfetto", "trace.json")] {
                let converted = try PInspectBinary.run(["convert", "--to", format, logPath])
                XCTAssertEqual(converted.status, 0, converted.stderr)
                let written = try String(contentsOfFile: "\(directory!)/\(out)/\(file)", encoding: .utf8)
                XCTAssertTrue(written == converted.stdout, "\(file) does not hold the events of events.jsonl")
            }
        }
    }

    func testWriteScenariosWritesOnlyTheScenariosAndSaysWhatItReplaced() throws {
        let first = try run(["--write-scenarios", "scenarios"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("writing the 9 built-in scenarios into scenarios\n  wrote scenarios/"), first.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["scenarios"], "nothing but the scenarios")
        let again = try run(["--write-scenarios", "scenarios"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout.components(separatedBy: "  replaced scenarios/").count - 1, 9, again.stdout)
        let mixed = try run(["--write-scenarios", "s2", "--output", "out"])
        XCTAssertEqual(mixed.status, 64)
        XCTAssertTrue(mixed.stderr.contains("--write-scenarios only writes the scenario files and runs nothing; --output is for a run"), mixed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/s2"))
    }

    func testDebuggerModeWritesBesideAPlainRunNotOverIt() throws {
        let plain = try run(["--quiet", "--no-color"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("  wrote inspector-output/events.jsonl\n"), plain.stdout)
        let log = try Data(contentsOf: URL(fileURLWithPath: directory + "/inspector-output/events.jsonl"))
        let debugger = try run(["--quiet", "--no-color", "--break-for-debugger", "--debugger-synthetic-events=3"])
        XCTAssertEqual(debugger.status, 0, debugger.stderr)
        XCTAssertTrue(debugger.stdout.contains("debugger mode: writing into inspector-output/debugger (a plain run's inspector-output stays as it was)"), debugger.stdout)
        XCTAssertTrue(debugger.stdout.contains("  wrote inspector-output/debugger/events.jsonl\n"), debugger.stdout)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/inspector-output/events.jsonl")), log, "the plain run's log is untouched")
        let again = try run(["--quiet", "--no-color"])
        for name in ["events.jsonl", "report.html", "trace.json", "chain.dot", "chain.mmd"] {
            XCTAssertTrue(again.stdout.contains("  replaced inspector-output/\(name) (the previous run's)\n"), again.stdout)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/inspector-output")
        XCTAssertEqual(files.filter { $0.hasSuffix(".partial") }, [], "no temporary file left behind")
    }
}
