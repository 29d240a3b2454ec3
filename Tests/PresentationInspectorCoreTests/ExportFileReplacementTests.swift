import Foundation
@_spi(Package) @testable import PresentationInspectorCore
import XCTest

/// Every writer's files go to a temporary file beside the destination, renamed when complete.
final class ExportFileReplacementTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "file-replacement-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private var leftovers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".partial") }
    }

    func testAWriteNotCommittedLeavesTheOldFileWholeAndNothingBehind() throws {
        let path = directory + "/report.html"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let file = try FileReplacement(path: path)
            file.write(String(repeating: "new ", count: 100_000))
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old", "the destination is untouched while writing")
            XCTAssertEqual(leftovers.count, 1, "the bytes go to a file beside it")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(leftovers, [])
    }

    func testACommittedWriteReplacesTheFileKeepingItsPermissions() throws {
        let path = directory + "/events.jsonl"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try FileReplacement.write("new", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(leftovers, [])
    }

    func testExporterAndLogWriterGoThroughIt() throws {
        let path = directory + "/x.jsonl"
        XCTAssertThrowsError(try LogWriter.write(header: LogHeader(), events: [], to: directory)) { error in
            XCTAssertEqual((error as? FileWriteError)?.reason, "it is a directory; name a file inside it, e.g. \(directory)/out")
        }
        XCTAssertThrowsError(try Exporter.write(.html, header: LogHeader(), events: [], to: directory + "/none/x.html")) { error in
            XCTAssertEqual("\(error)", "cannot write \(directory)/none/x.html: the folder \(directory)/none does not exist (create it first: mkdir -p \(directory)/none)")
        }
        try LogWriter.write(header: LogHeader(), events: [], to: path)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{\"format\":\"presentation-inspector-log\""))
    }

    func testSameFileComparesIdentityNotSpelling() throws {
        let path = directory + "/a.jsonl"
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: "a.jsonl")
        try FileManager.default.linkItem(atPath: path, toPath: directory + "/hard")
        for other in [path, directory + "/./a.jsonl", directory + "/link", directory + "/hard", directory + "/../" + (directory as NSString).lastPathComponent + "/a.jsonl"] {
            XCTAssertTrue(FileReplacement.sameFile(path, other), other)
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/b.jsonl"))
        XCTAssertFalse(FileReplacement.sameFile(path, directory + "/b.jsonl"), "same content, another file")
        XCTAssertFalse(FileReplacement.sameFile(path, directory + "/absent"))
    }
}
