import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// No command destroys what it reads: an output that is one of the inputs, however spelt, is
/// refused (exit 64, both named) and the input stays byte for byte; every output file is written
/// under a temporary name and renamed, so a killed run leaves the old output whole.
final class CLINoDataLossTests: XCTestCase {
    private var fx: CLIFixtures!
    private var log = ""
    private var scenario = ""

    override func setUpWithError() throws {
        fx = try CLIFixtures()
        log = try fx.log(BuiltInScenarios.camera).path
        scenario = try fx.scenario(BuiltInScenarios.camera)
    }

    override func tearDown() { fx = nil }

    /// The same file under other names: itself, `dir/./name`, a symbolic link and a hard link.
    private func spellings(of path: String) throws -> [String] {
        let name = (path as NSString).lastPathComponent
        let symbolic = fx.path("symlink-\(name)"), hard = fx.path("hardlink-\(name)")
        if !FileManager.default.fileExists(atPath: symbolic) {
            try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: name)
            try FileManager.default.linkItem(atPath: path, toPath: hard)
        }
        return [path, fx.directory + "/./" + name, symbolic, hard]
    }

    private func assertRefused(_ arguments: [String], input: String, output: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let r = try PInspectBinary.run(arguments)
        XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("pinspect: refusing to write \(output): "), r.stderr, file: file, line: line)
        if input != output {
            XCTAssertTrue(r.stderr.contains("the same file as the input \(input)"), r.stderr, file: file, line: line)
        } else {
            XCTAssertTrue(r.stderr.contains("it is the input file"), r.stderr, file: file, line: line)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: input)), before, "\(arguments) changed its input", file: file, line: line)
    }

    func testConvertRefusesToWriteItsInputInEveryFormat() throws {
        for output in try spellings(of: log) {
            for format in ["html", "perfetto", "jsonl", "dot", "mermaid", "text", "otlp", "svg"] {
                try assertRefused(["convert", "--to", format, "-o", output, log], input: log, output: output)
            }
            try assertRefused(["convert", "--to", "jsonl", "--at", "3", "--output=\(output)", log], input: log, output: output)
        }
    }

    func testGraphRefusesToWriteItsInput() throws {
        for output in try spellings(of: log) {
            for format in ["svg", "dot", "mermaid", "text"] {
                try assertRefused(["graph", "--format", format, "-o", output, log], input: log, output: output)
            }
        }
    }

    func testSimulateRefusesToWriteItsScenario() throws {
        for output in try spellings(of: scenario) {
            try assertRefused(["simulate", scenario, "-o", output], input: scenario, output: output)
        }
    }

    func testAnotherOutputIsWrittenAndAnExistingOneReplacedThroughALink() throws {
        let target = try fx.write("old.html", "old")
        try FileManager.default.createSymbolicLink(atPath: fx.path("report-link.html"), withDestinationPath: "old.html")
        let r = try PInspectBinary.run(["convert", "--to", "html", "-o", fx.path("report-link.html"), log])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"), "written through the link")
        let attributes = try FileManager.default.attributesOfItem(atPath: fx.path("report-link.html"))
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeSymbolicLink, "the link is still a link")
        let left = try FileManager.default.contentsOfDirectory(atPath: fx.directory).filter { $0.hasSuffix(".partial") }
        XCTAssertEqual(left, [], "no temporary file left behind")
    }

    func testADeviceOrPipeIsWrittenInPlace() throws {
        let stdout = try PInspectBinary.run(["graph", "--format", "dot", "-o", "/dev/stdout", log])
        XCTAssertEqual(stdout.status, 0, stdout.stderr)
        XCTAssertTrue(stdout.stdout.hasPrefix("digraph"), stdout.stdout)
        let null = try PInspectBinary.run(["convert", "--to", "jsonl", "-o", "/dev/null", log])
        XCTAssertEqual(null.status, 0, null.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeCharacterSpecial, "/dev/null is still the device")
    }

    /// A run killed while it writes leaves the previous output whole: the new bytes were going to
    /// a temporary file beside it. (SIGKILL cannot be handled: the temporary file stays.)
    func testKillDuringAWriteLeavesTheOldOutputWhole() throws {
        let output = try fx.write("out.jsonl", "the previous output\n")
        let (p, input) = try convertUntilPartlyWritten(to: output)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        try? input.fileHandleForWriting.close()
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "the previous output\n", "the old output is whole")
    }

    /// Ctrl-C (SIGINT) or a kill (SIGTERM) while a file is written: the temporary file is removed,
    /// the old output is untouched, and the exit status is 128 + the signal, as shells report it.
    func testInterruptDuringAWriteRemovesTheTemporaryFile() throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let output = try fx.write("out.jsonl", "the previous output\n")
            let (p, input) = try convertUntilPartlyWritten(to: output)
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            try? input.fileHandleForWriting.close()
            XCTAssertEqual(p.terminationReason, .exit, "signal \(signal) is handled")
            XCTAssertEqual(p.terminationStatus, status, "signal \(signal)")
            XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "the previous output\n", "signal \(signal): the old output is untouched")
            XCTAssertEqual(try temporaryFiles(), [], "signal \(signal): nothing left behind")
        }
    }

    /// The copy of standard input `timeline` makes to read it again goes too.
    func testInterruptRemovesTheCopyOfStandardInput() throws {
        let temporary = fx.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: PInspectBinary.path)
        p.arguments = ["timeline", "-"]
        p.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
        let input = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        try input.fileHandleForWriting.write(contentsOf: Data(try String(contentsOfFile: log, encoding: .utf8).utf8))
        var copies: [String] = []
        for _ in 0..<500 where copies.isEmpty {
            usleep(10_000)
            copies = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix("pinspect-stdin-") }
        }
        XCTAssertEqual(copies.count, 1, "timeline copies standard input while it is open")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        try? input.fileHandleForWriting.close()
        XCTAssertEqual(p.terminationStatus, 130)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "the copy is removed")
    }

    /// The fixture folder's temporary files (`.NAME.PID.RANDOM.partial`).
    private func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fx.directory).filter { $0.hasSuffix(".partial") }
    }

    /// Starts `pinspect convert --to jsonl -o output -` and feeds it the log's events until its
    /// temporary file holds some of them (the writer flushes every 64 KiB); standard input stays
    /// open, so a signal sent then lands mid-write.
    private func convertUntilPartlyWritten(to output: String) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: PInspectBinary.path)
        p.arguments = ["convert", "--to", "jsonl", "-o", output, "-"]
        let input = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        try input.fileHandleForWriting.write(contentsOf: Data((try lines.element(0) + "\n").utf8))
        var partial: String?
        for round in 0..<5_000 where partial == nil {
            var chunk = ""
            for l in lines.dropFirst() { chunk += l + "\n" }
            try input.fileHandleForWriting.write(contentsOf: Data(chunk.utf8))
            if round % 4 == 3 {
                partial = try temporaryFiles().first { name in
                    let size = (try? FileManager.default.attributesOfItem(atPath: fx.path(name))[.size] as? NSNumber)?.intValue ?? 0
                    return name.hasPrefix(".out.jsonl.") && size > 0
                }
            }
        }
        XCTAssertNotNil(partial, "the new output is written under a temporary name")
        return (p, input)
    }
}
