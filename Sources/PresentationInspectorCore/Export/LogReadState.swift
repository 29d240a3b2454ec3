import Foundation

extension LogReader {
    /// Run-by-run state shared by the file and in-memory readers: the header first, line by
    /// line, then the event lines, decoded in chunks on every core.
    ///
    /// A run of whole lines after the header is cut at newlines into one chunk per worker; each
    /// worker decodes its chunk with its own ``EventByteDecoder`` (its own interning tables) into
    /// its own events and issues, and the chunks are merged in file order. Line numbers in
    /// issues stay exact: a chunk numbers its lines from 0 and is shifted by the lines before it.
    /// The result is the same as decoding every line in turn on one thread.
    ///
    /// A reader that keeps every event (`LogReader.read(path:)`) instead reads a large regular
    /// file as one byte range per worker (``consumeInRanges(fd:error:)``): each worker reads its
    /// range itself, so neither waits for a shared read or for the other's chunk.
    struct ReadState {
        let name: String
        var header: LogHeader?
        var issues: [LogIssue] = []
        var fatal: LogReadError?
        /// A line longer than the limit ended the reading: nothing after it is read.
        var stopped = false
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
            guard !stopped else { return 0 }
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
                if !stopped {
                    if collected != nil {
                        // Moved, not copied: a copy retains and releases every string of the event.
                        if w.events.count > 0 { collected!.append(w.takeEvents()) }
                    } else {
                        w.events.forEach(event)
                    }
                    for var issue in w.issues { issue.line += number; issues.append(issue) }
                    number += w.lines
                    stopped = w.stopped
                }
                w.reset()
            }
            return number - firstLine
        }

        /// The events of every run, in file order, when the reader collects them
        /// (``collectEvents()``) rather than handing them to a callback one by one.
        private(set) var collected: [EventBuffer]?

        /// Keeps the events of each run instead of calling the callback of ``consume(run:firstLine:_:)``
        /// for them (lines read one by one still go to the callback).
        mutating func collectEvents() { collected = [] }

        /// The collected events in file order; the reader keeps none.
        mutating func takeCollected() -> [Event] {
            let parts = collected ?? []
            collected = collected.map { _ in [] }
            let total = parts.reduce(0) { $0 + $1.count }
            return [Event](unsafeUninitializedCapacity: total) { buffer, count in
                guard let base = buffer.baseAddress else { count = 0; return }
                adviseHugePages(base, count: total)
                var offsets: [Int] = []
                var at = 0
                for part in parts { offsets.append(at); at += part.count }
                if parts.count > 1, total >= 4096 {
                    // The large parts (one per byte range) are moved by as many threads: the
                    // copy and the first touch of the new memory are shared too.
                    let jobs = MoveJobs(parts: parts, offsets: offsets, base: base)
                    DispatchQueue.concurrentPerform(iterations: parts.count) { jobs.run($0) }
                } else {
                    for (part, offset) in zip(parts, offsets) { part.moveAll(to: base + offset) }
                }
                count = total
            }
        }

        /// Hands `e`, read line by line, to `event`, or collects it.
        private mutating func deliver(_ e: Event, _ event: (Event) -> Void) {
            if collected == nil { return event(e) }
            let one = EventBuffer(capacity: 1)
            one.append(e)
            collected!.append(one)
        }

        /// Reads a regular file (from its start, `fd` being unread) whose first line is the
        /// header as one byte range per worker, each read and decoded by its worker on its own
        /// thread with `pread`: no thread waits for a shared read, and the copy out of the page
        /// cache is shared too. The events are collected (``collectEvents()`` must
        /// have been called) and the issues numbered as the sequential reader numbers them.
        /// Returns false, having consumed nothing that matters, when the file does not suit
        /// (not a regular file, short, a first line that is not a header or longer than 64 KiB);
        /// the caller then reads it in order. An errno value in `error` when reading failed.
        mutating func consumeInRanges(fd: Int32, error: inout Int32?) -> Bool {
            var st = stat()
            guard collected != nil, workers.count > 1, fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
            let size = Int(st.st_size)
            guard size >= 4 * parallelThreshold else { return false }
            let headLength = min(size, 64 << 10)
            var head = [UInt8](repeating: 0, count: headLength)
            guard head.withUnsafeMutableBytes({ pread(fd, $0.baseAddress!, headLength, 0) }) == headLength,
                  let nl = head.firstIndex(of: 0x0A) else { return false }
            head.withUnsafeBufferPointer { b in
                consume(LineReader.Line(number: 1, bytes: UnsafeBufferPointer(rebasing: b[0..<nl]), terminated: true)) { _ in }
            }
            if fatal != nil { return true }
            guard header != nil else { return false }  // a blank first line: read in order (it is consumed again, harmlessly)
            // Boundaries just after a newline near each equal share of the rest.
            var bounds = [nl + 1]
            for k in 1..<workers.count {
                let target = bounds[0] + (size - bounds[0]) * k / workers.count
                guard target > bounds.last!, let b = Self.lineStart(fd, from: target, size: size), b < size else { break }
                bounds.append(b)
            }
            let jobs = RangeJobs(workers: workers, fd: fd, bounds: bounds)
            jobs.size = size
            // A guess from the first block, bounded both ways: a block of blank lines must not
            // reserve gigabytes (the buffer still grows past a low guess).
            jobs.lineLength = max(256, headLength / max(1, head.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }))
            DispatchQueue.concurrentPerform(iterations: bounds.count) { jobs.run($0) }
            var number = 2
            for w in workers.prefix(bounds.count) {
                if !stopped {
                    if let e = w.error, error == nil { error = e }
                    if w.events.count > 0 { collected!.append(w.takeEvents()) }
                    for var issue in w.issues { issue.line += number; issues.append(issue) }
                    number += w.lines
                    stopped = w.stopped
                }
                w.reset()
            }
            return true
        }

        /// The offset after the first newline at or after `offset`, if there is one before `size`.
        static func lineStart(_ fd: Int32, from offset: Int, size: Int) -> Int? {
            var block = [UInt8](repeating: 0, count: 64 << 10)
            var at = offset
            while at < size {
                let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, min($0.count, size - at), off_t(at)) }
                guard n > 0 else { return nil }
                if let k = block[0..<n].firstIndex(of: 0x0A) { return at + k + 1 }
                at += n
            }
            return nil
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
            guard fatal == nil, !stopped else { return }
            var line = line
            // A UTF-8 byte order mark (editors on Windows add one) is not part of the header.
            if line.number == 1, line.bytes.starts(with: utf8ByteOrderMark) {
                line.bytes = UnsafeBufferPointer(rebasing: line.bytes.dropFirst(utf8ByteOrderMark.count))
            }
            if line.bytes.count > maximumLineLength {
                oversized(line.number)
                return
            }
            if Self.isBlank(line.bytes) { return }
            if header != nil {
                switch workers[0].decoder.decode(line) {
                case .event(let e): deliver(e, event)
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
                let error = error.quotingAsWritten(in: line.bytes)
                if error.key == "version", object["format"]?.stringValue == LogHeader.formatName {
                    fatal = .unsupportedVersion(file: name, line: line.number, message: error.description)
                } else {
                    fatal = .badHeader(file: name, line: line.number, message: error.description)
                }
            }
        }

        /// A line longer than ``LogReader/maximumLineLength``: refuses the log when it would be the
        /// header, else is reported and ends the reading.
        mutating func oversized(_ number: Int) {
            if number == 1 || header == nil {
                fatal = fatal ?? .badHeader(file: name, line: number, message: "line is longer than \(maximumLineLength) bytes (the line limit); a header is one short JSON object")
            } else {
                issues.append(LogReader.oversizedLineIssue(number))
                stopped = true
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

        /// Decodes `line` into `events` or `issues`: the byte decoder's event goes straight into
        /// the buffer (no copy through ``Outcome``).
        @inline(__always)
        mutating func decode(_ line: LineReader.Line, into events: EventBuffer, issues: inout [LogIssue]) {
            if fast.decode(line.bytes, into: events) { return }
            switch reference(line) {
            case .event(let e): events.append(e)
            case .issue(let issue): issues.append(issue)
            case .blank: break
            }
        }

        /// The line's event, or why it was skipped: the byte decoder when it is sure, else the
        /// reference decoder (JSON tree), which words the error.
        mutating func decode(_ line: LineReader.Line) -> Outcome {
            if let e = fast.decode(line.bytes) { return .event(e) }
            return reference(line)
        }

        /// The reference path: the JSON tree, then ``EventCoding/decodeEvent(_:)``.
        private func reference(_ line: LineReader.Line) -> Outcome {
            if ReadState.isBlank(line.bytes) { return .blank }
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
            if object["format"]?.stringValue == LogHeader.formatName {
                return .issue(LogIssue(line: line.number, message: "a second log header: the file holds two logs joined (read them one by one); the events after it are read as this log's; skipped",
                                       isTruncatedLastLine: false))
            }
            do {
                return .event(try EventCoding.decodeEvent(object))
            } catch {
                return .issue(LogIssue(line: line.number, message: "\(error.quotingAsWritten(in: line.bytes).description); skipped", isTruncatedLastLine: false))
            }
        }
    }

    /// One worker's decoder and the results of its current chunk. Used by one thread at a time:
    /// the reader hands each worker one chunk, waits for all, then reads the results.
    final class ChunkWorker: @unchecked Sendable {
        var decoder = EventLineDecoder()
        private(set) var events = EventBuffer()
        var issues: [LogIssue] = []
        var lines = 0
        /// A line longer than the limit ended the chunk or range: the lines after it are not read.
        var stopped = false

        /// An errno value when reading its range failed (``decodeRange(fd:start:end:expectedLines:)``).
        var error: Int32?

        /// Decodes the newline-terminated lines of `chunk`, numbering them from `firstLine`;
        /// ``lines`` is then the number after the last.
        func decode(_ chunk: UnsafeBufferPointer<UInt8>, firstLine: Int = 0) {
            lines = firstLine + LineReader.forEachLine(in: chunk, firstLine: firstLine) { line in
                if stopped { return }
                if line.bytes.count > maximumLineLength {
                    issues.append(LogReader.oversizedLineIssue(line.number))
                    stopped = true
                    return
                }
                decoder.decode(line, into: events, issues: &issues)
            }
        }

        /// Reads and decodes the lines of bytes `start..<end` of `fd` (to the end of the file
        /// when `end` is nil) on its own, with `pread`, numbering them from 0: several workers
        /// read one file at once (``ReadState/consumeInRanges(fd:error:)``). A last line without a
        /// newline is decoded as the file reader's last line is.
        func decodeRange(fd: Int32, start: Int, end: Int?, expectedLines: Int = 0) {
            // Sized once: doubling moved the events each time and touched new memory.
            events.reserve(expectedLines)
            var reader = LineReader(fd: fd, maximumLineLength: maximumLineLength)
            reader.range = (start, end)
            reader.firstLine = 0
            error = reader.forEachBlock({ run, first in
                decode(run, firstLine: first)
                return stopped ? nil : lines - first
            }, last: { line in
                decoder.decode(line, into: events, issues: &issues)
                lines = line.number + 1
            }, oversized: { number in
                issues.append(LogReader.oversizedLineIssue(number))
                stopped = true
            })
        }

        /// The chunk's events, handed over; the worker starts a new buffer of the same capacity.
        func takeEvents() -> EventBuffer {
            let taken = events
            events = EventBuffer(capacity: taken.count)
            return taken
        }

        /// Forgets the chunk's results, keeping the capacity and the interning tables.
        func reset() {
            events.removeAll()
            issues.removeAll(keepingCapacity: true)
            lines = 0
            error = nil
            stopped = false
        }
    }

    /// Parts of the collected events and where each goes in the result, shared with the threads
    /// that move them.
    private final class MoveJobs: @unchecked Sendable {
        let parts: [EventBuffer]
        let offsets: [Int]
        let base: UnsafeMutablePointer<Event>
        init(parts: [EventBuffer], offsets: [Int], base: UnsafeMutablePointer<Event>) {
            self.parts = parts; self.offsets = offsets; self.base = base
        }
        func run(_ k: Int) { parts[k].moveAll(to: base + offsets[k]) }
    }

    /// The byte ranges of one file and the worker for each, shared with the threads that read them.
    private final class RangeJobs: @unchecked Sendable {
        let workers: [ChunkWorker]
        let fd: Int32
        let bounds: [Int]
        init(workers: [ChunkWorker], fd: Int32, bounds: [Int]) { self.workers = workers; self.fd = fd; self.bounds = bounds }
        /// Bytes per line in the file's first block, to size the event buffers once.
        var lineLength = 1024
        func run(_ k: Int) {
            let end = k + 1 < bounds.count ? bounds[k + 1] : nil
            workers[k].decodeRange(fd: fd, start: bounds[k], end: end, expectedLines: min(1 << 18, ((end ?? size) - bounds[k]) / lineLength * 11 / 10))
        }
        var size = 0
    }

    /// The chunks of one run and the worker for each, shared with the threads that decode them.
    private final class ChunkJobs: @unchecked Sendable {
        let workers: [ChunkWorker]
        let chunks: [UnsafeBufferPointer<UInt8>]
        init(workers: [ChunkWorker], chunks: [UnsafeBufferPointer<UInt8>]) { self.workers = workers; self.chunks = chunks }
        func run(_ k: Int) { workers[k].decode(chunks[k]) }
    }
}
