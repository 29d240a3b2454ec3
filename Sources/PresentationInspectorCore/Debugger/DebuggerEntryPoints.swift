import Foundation

// C entry points for debuggers (the LLDB plugin `Scripts/lldb/presentation_inspector_lldb.py`).
//
// A debugger calls them as plain C, so they work from any frame and in any lldb, with or
// without Swift support. Each text result is a NUL-terminated UTF-8 string allocated with
// `malloc`; the caller frees it with `free`. An error is returned as text too, starting with
// `pi-error: ` and followed by one line, so a bad argument never crashes the paused app.
// They read the process-wide ``InspectorRuntime/shared``.
//
// Declarations for a debugger expression prefix:
//
//     extern "C" int presentation_inspector_api_version(void);
//     extern "C" char *presentation_inspector_chain(void);
//     extern "C" char *presentation_inspector_events(long long limit, const char *kind, const char *controller);
//     extern "C" char *presentation_inspector_explain(long long seq);
//     extern "C" char *presentation_inspector_diagnose(void);
//     extern "C" char *presentation_inspector_graph(const char *format, long long at);
//     extern "C" char *presentation_inspector_export(const char *path, const char *format);

/// The version of the debugger entry points' signatures and reply shapes (currently 1).
///
/// C: `int presentation_inspector_api_version(void)`. The only entry point that returns no
/// string; the plugin checks it before calling the others.
@_cdecl("presentation_inspector_api_version")
@_spi(Package) public func presentationInspectorAPIVersion() -> Int32 {
    DebuggerQueries.apiVersion
}

/// The live presentation chain of every window, as JSON.
///
/// C: `char *presentation_inspector_chain(void)`. Returns
/// `{"windows":[{"id","level","key","chain":[{"id","type","title"?}]}]}` (each chain root
/// first), malloc'd; free it.
@_cdecl("presentation_inspector_chain")
@_spi(Package) public func presentationInspectorChain() -> UnsafeMutablePointer<CChar>? {
    deliver(DebuggerQueries.chain(InspectorRuntime.shared.windowChains()))
}

/// The most recent events as JSONL: the log header line, then the events, oldest first.
///
/// C: `char *presentation_inspector_events(long long limit, const char *kind, const char *controller)`.
/// - Parameters:
///   - limit: the number of latest matching events to return; 0 returns all retained events.
///   - kind: an event kind (`present`, `dismiss`, `interactive-dismiss`, …), or NULL / `""` for all.
///   - controller: a controller id, type name or title the events must name, or NULL / `""` for any.
/// - Returns: malloc'd UTF-8 text; free it. Errors start with `pi-error: `.
@_cdecl("presentation_inspector_events")
@_spi(Package) public func presentationInspectorEvents(_ limit: Int64, _ kind: UnsafePointer<CChar>?, _ controller: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    do {
        let kindText = try cStringArgument(kind, name: "kind")
        let controllerText = try cStringArgument(controller, name: "controller")
        let snapshot = InspectorRuntime.shared.recorder?.snapshot()
        return deliver(DebuggerQueries.events(snapshot, header: InspectorRuntime.shared.header,
                                              limit: Int(clamping: limit), kind: kindText, controller: controllerText))
    } catch {
        return deliver(.failure(error.message))
    }
}

/// One event, as its JSON log line, for `pi explain`.
///
/// C: `char *presentation_inspector_explain(long long seq)`. An unknown or dropped sequence
/// number returns an error text naming the retained range. Malloc'd; free it.
@_cdecl("presentation_inspector_explain")
@_spi(Package) public func presentationInspectorExplain(_ seq: Int64) -> UnsafeMutablePointer<CChar>? {
    deliver(DebuggerQueries.explain(seq: Int(clamping: seq), snapshot: InspectorRuntime.shared.recorder?.snapshot()))
}

/// Every recorded diagnostic with its event, as JSON.
///
/// C: `char *presentation_inspector_diagnose(void)`. Returns
/// `{"events","dropped","diagnostics":[{"seq","time","kind","outcome","summary","code","severity","message","fix"}]}`,
/// malloc'd; free it.
@_cdecl("presentation_inspector_diagnose")
@_spi(Package) public func presentationInspectorDiagnose() -> UnsafeMutablePointer<CChar>? {
    deliver(DebuggerQueries.diagnose(InspectorRuntime.shared.recorder?.snapshot()))
}

/// The recording as a chain graph, rendered by ``Exporter``.
///
/// C: `char *presentation_inspector_graph(const char *format, long long at)`.
/// - Parameters:
///   - format: `text`, `dot` or `mermaid`; NULL or `""` means `text`.
///   - at: a sequence number to show the chains as they stood after that event, or 0 for now.
/// - Returns: malloc'd UTF-8 text; free it. Errors start with `pi-error: `.
@_cdecl("presentation_inspector_graph")
@_spi(Package) public func presentationInspectorGraph(_ format: UnsafePointer<CChar>?, _ at: Int64) -> UnsafeMutablePointer<CChar>? {
    do {
        let formatText = try cStringArgument(format, name: "format")
        return deliver(DebuggerQueries.graph(format: formatText, at: at == 0 ? nil : Int(clamping: at),
                                             header: InspectorRuntime.shared.header,
                                             snapshot: InspectorRuntime.shared.recorder?.snapshot()))
    } catch {
        return deliver(.failure(error.message))
    }
}

/// Writes the recording to a file, rendered by ``Exporter``.
///
/// C: `char *presentation_inspector_export(const char *path, const char *format)`.
/// - Parameters:
///   - path: the file to write, in the debugged process's file system; a relative path is
///     resolved against the process's current directory.
///   - format: `jsonl`, `html`, `perfetto`, `dot`, `mermaid` or `text`; NULL or `""` infers it
///     from the extension (`.jsonl`, `.html`, `.json`, `.dot`, `.mmd`, `.txt`).
/// - Returns: `{"path","format","events","bytes"}`, malloc'd; free it. An unwritable path is an
///   error text starting with `pi-error: `.
@_cdecl("presentation_inspector_export")
@_spi(Package) public func presentationInspectorExport(_ path: UnsafePointer<CChar>?, _ format: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    do {
        let pathText = try cStringArgument(path, name: "path")
        let formatText = try cStringArgument(format, name: "format")
        let recorder = InspectorRuntime.shared.recorder
        return deliver(DebuggerQueries.export(path: pathText, format: formatText, header: InspectorRuntime.shared.header,
                                              snapshot: recorder?.snapshot(),
                                              isLiveLog: { recorder?.isLiveLog(path: $0) ?? false }))
    } catch {
        return deliver(.failure(error.message))
    }
}

// MARK: - Helpers

/// Copies the reply into malloc'd memory the debugger frees. NULL only when malloc fails.
func deliver(_ reply: DebuggerReply) -> UnsafeMutablePointer<CChar>? {
    reply.wireText.withCString { strdup($0) }
}

/// A C string argument as Swift text: nil for NULL; bytes that are not UTF-8 are an error.
func cStringArgument(_ pointer: UnsafePointer<CChar>?, name: String) throws(DebuggerArgumentError) -> String? {
    guard let pointer else { return nil }
    guard let text = String(validatingCString: pointer) else {
        throw DebuggerArgumentError(message: "the \(name) argument is not valid UTF-8")
    }
    return text
}

/// A C argument that could not be used; its message becomes the error reply.
struct DebuggerArgumentError: Error {
    var message: String
}
