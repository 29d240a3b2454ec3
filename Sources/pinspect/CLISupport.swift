import ArgumentParser
import Foundation
@_spi(Package) import PresentationInspectorCore

/// The exit codes every subcommand uses (sysexits.h values, so shells and CI read them as usual).
enum ExitStatus {
    /// Success.
    static let ok = ExitCode(0)
    /// `diagnose` found something at or above `--fail-on`.
    static let findings = ExitCode(1)
    /// Bad arguments (ArgumentParser uses the same value for its own usage errors).
    static let usage = ExitCode(64)
    /// The input is not a valid log or scenario, or lines had to be skipped.
    static let badData = ExitCode(65)
    /// The input file does not exist.
    static let missingFile = ExitCode(66)
    /// The output could not be written.
    static let cannotCreate = ExitCode(73)
}

/// Prints `pinspect: message` on standard error (where a failure has nowhere else to be told).
func report(_ message: String) {
    var line = visibleOutput("pinspect: \(message)\n")
    _ = line.withUTF8 { writeAll(2, UnsafeRawBufferPointer($0)) }
}

/// Writes text to standard output without going through `print`'s buffering per line. Exits 73,
/// saying why, when it cannot be written whole (a full disk, a pipe closed early while SIGPIPE
/// is ignored): output cut short is not a success.
func writeStandardOutput(_ text: String) throws {
    var text = visibleOutput(text)
    let error = text.withUTF8 { writeAll(1, UnsafeRawBufferPointer($0)) }
    try requireStandardOutputWritten(error)
}

/// `text` as pinspect writes it, wherever it goes: with every control character but line feed
/// and tab, and the characters that reorder a line, escaped (``VisibleText``). Logs come from
/// anyone's machine, and their strings reach every output: an escape sequence in one must not
/// reach the terminal that prints it. The formats' writers escape such characters themselves
/// (JSON as `\u` escapes, the same string; SVG, HTML and the text views as ``VisibleText``
/// does), so this is the net under them: it changes nothing they wrote.
func visibleOutput(_ text: String) -> String { VisibleText.escaped(text, keepingLineBreaks: true) }

/// Writes all of `bytes` to `fd`, going on after an interrupted or partial write; returns 0, or
/// the `errno` of the write that failed.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var done = 0
    while done < bytes.count {
        let n = write(fd, base + done, bytes.count - done)
        if n < 0, errno == EINTR { continue }
        if n < 0 { return errno }
        if n == 0 { return EIO }
        done += n
    }
    return 0
}

/// Exits 73 naming the reason when writing standard output failed with `error` (an `errno`).
func requireStandardOutputWritten(_ error: Int32) throws {
    guard error != 0 else { return }
    report("cannot write standard output: \(String(cString: strerror(error)))")
    throw ExitStatus.cannotCreate
}

/// Whether writing `output` would write over `input`, however either is spelled (links, `./x`
/// and `x`). The input `-` is standard input: a file redirected with `<` is compared too (a
/// pipe has no file to compare).
func writesOver(input: String, output: String) -> Bool {
    guard input == "-" else { return FileReplacement.sameFile(input, output) }
    var read = stat(), written = stat()
    guard fstat(0, &read) == 0, read.st_mode & S_IFMT == S_IFREG, stat(output, &written) == 0 else { return false }
    return read.st_dev == written.st_dev && read.st_ino == written.st_ino
}

/// The log to read: a file, or `-` for standard input.
struct LogInput: ParsableArguments {
    @Argument(help: ArgumentHelp("The event log (JSONL) to read; - reads standard input.", valueName: "log"))
    var path: String = "-"

    /// Reads the whole log. Exits 66 for a missing file, 65 when nothing usable could be read.
    /// Repeated sequence numbers are noted on standard error (not again when `noted`: a log read
    /// a second time).
    func load(noted: Bool = false) throws -> LoadedLog {
        try refuseTerminalStandardInput(path: path)
        if !noted { noteDebugBuild(reading: path) }
        do {
            let log = LoadedLog(result: try LogReader.read(path: path), name: path == "-" ? "<stdin>" : path)
            var numbers = RepeatedSequenceNumbers()
            for e in log.events { numbers.add(e.seq) }
            if !noted { numbers.note(name: log.name) }
            return log
        } catch {
            report(error.description)
            if case .fileNotFound = error { throw ExitStatus.missingFile }
            throw ExitStatus.badData
        }
    }
}

