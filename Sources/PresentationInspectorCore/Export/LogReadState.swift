import Foundation

extension LogReader {
    /// Run-by-run state shared by the file and in-memory readers: the header first, line by
    /// line, then the event lines, decoded in chunks on every core (issue 10).
    ///
    /// A run of whole lines after the header is cut at newlines into one chunk per worker; each
    /// worker decodes its chunk with its own ``EventByteDecoder`` (its own interning tables) into
    /// its own events and issues, and the chunks are merged in file order. Line numbers in
    /// issues stay exact: a chunk numbers its lines from 0 and is shifted by the lines before it.
    /// The result is the same as decoding every line in turn on one thread.
    struct ReadState {
        let name: String
        var header: LogHeader?
        var issues: [LogIssue] = []
        var fatal: LogReadError?
        var sawContent = false
        private let workers: [ChunkWorker]
        /// Runs shorter than this are decoded on the calling thread alone.
        var parallelThreshold = 256 << 10
        /// Called once the header is read, before any event.
        var onHeader: ((LogHeader) -> Void)?

        /// State for reading `name` with `workers` decoders (the cores in use, at most 4).
        init(name: String, workers: Int = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))) {
            self.name = name
            self.workers = (0..<max(1, workers)).map { _ in ChunkWorker() }
        }

        /// Consumes a run of whole lines starting at line `firstLine`; returns how many lines it held.
        mutating func consume(run: UnsafeBufferPointer<UInt8>, firstLine: Int, _ event: (Event) -> Void) -> Int {
            var rest = run
            var number = firstLine
            // The header (and anything before it) line by line.
            while header == nil, fatal == nil, let base = rest.baseAddress, let p = memchr(base, 0x0A, rest.count) {
                let nl = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                consume(LineReader.Line(number: number, bytes: UnsafeBufferPointer(start: base, count: nl), terminated: true), event)
                number += 1
                rest = UnsafeBufferPointer(rebasing: rest[(nl + 1)...])
            }
            if fatal != nil || rest.isEmpty { return LineReader.forEachLine(in: run, firstLine: 0) { _ in } }
            let chunks = rest.count < parallelThreshold ? [rest] : Self.split(rest, into: workers.count)
            if chunks.count == 1 {
                workers[0].decode(chunks[0])
            } else {
                let jobs = ChunkJobs(workers: workers, chunks: chunks)
                DispatchQueue.concurrentPerform(iterations: chunks.count) { jobs.run($0) }
            }
            for w in workers.prefix(chunks.count) {
                for e in w.events { event(e) }
                for var issue in w.issues { issue.line += number; issues.append(issue) }
                number += w.lines
                w.reset()
            }
            return number - firstLine
        }

        /// `run` cut after newlines into at most `parts` chunks of about equal size.
        static func split(_ run: UnsafeBufferPointer<UInt8>, into parts: Int) -> [UnsafeBufferPointer<UInt8>] {
            var chunks: [UnsafeBufferPointer<UInt8>] = []
            var start = 0
            for k in 1..<parts {
                let target = run.count * k / parts
                guard target > start, let p = memchr(run.baseAddress! + target, 0x0A, run.count - target) else { continue }
                let end = run.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
                chunks.append(UnsafeBufferPointer(rebasing: run[start..<end]))
                start = end
            }
            if start < run.count { chunks.append(UnsafeBufferPointer(rebasing: run[start...])) }
            return chunks
        }

        /// One line before (or of) the header, or the last line without a newline.
        mutating func consume(_ line: LineReader.Line, _ event: (Event) -> Void) {
            guard fatal == nil else { return }
            var line = line
            // A UTF-8 byte order mark (editors on Windows add one) is not part of the header.
            if line.number == 1, line.bytes.starts(with: utf8ByteOrderMark) {
                line.bytes = UnsafeBufferPointer(rebasing: line.bytes.dropFirst(utf8ByteOrderMark.count))
            }
            if line.bytes.count > maximumLineLength {
                oversized(line.number, line.bytes.count)
                return
            }
            if Self.isBlank(line.bytes) { return }
            if header != nil {
                switch workers[0].decoder.decode(line) {
                case .event(let e): event(e)
                case .issue(let issue): issues.append(issue)
                case .blank: break
                }
                return
            }
            sawContent = true
            let object: JSONObject
            do {
                let parsed = try JSONParser.parse(line.bytes)
                guard let o = parsed.objectValue else {
                    fatal = .badHeader(file: name, line: line.number, message: "expected a JSON object, found \(parsed.typeDescription)")
                    return
                }
                object = o
            } catch {
                fatal = .badHeader(file: name, line: line.number, message: "invalid JSON: \(error.message) at column \(error.offset + 1)")
                return
            }
            do {
                let h = try EventCoding.decodeHeader(object)
                header = h
                onHeader?(h)
            } catch {
                if error.key == "version", object["format"]?.stringValue == LogHeader.formatName {
                    fatal = .unsupportedVersion(file: name, line: line.number, message: error.description)
                } else {
                    fatal = .badHeader(file: name, line: line.number, message: error.description)
                }
            }
        }

        /// A line longer than ``LogReader/maximumLineLength``: refuses the log when it would be the
        /// header, else is reported and skipped.
        mutating func oversized(_ number: Int, _ length: Int) {
            if number == 1 || header == nil {
                fatal = fatal ?? .badHeader(file: name, line: number, message: "line is \(length) bytes long; a header is one short JSON object")
            } else {
                issues.append(LogIssue(line: number, message: "line is \(length) bytes long (limit \(maximumLineLength)); skipped", isTruncatedLastLine: false))
            }
        }

        func finish() throws(LogReadError) -> LogHeader {
            if let fatal { throw fatal }
            guard let header else {
                if sawContent { throw LogReadError.badHeader(file: name, line: 1, message: "no header line") }
                throw LogReadError.empty(file: name)
            }
            return header
        }

        static func isBlank(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
            for c in b where !(c == 0x20 || c == 0x09 || c == 0x0D) { return false }
            return true
        }
    }

    /// Decodes event lines (after the header) into events or issues.
    struct EventLineDecoder {
        /// What one line gave.
        enum Outcome {
            case event(Event), issue(LogIssue), blank
        }

        private var fast = EventByteDecoder()

        /// The line's event, or why it was skipped: the byte decoder when it is sure, else the
        /// reference decoder (JSON tree), which words the error.
        mutating func decode(_ line: LineReader.Line) -> Outcome {
            if ReadState.isBlank(line.bytes) { return .blank }
            if let e = fast.decode(line.bytes) { return .event(e) }
            let parsed: JSONValue
            do {
                parsed = try JSONParser.parse(line.bytes)
            } catch {
                return .issue(LogIssue(line: line.number,
                                       message: line.terminated ? "invalid JSON: \(error.message) at column \(error.offset + 1); skipped"
                                                                : "last line is incomplete (the write was cut short); skipped",
                                       isTruncatedLastLine: !line.terminated))
            }
            guard let object = parsed.objectValue else {
                return .issue(LogIssue(line: line.number, message: "expected a JSON object, found \(parsed.typeDescription); skipped", isTruncatedLastLine: false))
            }
            do {
                return .event(try EventCoding.decodeEvent(object))
            } catch {
                return .issue(LogIssue(line: line.number, message: "\(error.description); skipped", isTruncatedLastLine: false))
            }
        }
    }

    /// One worker's decoder and the results of its current chunk. Used by one thread at a time:
    /// the reader hands each worker one chunk, waits for all, then reads the results.
    final class ChunkWorker: @unchecked Sendable {
        var decoder = EventLineDecoder()
        var events: [Event] = []
        var issues: [LogIssue] = []
        var lines = 0

        /// Decodes the newline-terminated lines of `chunk`, numbering them from 0.
        func decode(_ chunk: UnsafeBufferPointer<UInt8>) {
            lines = LineReader.forEachLine(in: chunk, firstLine: 0) { line in
                if line.bytes.count > maximumLineLength {
                    issues.append(LogIssue(line: line.number, message: "line is \(line.bytes.count) bytes long (limit \(maximumLineLength)); skipped", isTruncatedLastLine: false))
                    return
                }
                switch decoder.decode(line) {
                case .event(let e): events.append(e)
                case .issue(let issue): issues.append(issue)
                case .blank: break
                }
            }
        }

        /// Forgets the chunk's results, keeping the capacity and the interning tables.
        func reset() {
            events.removeAll(keepingCapacity: true)
            issues.removeAll(keepingCapacity: true)
            lines = 0
        }
    }

    /// The chunks of one run and the worker for each, shared with the threads that decode them.
    private final class ChunkJobs: @unchecked Sendable {
        let workers: [ChunkWorker]
        let chunks: [UnsafeBufferPointer<UInt8>]
        init(workers: [ChunkWorker], chunks: [UnsafeBufferPointer<UInt8>]) { self.workers = workers; self.chunks = chunks }
        func run(_ k: Int) { workers[k].decode(chunks[k]) }
    }
}
