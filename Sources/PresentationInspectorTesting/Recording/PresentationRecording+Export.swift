import Foundation
import PresentationInspectorCore

extension PresentationRecording {
    /// Writes the recording to `url` in `format`, with the app's name in its header
    /// (`LogHeader.currentApp()`: the HTML report is titled
    /// with it), to open the report of a failing test or attach the log to it:
    ///
    /// ```swift
    /// try recording.export(.html, to: URL(fileURLWithPath: NSTemporaryDirectory() + "inbox.html"))
    /// ```
    ///
    /// Every `ExportFormat` works, `jsonl` included (the log
    /// `pinspect` reads). The file is written under a temporary name and renamed when complete.
    ///
    /// - Throws: `FileWriteError` naming the reason (a missing folder, a directory, …).
    public func export(_ format: ExportFormat, to url: URL) throws(FileWriteError) {
        try Exporter.write(format, events: events, to: url.path)
    }
}