extension LogInput {
    /// Reads the log event by event without keeping it, so memory does not grow with the
    /// log. Same exits as ``load()``.
    ///
    /// With `rereadable`, standard input is first copied to a temporary file, so that
    /// ``reload(_:)`` can read it again (a command that finds the log out of order falls back to
    /// reading it whole).
    func stream(rereadable: Bool = false, header: ((LogHeader) -> Void)? = nil, _ event: (Event) -> Void) throws -> StreamedLog {
        try refuseTerminalStandardInput(path: path)
        noteDebugBuild(reading: path)
        var count = 0
        var numbers = RepeatedSequenceNumbers()
        let copy = rereadable && path == "-" ? try Self.copyStandardInput() : nil
        do {
            let name = path == "-" ? "<stdin>" : path
            let (h, issues) = try LogReader.stream(path: copy ?? path, name: name, header: header) { e in
                count += 1
                numbers.add(e.seq)
                event(e)
            }
            numbers.note(name: name)
            return StreamedLog(header: h, issues: issues, name: name, eventCount: count, copy: copy)
        } catch {
            if let copy { UnfinishedFiles.remove(copy) }
            report(error.description)
            if case .fileNotFound = error { throw ExitStatus.missingFile }
            throw ExitStatus.badData
        }
    }
}

/// Says on standard error, before a debug build of pinspect (what `swift run` builds) reads a
/// large file, that the release build reads it about ten times faster: PERFORMANCE.md's figures
/// are the release build's, and nothing else tells a user why theirs are slower.
func noteDebugBuild(reading path: String) {
    #if DEBUG
    var st = stat()
    guard path != "-", stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size >= largeLogBytes else { return }
    report("note: this pinspect is a debug build (swift run builds one), about ten times slower on a log this size; "
           + "build the release once, swift build -c release, and run .build/release/pinspect")
    #endif
}

/// From this size (32 MiB, about 25,000 events) a debug build takes seconds.
let largeLogBytes = 32 << 20

/// Finds events that share a sequence number. A recorder numbers each event once, so a repeated
/// number means a log edited by hand or written by another tool; the events are all used, but
/// `explain N` and `--at N` can name only one of them. Memory: one integer per event while the
/// numbers increase (as the recorder writes them), a set once they do not.
struct RepeatedSequenceNumbers {
    /// The numbers seen, ascending, while each was larger than the one before.
    private var ascending: [Int] = []
    /// Every number seen, once the log went out of order.
    private var seen: Set<Int>?
    /// Events whose number an earlier event had.
    private(set) var repeats = 0
    /// The first number seen twice.
    private(set) var first: Int?

    mutating func add(_ seq: Int) {
        if seen == nil {
            guard let last = ascending.last, seq <= last else { return ascending.append(seq) }
            if binarySearch(seq) { return record(seq) }
            seen = Set(ascending)  // out of order, not repeated: from now on, a set
            ascending = []
        }
        if seen?.insert(seq).inserted == false { record(seq) }
    }

    private mutating func record(_ seq: Int) {
        repeats += 1
        if first == nil { first = seq }
    }

    private func binarySearch(_ seq: Int) -> Bool {
        var low = 0, high = ascending.count
        while low < high {
            let mid = (low + high) / 2
            if ascending[mid] < seq { low = mid + 1 } else { high = mid }
        }
        return low < ascending.count && ascending[low] == seq
    }

    /// Says on standard error which number repeats first and how many events repeat one.
    func note(name: String) {
        guard let first else { return }
        report("note: \(name): \(repeats == 1 ? "an event repeats" : "\(repeats) events repeat") the sequence number of an earlier one "
               + "(first #\(first)): a recorder numbers each event once, so the log was edited or written by another tool; "
               + "explain and --at take the first event with a number")
    }
}

/// Says on standard error that the recorder dropped events before the log starts (its ring was
/// full), for the commands whose output does not say it: what those events held is missing.
func noteDroppedEvents(_ header: LogHeader, name: String) {
    guard header.dropped > 0 else { return }
    report("note: the recorder of \(name) dropped \(header.dropped) earlier events (its ring was full); what they held is not in this output")
}

/// A log read as a stream: its header and the lines that had to be skipped.
struct StreamedLog: SkippedLines {
    var header: LogHeader
    var issues: [LogIssue]
    var name: String
    var eventCount: Int
    /// The temporary copy of standard input made for a second reading, if any.
    var copy: String?
}

extension LogInput {
    /// Reads the streamed log again, whole (from the copy of standard input when it was one; the
    /// caller removes the copy).
    func reload(_ log: StreamedLog) throws -> LoadedLog {
        guard let copy = log.copy else { return try load(noted: true) }
        var again = LogInput()
        again.path = copy
        var loaded = try again.load(noted: true)
        loaded.name = log.name
        return loaded
    }

