import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationInspectorTesting
import TestSupport
import XCTest

/// A test's recording exported through the public call: every format, with the app's name in the
/// header (the HTML report's title), readable again by the log reader.
final class RecordingExportTests: XCTestCase {
    func testExportWritesEveryFormatWithTheAppsName() throws {
        let recording = try Fixture.record(twice: true)
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("recording-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = ProcessInfo.processInfo.processName  // no Info.plist on Linux: the process names the app
        XCTAssertEqual(LogHeader.currentApp().app["name"], Bundle.main.infoDictionary?["CFBundleName"] as? String ?? app)
        for format in ExportFormat.allCases {
            let url = folder.appendingPathComponent("recording.\(format.fileExtension)")
            try recording.export(format, to: url)
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertTrue(text.contains("share"), "\(format) holds the recording")
        }
        let html = try String(contentsOf: folder.appendingPathComponent("recording.html"), encoding: .utf8)
        let name = try XCTUnwrap(LogHeader.currentApp().app["name"])
        XCTAssertTrue(html.contains("<title>\(name) — PresentationInspector report</title>"), "the report is titled with the app's name")
        let log = try LogReader.read(path: folder.appendingPathComponent("recording.jsonl").path)
        XCTAssertEqual(log.header.app["name"], name)
        XCTAssertEqual(log.events.map(\.seq), recording.events.map(\.seq))
        XCTAssertTrue(log.header.device["system"]?.hasPrefix("Linux ") ?? false || log.header.device["system"]?.hasPrefix("macOS ") ?? false,
                      "\(log.header.device)")
    }

    func testExportNamesTheReasonItCannotWrite() throws {
        let recording = try Fixture.record()
        XCTAssertThrowsError(try recording.export(.html, to: URL(fileURLWithPath: "/nonexistent-folder/r.html"))) { error in
            XCTAssertEqual("\(error)", "cannot write /nonexistent-folder/r.html: the folder /nonexistent-folder does not exist (create it first: mkdir -p /nonexistent-folder)")
        }
    }
}
