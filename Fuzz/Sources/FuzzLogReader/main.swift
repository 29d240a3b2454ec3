// libFuzzer target: JSONL logs through JSONParser, EventCoding and both LogReader paths.
//
// Properties (a violation is a crash, saved by libFuzzer):
// - nothing traps (no crash, no overflow, no ASan report) whatever the bytes;
// - every event or header that decodes survives a write/read round trip (Invariants);
// - the streaming file reader and the in-memory reader agree on valid UTF-8 input;
// - the byte-level event decoder (the reader's fast path) returns the reference event or defers,
//   also when its interning tables already hold values from earlier lines and inputs;
// - the in-memory reader gives the same events and issues with its runs split between 1 to 4
//   threads as on one (chunked decoding, issue 10);
// - at most the last line is reported as truncated, and only when it has no newline.
// Built with -parse-as-library: this file holds declarations only, libFuzzer provides main.
import Foundation
import FuzzSupport
@_spi(Package) import PresentationInspectorCore

/// One scratch file per process for the streaming reader (in /dev/shm when it exists).
let scratchPath: String = {
    let dir = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return "\(dir)/fuzz-log-reader-\(getpid()).jsonl"
}()

/// A decoder kept across lines and inputs, so interned values meet lines they did not come from.
nonisolated(unsafe) var internedDecoder = EventByteDecoder()
nonisolated(unsafe) var inputCount = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLogReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)

    // Line by line: parser, then the decoders, then the round trip.
    var lineStart = 0
    var index = 0
    while index <= count {
        if index == count || bytes[index] == 0x0A {
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<index])
            let object = (try? JSONParser.parse(line))?.objectValue
            if let object {
                if let header = try? EventCoding.decodeHeader(object) { Invariants.checkRoundTrip(header) }
                if let event = try? EventCoding.decodeEvent(object) { Invariants.checkRoundTrip(event) }
            }
            // The reader's fast path either defers or returns exactly the reference event.
            if let fast = EventByteDecoder.decode(line) {
                let reference = object.flatMap { try? EventCoding.decodeEvent($0) }
                Invariants.require(reference == fast, "fast decoder disagrees with the reference:\n  fast: \(fast)\n  reference: \(String(describing: reference))")
            }
            let interned = internedDecoder.decode(line)
            Invariants.require(interned == EventByteDecoder.decode(line), "the interning decoder disagrees with a fresh one")
            lineStart = index + 1
        }
        index += 1
    }

    // The whole input as a log file, through the streaming reader.
    let fileResult: Result<LogReadResult, LogReadError>
    do {
        FileManager.default.createFile(atPath: scratchPath, contents: Data(bytes))
        fileResult = Result { () throws(LogReadError) in try LogReader.read(path: scratchPath) }
    }
    if case .success(let r) = fileResult {
        let truncated = r.issues.filter(\.isTruncatedLastLine)
        Invariants.require(truncated.count <= 1, "more than one truncated line: \(truncated)")
        if let t = truncated.first {
            Invariants.require(t == r.issues.last, "the truncated line is not the last issue")
            Invariants.require(count > 0 && bytes[count - 1] != 0x0A, "a newline-terminated file reported a truncated last line")
        }
        Invariants.require(r.issues.map(\.line) == r.issues.map(\.line).sorted(), "issues out of line order")
    }

    // The same bytes through the in-memory reader: same answer when the text is valid UTF-8.
    if let text = String(validating: bytes, as: UTF8.self) {
        let textResult = Result { () throws(LogReadError) in try LogReader.read(text: text, name: scratchPath) }
        requireSame(fileResult, textResult, "the file and text readers")
        inputCount += 1
        let workers = 1 + inputCount % 4
        let chunked = Result { () throws(LogReadError) in try LogReader.read(text: text, name: scratchPath, workers: workers) }
        requireSame(textResult, chunked, "one thread and \(workers) (chunked reading)")
    }
    return 0
}

/// Two reads of the same bytes give the same events, issues and header, or fail alike.
func requireSame(_ one: Result<LogReadResult, LogReadError>, _ other: Result<LogReadResult, LogReadError>, _ what: String) {
    switch (one, other) {
    case (.success(let a), .success(let b)):
        Invariants.require(a.events == b.events, "\(what) disagree on events")
        Invariants.require(a.issues == b.issues, "\(what) disagree on issues:\n  \(a.issues)\n  \(b.issues)")
        Invariants.require(a.header == b.header, "\(what) disagree on the header")
    case (.failure(let a), .failure(let b)):
        Invariants.require(a == b, "\(what) fail differently: \(a) / \(b)")
    default:
        Invariants.require(false, "\(what): one read failed and the other did not: \(one) / \(other)")
    }
}