    /// Copies standard input to a temporary file; returns its path. The copy stops after a line
    /// longer than the reader's limit (``LogReader/maximumLineLength``): the reader refuses the
    /// log there anyway, and an endless stream with no newline (`/dev/zero`) must not fill the disk.
    static func copyStandardInput() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/pinspect-stdin-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            report("cannot create a temporary file in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
            throw ExitStatus.cannotCreate
        }
        defer { close(fd) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        UnfinishedFiles.register(path)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lineLength = 0  // bytes since the last newline
        while lineLength <= LogReader.maximumLineLength {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 {
                UnfinishedFiles.remove(path)
                report("cannot read standard input: \(String(cString: strerror(errno)))")
                throw ExitStatus.badData
            }
            if n == 0 { break }
            let error = chunk.withUnsafeBytes { writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            if error != 0 {
                UnfinishedFiles.remove(path)
                report("cannot copy standard input to \(path): \(String(cString: strerror(error)))")
                throw ExitStatus.cannotCreate
            }
            if let newline = chunk[0..<n].lastIndex(of: 0x0A) { lineLength = n - newline - 1 } else { lineLength += n }
        }
        return path
    }
}

/// What a read log says about its skipped lines, and the exit status they make.
protocol SkippedLines {
    var issues: [LogIssue] { get }
    var name: String { get }
    var eventCount: Int { get }
}

extension SkippedLines {
    /// One message for all skipped lines, naming the file and the first bad line; nil when clean.
    var skippedMessage: String? {
        guard let first = issues.first else { return nil }
        let n = issues.count
        var s = "\(name):\(first.line): \(first.message)"
        if n > 1 {
            let lines = issues.prefix(10).map { String($0.line) }.joined(separator: ", ")
            s += " (\(n) lines skipped in all: \(lines)\(n > 10 ? ", …" : ""))"
        } else {
            s += " (1 line skipped)"
        }
        return s + "; \(eventCount) valid events used"
    }

    /// Reports skipped lines after the output was produced: they make the exit status 65.
    func finish() throws {
        if let m = skippedMessage {
            report(m)
            throw ExitStatus.badData
        }
    }
}

/// A log as read, with the lines that had to be skipped.
struct LoadedLog: SkippedLines {
    var result: LogReadResult
    var name: String
    var header: LogHeader { result.header }
    var events: [Event] { result.events }
    var issues: [LogIssue] { result.issues }
    var eventCount: Int { result.events.count }

    /// Checks that an event with this seq exists (for `--at` and `explain`): exit 64 when the log
    /// has no such event, 65 when lines were skipped (the event may have been on one of them).
    func requireEvent(_ seq: Int, option: String) throws -> Event {
        if let e = events.first(where: { $0.seq == seq }) { return e }
        if let skipped = skippedMessage {
            // The event may well be on a line that had to be skipped: the bad data is the reason.
            report("\(option): no valid event #\(seq) in \(name); it may be on a skipped line: \(skipped)")
            throw ExitStatus.badData
        }
        let range = events.isEmpty ? "it has no events" : "it has #\(events.map(\.seq).min()!)–#\(events.map(\.seq).max()!)"
        report("\(option): \(name) has no event #\(seq) (\(range))")
        throw ExitStatus.usage
    }
}

/// Where output goes: a file given with `--output`, or standard output.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output (never one of the inputs).", valueName: "file"))
    var output: String?

    /// Refuses (exit 64) an output file that is one of the inputs, however either is spelled
    /// (links, `./x` and `x`): writing it would destroy what the command reads.
    func refuseOverwriting(_ inputs: String...) throws {
        guard let output, output != "-" else { return }
        for input in inputs where writesOver(input: input, output: output) {
            report(input == output
                ? "refusing to write \(output): it is the input file; name another output file"
                : input == "-" ? "refusing to write \(output): it is the file standard input reads; name another output file"
                : "refusing to write \(output): it is the same file as the input \(input); name another output file")
            throw ExitStatus.usage
        }
    }

    func write(_ text: String) throws {
        guard let output, output != "-" else { try writeStandardOutput(text); return }
        do {
            try FileReplacement.write(visibleOutput(text), to: output)
        } catch {
            report(error.description)
            throw ExitStatus.cannotCreate
        }
    }
}

/// `--fail-on` levels of `diagnose`.
enum FailLevel: String, CaseIterable, ExpressibleByArgument {
    case info, warning, error
    /// Report only: the exit status never depends on the findings.
    case none

    /// Whether a diagnostic of this severity fails the gate.
    func gates(_ s: Severity) -> Bool {
        switch self {
        case .info: true
        case .warning: s >= .warning
        case .error: s >= .error
        case .none: false
        }
    }
}
