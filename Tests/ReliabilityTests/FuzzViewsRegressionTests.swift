import Foundation
@_spi(Package) import PresentationInspectorCore
import XCTest

/// Replays Fuzz/Regressions/views (the FuzzViews target's inputs) through every exporter, and
/// hands each DOT output to Graphviz when `dot` is installed (CI installs it).
final class FuzzViewsRegressionTests: XCTestCase {
    private var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/views")
    }

    private var dot: String? {
        ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func testEveryViewRendersEveryRegressionInput() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 3)
        for name in files {
            let read = try LogReader.read(path: folder.appendingPathComponent(name).path)
            XCTAssertFalse(read.events.isEmpty, name)
            for format in ExportFormat.allCases {
                for at in [nil, read.events[read.events.count / 2].seq] {
                    let out = Exporter.render(format, header: read.header, events: read.events, at: at)
                    switch format {
                    case .perfetto, .otlp: XCTAssertNoThrow(try JSONParser.parse(out), "\(name) \(format)")
                    case .jsonl:
                        // The log keeps times to the microsecond: so does what it must read back as.
                        let written = read.events.filter { $0.seq <= at ?? .max }.map { e in
                            var e = e
                            e.time = JSONWriter.toTheMicrosecond(e.time)
                            return e
                        }
                        XCTAssertEqual(try LogReader.read(text: out).events, written, name)
                    case .dot: if let dot { try assertGraphvizAccepts(out, dot: dot, name: "\(name) at \(at.map(String.init) ?? "end")") }
                    default: XCTAssertFalse(out.isEmpty)
                    }
                }
            }
        }
    }

    func testOutOfRangeSeedsAreRefusedByTheReader() throws {
        let read = try LogReader.read(path: folder.appendingPathComponent("times-past-the-range.jsonl").path)
        XCTAssertEqual(read.issues.map(\.line), [7, 8, 9, 10])
        XCTAssertTrue(read.issues.allSatisfy { $0.message.contains("out of range") })
    }

    private func assertGraphvizAccepts(_ text: String, dot: String, name: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dot)
        p.arguments = ["-Tsvg", "-o", "/dev/null"]
        let input = Pipe(), err = Pipe()
        p.standardInput = input; p.standardError = err
        try p.run()
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "Graphviz refused the DOT of \(name): \(message)")
    }
}
