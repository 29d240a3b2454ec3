import Foundation

/// A line of a log that could not be used; the events around it still are.
@_spi(Package) public struct LogIssue: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    @_spi(Package) public var line: Int
    @_spi(Package) public var message: String
    /// The last line had no newline and did not parse: a write cut short (a crash or a kill).
    @_spi(Package) public var isTruncatedLastLine: Bool

    @_spi(Package) public var description: String { "line \(line): \(message)" }
}

/// A log that could not be read at all. Each message names the file (and line, where one applies).
@_spi(Package) public enum LogReadError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileNotFound(file: String)
    case unreadable(file: String, reason: String)
    case empty(file: String)
    case badHeader(file: String, line: Int, message: String)
    case unsupportedVersion(file: String, line: Int, message: String)

    @_spi(Package) public var description: String {
        switch self {
        case .fileNotFound(let f): "\(f): no such file"
        case .unreadable(let f, let r): "\(f): cannot read: \(r)"
        case .empty(let f): "\(f): the file is empty; expected a presentation-inspector-log header on line 1"
        case .badHeader(let f, let l, let m): "\(f):\(l): not a presentation-inspector-log: \(m)"
        case .unsupportedVersion(let f, let l, let m): "\(f):\(l): \(m)"
        }
    }
}

/// Everything read from a log.
@_spi(Package) public struct LogReadResult: Sendable {
    @_spi(Package) public var header: LogHeader
    @_spi(Package) public var events: [Event]
    /// Lines that were skipped, in file order.
    @_spi(Package) public var issues: [LogIssue]
    /// The last line was cut short and dropped.
    @_spi(Package) public var truncatedLastLine: Bool { issues.last?.isTruncatedLastLine ?? false }
}

/// Reads JSONL event logs in a streaming fashion: bounded memory, every complete event kept,
/// bad lines reported with their numbers.
@_spi(Package) public enum LogReader {
    /// A line longer than this ends the reading as soon as the limit is passed, in any input
    /// (16 MiB): no event is that long, and a line with no end (`/dev/zero`) must not keep the
    /// reader busy. The events before it are used; it is reported as a skipped line.
    @_spi(Package) public static let maximumLineLength = 16 << 20

    /// The issue reported for a line longer than ``maximumLineLength``, the last one read.
    static func oversizedLineIssue(_ line: Int) -> LogIssue {
        LogIssue(line: line, message: "line is longer than \(maximumLineLength) bytes (the line limit): not an event; the rest of the log is not read",
                 isTruncatedLastLine: false)
    }

    /// Reads a whole log file (`-` reads standard input). A large regular file is read as one
    /// byte range per core, each read and decoded on its own thread; the result is the same as
    /// reading it line by line (events in file order, issues with their line numbers).
    @_spi(Package) public static func read(path: String) throws(LogReadError) -> LogReadResult {
        let (header, issues, events) = try stream(path: path, name: nil, header: nil, collect: true) { _ in }
        return LogReadResult(header: header, events: events, issues: issues)
    }

    /// Reads a log held in memory; `name` is used in messages.
    @_spi(Package) public static func read(text: String, name: String = "<memory>") throws(LogReadError) -> LogReadResult {
        try read(text: text, name: name, state: ReadState(name: name))
    }

    /// ``read(text:name:)`` with every run split between `workers` threads however short it is
    /// (the fuzz target checks the result is the same as one thread's).
    @_spi(Package) public static func read(text: String, name: String = "<memory>", workers: Int) throws(LogReadError) -> LogReadResult {
        var state = ReadState(name: name, workers: workers)
        state.parallelThreshold = 0
        return try read(text: text, name: name, state: state)
    }

    private static func read(text: String, name: String, state: ReadState) throws(LogReadError) -> LogReadResult {
        var state = state
        state.collectEvents()
        let ignore: (Event) -> Void = { _ in }
        var copy = text
        // Split on the newline byte, as the file reader does: splitting on Character "\n"
        // would miss CRLF line ends, which Swift treats as one Character (found by fuzzing).
        copy.withUTF8 { all in
            var end = all.count
            while end > 0, all[end - 1] != 0x0A { end -= 1 }
            let lines = state.consume(run: UnsafeBufferPointer(rebasing: all[0..<end]), firstLine: 1, ignore)
            if end < all.count {
                state.consume(LineReader.Line(number: 1 + lines, bytes: UnsafeBufferPointer(rebasing: all[end...]), terminated: false), ignore)
            }
        }
        if let e = state.fatal { throw e }
        let header = try state.finish()
        return LogReadResult(header: header, events: state.takeCollected(), issues: state.issues)
    }

