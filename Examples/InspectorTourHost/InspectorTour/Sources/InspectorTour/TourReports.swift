// UIKit only: on Linux the package builds its portable checks alone, for their tests.
#if canImport(UIKit)
import Foundation
import PresentationInspector

/// Where the tour writes its reports: a text per stage, the recording so far (`recording.jsonl`,
/// `recording.html`) and the conformance report.
enum TourReports {
    /// `$PI_TOUR_REPORTS` (Scripts/ios-simulator-tests.sh sets it per simulator through
    /// xcodebuild's `TEST_RUNNER_` prefix: the Simulator's processes write to the Mac's disk),
    /// else `InspectorTour` in the app's temporary directory.
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["PI_TOUR_REPORTS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("InspectorTour", isDirectory: true)
    }

    /// Writes `text` to `name` in ``directory``; the file, or nothing (and a console line) if it failed.
    static func write(_ text: String, named name: String) -> [URL] {
        let url = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return [url]
        } catch {
            print("InspectorTour: could not write \(url.path): \(error)")
            return []
        }
    }

    /// Writes the stage's report (`tour-<stage>.txt`) and the whole recording so far.
    static func write(_ result: TourStageResult) -> [URL] {
        let slug = result.stage.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        var files = write(result.text, named: "tour-\(String(slug)).txt")
        for format in [ExportFormat.jsonl, .html] {
            let url = directory.appendingPathComponent("recording.\(format.fileExtension)")
            do {
                try PresentationInspector.export(format: format, to: url)
                files.append(url)
            } catch {
                print("InspectorTour: could not export \(url.path): \(error)")
            }
        }
        return files
    }
}
#endif
