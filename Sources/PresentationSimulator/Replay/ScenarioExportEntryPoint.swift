import Foundation
@_spi(Package) import PresentationInspectorCore

// A debugger entry point beside the core's (`presentation_inspector_export` and the others,
// see DebuggerEntryPoints.swift), here because the scenario is PresentationSimulator's:
//
//     extern "C" char *presentation_inspector_export_scenario(const char *path);
//
// `pi export --scenario FILE` (the LLDB plugin) calls it. Same conventions: a malloc'd
// NUL-terminated UTF-8 reply the caller frees; an error is one line starting with `pi-error: `.

/// Writes the scenario that replays the recording so far (``ScenarioReplay``) to `path`, in the
/// debugged process's file system (a relative path against its current directory, `~` against
/// its home). Replies `{"path":absolute,"format":"scenario","events":N,"bytes":N}`.
@_cdecl("presentation_inspector_export_scenario")
public func presentationInspectorExportScenario(_ path: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    let reply: String
    if let path, let text = String(validatingCString: path) {
        let recorder = InspectorRuntime.shared.recorder
        reply = ScenarioExport.write(to: text, header: InspectorRuntime.shared.header, snapshot: recorder?.snapshot(),
                                     isLiveLog: { recorder?.isLiveLog(path: $0) ?? false })
    } else {
        reply = ScenarioExport.errorPrefix + (path == nil ? "export needs a file path" : "the path argument is not valid UTF-8")
    }
    return reply.withCString { strdup($0) }
}

/// The scenario export behind the debugger entry point.
enum ScenarioExport {
    static let errorPrefix = "pi-error: "

    /// Writes the scenario of `snapshot`'s events to `path`; the reply, or an error line. Refuses
    /// the live log's own file (`isLiveLog`), as the other exports do: replacing it would lose
    /// the recording and leave the app writing to a file nobody can open.
    static func write(to path: String, header: LogHeader, snapshot: RecordingSnapshot?,
                      isLiveLog: (String) -> Bool = { _ in false }) -> String {
        guard let snapshot else { return errorPrefix + DebuggerMessage.notRecording }
        guard !path.isEmpty else { return errorPrefix + "export needs a file path" }
        let expanded = (path as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(expanded)
        if isLiveLog(absolute) {
            return errorPrefix + "cannot write \(absolute): it is the live log this app is writing; name another file (the live log already holds every event)"
        }
        var h = header
        h.dropped = snapshot.droppedCount
        let text: String
        do {
            text = try ScenarioReplay.scenario(from: snapshot.events, header: h, name: "replay of the recording").jsonText
        } catch {
            return errorPrefix + "cannot replay the recording: \(error.description)"
        }
        do {
            try FileReplacement.write(text, to: absolute)
        } catch {
            return errorPrefix + error.description
        }
        var w = JSONWriter(reservingCapacity: 256)
        w.beginObject()
        w.field("path", absolute)
        w.field("format", "scenario")
        w.field("events", snapshot.events.count)
        w.field("bytes", text.utf8.count)
        w.endObject()
        return w.text
    }
}