    /// Streams a log file: calls `event` for each valid event in file order and returns the
    /// header and the skipped lines. `-` reads standard input. Event lines are decoded in chunks
    /// on every core; `event` is called on the calling thread, in file order.
    @_spi(Package) public static func stream(path: String, event: (Event) -> Void) throws(LogReadError) -> (LogHeader, [LogIssue]) {
        try stream(path: path, header: nil, event: event)
    }

    /// ``stream(path:event:)``, calling `header` with the log's header as soon as it is read,
    /// before the first event (a converter writes it first). `name`, when given, stands for the
    /// file in messages (`<stdin>` for a copy of standard input).
    @_spi(Package) public static func stream(path: String, name: String? = nil, header: ((LogHeader) -> Void)?,
                                             event: (Event) -> Void) throws(LogReadError) -> (LogHeader, [LogIssue]) {
        let (h, issues, _) = try stream(path: path, name: name, header: header, collect: false, event: event)
        return (h, issues)
    }

    /// ``stream(path:header:event:)``; with `collect`, the events are returned in file order
    /// (moved out of the decoders' buffers, not copied one by one) and `event` is not called.
    private static func stream(path: String, name: String?, header: ((LogHeader) -> Void)?, collect: Bool,
                               event: (Event) -> Void) throws(LogReadError) -> (LogHeader, [LogIssue], [Event]) {
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw .fileNotFound(file: path) }
            if isDir.boolValue { throw .unreadable(file: path, reason: "it is a directory, not a log file") }
            fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        }
        defer { if fd != 0 { close(fd) } }
        let name = name ?? (path == "-" ? "<stdin>" : path)
        var state = ReadState(name: name)
        state.onHeader = header
        if collect {
            state.collectEvents()
            var err: Int32?
            if fd != 0, state.consumeInRanges(fd: fd, error: &err) {
                if let err { throw .unreadable(file: name, reason: String(cString: strerror(err))) }
                if let f = state.fatal { throw f }
                return (try state.finish(), state.issues, state.takeCollected())
            }
        }
        let reader = LineReader(fd: fd, maximumLineLength: maximumLineLength)
        let err = reader.forEachBlock({ run, firstLine in
            let lines = state.consume(run: run, firstLine: firstLine, event)
            return state.stopped || state.fatal != nil ? nil : lines
        }, last: { line in
            state.consume(line, event)
        }, oversized: { number in
            state.oversized(number)
        })
        if let err { throw .unreadable(file: name, reason: String(cString: strerror(err))) }
        if let f = state.fatal { throw f }
        return (try state.finish(), state.issues, state.takeCollected())
    }
}

/// The bytes of a UTF-8 byte order mark, which readers skip at the start of a file.
@_spi(Package) public let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

/// Writes logs: header line, then one event per line.
@_spi(Package) public enum LogWriter {
    /// The whole log as text, ending with a newline.
    @_spi(Package) public static func text(header: LogHeader, events: [Event]) -> String {
        String(decoding: bytes(header: header, events: events), as: UTF8.self)
    }

    /// The whole log as UTF-8 bytes, ending with a newline: what a file receives, without making
    /// a `String` of it first (which validates every byte again).
    @_spi(Package) public static func bytes(header: LogHeader, events: [Event]) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 256 + events.count * 1280)  // a recorded event takes about 1.1 kB
        EventCoding.write(header, into: &w)
        w.endLine()
        for e in events {
            EventCoding.write(e, into: &w)
            w.endLine()
        }
        return w.bytes
    }

    /// Writes the log to `path`: to a temporary file beside it, renamed into place when complete.
    ///
    /// - Throws: ``FileWriteError`` naming the real reason.
    @_spi(Package) public static func write(header: LogHeader, events: [Event], to path: String) throws(FileWriteError) {
        let file = try FileReplacement(path: path)
        bytes(header: header, events: events).withUnsafeBytes { file.write($0) }
        try file.commit()
    }
}
