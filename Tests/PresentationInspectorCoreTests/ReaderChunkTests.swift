@_spi(Package) @testable import PresentationInspectorCore
import XCTest

/// Issue 10: event lines are decoded in chunks on several threads, with interned values; the
/// result must be exactly what one thread decoding line by line gives: the same events, the
/// same issues with the same line numbers, whatever the chunk boundaries.
final class ReaderChunkTests: XCTestCase {
    /// A log with everything the reader treats specially: CRLF, blank lines, bad JSON, a bad
    /// value, a non-object, a line with escapes, repeated values (interned) and a cut last line.
    static func awkwardLog(rounds: Int) -> String {
        let header = EventCoding.encode(LogHeader(app: ["name": "chunks"]))
        var lines = ["\u{FEFF}" + header]
        for i in 0..<rounds {
            let sheet = ControllerRef(id: "sheet\(i % 7)", type: "Sheet", title: i % 3 == 0 ? "Tïtle \"\(i % 5)\"" : nil)
            let root = ControllerRef(id: "root", type: "UITabBarController")
            var e = Event(seq: 2 * i + 1, time: Double(i) * 0.35, kind: .present, outcome: .presented, window: "w\(i % 4)",
                          source: root, presented: sheet, presenting: root, requestedStyle: .automatic, effectiveStyle: .pageSheet,
                          explanation: ["present was called on \(root.label).", "Style \(i % 2) \\ path"],
                          diagnostics: i % 5 == 0 ? [Diagnostic(code: .alreadyPresenting, severity: .warning, message: "m\(i % 3)", fix: "f")] : [],
                          chain: [root, sheet], ancestry: [root])
            lines.append(EventCoding.encode(e) + (i % 2 == 0 ? "\r" : ""))
            e = Event(seq: 2 * i + 2, time: Double(i) * 0.35 + 0.1, kind: .dismiss, outcome: .dismissed, window: "w\(i % 4)",
                      receiver: sheet, handledBy: root, dismissed: [sheet], chain: [root])
            lines.append(EventCoding.encode(e))
            switch i % 11 {
            case 3: lines.append("")
            case 5: lines.append("{\"seq\":1,")
            case 7: lines.append("[1,2]")
            case 9: lines.append("{\"seq\":-4,\"time\":0,\"kind\":\"present\",\"outcome\":\"presented\"}")
            default: break
            }
        }
        return lines.joined(separator: "\n") + "\n{\"seq\":99999,\"time\":1,\"ki"
    }

    private func read(_ text: String, workers: Int, threshold: Int) -> (events: [Event], issues: [LogIssue], lines: Int) {
        var state = LogReader.ReadState(name: "t", workers: workers)
        state.parallelThreshold = threshold
        var events: [Event] = []
        var copy = text
        let lines = copy.withUTF8 { all in
            var end = all.count
            while end > 0, all[end - 1] != 0x0A { end -= 1 }
            var number = 1
            // Runs of a few lines each, as a file read in small pieces hands them out.
            var start = 0
            while start < end {
                var stop = min(end, start + 700)
                while all[stop - 1] != 0x0A { stop += 1 }
                number += state.consume(run: UnsafeBufferPointer(rebasing: all[start..<stop]), firstLine: number) { events.append($0) }
                start = stop
            }
            state.consume(LineReader.Line(number: number, bytes: UnsafeBufferPointer(rebasing: all[end...]), terminated: false)) { events.append($0) }
            return number
        }
        XCTAssertNil(state.fatal)
        return (events, state.issues, lines)
    }

    func testChunkedDecodingGivesWhatOneThreadGives() throws {
        let text = Self.awkwardLog(rounds: 300)
        let reference = try LogReader.read(text: text)
        XCTAssertGreaterThan(reference.events.count, 500)
        XCTAssertEqual(reference.issues.count, 300 / 11 * 3 + 1, "\(reference.issues.prefix(5))")
        XCTAssertTrue(reference.truncatedLastLine)
        let single = read(text, workers: 1, threshold: .max)
        for workers in [2, 3, 4] {
            let chunked = read(text, workers: workers, threshold: 0)
            XCTAssertEqual(chunked.events, single.events, "\(workers) workers")
            XCTAssertEqual(chunked.issues, single.issues, "\(workers) workers")
            XCTAssertEqual(chunked.lines, single.lines)
        }
        XCTAssertEqual(single.events, reference.events)
        XCTAssertEqual(single.issues, reference.issues)
    }

    func testTheFileReaderMatchesTheTextReaderAcrossItsBlocks() throws {
        // Larger than a parallel run, so the file reader splits it between threads.
        let text = Self.awkwardLog(rounds: 1_500)
        let path = NSTemporaryDirectory() + "reader-chunks-\(getpid()).jsonl"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try LogReader.read(path: path)
        let memory = try LogReader.read(text: text)
        XCTAssertEqual(file.events, memory.events)
        XCTAssertEqual(file.issues, memory.issues)
        XCTAssertEqual(file.issues.first?.line, memory.issues.first?.line)
    }

    /// `LogReader.read(path:)` reads a large regular file as one byte range per worker, each
    /// with its own `pread`s: the same events and issues (numbers included) as one thread.
    func testByteRangesOfAFileGiveWhatOneThreadGives() throws {
        let text = Self.awkwardLog(rounds: 1_500)
        let path = NSTemporaryDirectory() + "reader-ranges-\(getpid()).jsonl"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try LogReader.read(text: text, workers: 1)
        XCTAssertTrue(reference.truncatedLastLine)
        for workers in [2, 3, 4, 7] {
            var state = LogReader.ReadState(name: path, workers: workers)
            state.collectEvents()
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            var error: Int32?
            XCTAssertTrue(state.consumeInRanges(fd: fd, error: &error), "\(workers) workers")
            XCTAssertNil(error)
            XCTAssertNil(state.fatal)
            XCTAssertEqual(state.takeCollected(), reference.events, "\(workers) workers")
            XCTAssertEqual(state.issues, reference.issues, "\(workers) workers")
        }
    }

    /// Files the byte ranges do not suit are read in order, with the same result: a blank first
    /// line, a header longer than the first block read, a short file.
    func testFilesTheRangesDoNotSuitAreReadInOrder() throws {
        let text = Self.awkwardLog(rounds: 1_500)
        let long = text.replacingOccurrences(of: "\"name\":\"chunks\"", with: "\"name\":\"\(String(repeating: "x", count: 70_000))\"")
        for (k, variant) in ["\n" + String(text.dropFirst()), long, Self.awkwardLog(rounds: 20)].enumerated() {
            let path = NSTemporaryDirectory() + "reader-order-\(getpid())-\(k).jsonl"
            try variant.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            var state = LogReader.ReadState(name: path, workers: 2)
            state.collectEvents()
            var error: Int32?
            XCTAssertFalse(state.consumeInRanges(fd: fd, error: &error), "variant \(k)")
            let file = try LogReader.read(path: path)
            let memory = try LogReader.read(text: variant, workers: 1)
            XCTAssertEqual(file.events, memory.events, "variant \(k)")
            XCTAssertEqual(file.issues, memory.issues, "variant \(k)")
        }
    }

    func testSplitCutsAfterNewlinesOnly() {
        var text = Array("a\nbb\nccc\ndddd\neeeee\n".utf8)
        text.withUnsafeMutableBufferPointer { b in
            let run = UnsafeBufferPointer(b)
            for parts in 1...6 {
                let chunks = LogReader.ReadState.split(run, into: parts)
                XCTAssertEqual(chunks.map(\.count).reduce(0, +), run.count)
                for c in chunks { XCTAssertEqual(c.last, 0x0A) }
                XCTAssertLessThanOrEqual(chunks.count, parts)
            }
        }
    }

    func testDecimalsReadAsStrtodReadsThem() throws {
        var rng = SplitMix64(seed: 0x5EED_0010)  // seeded: a failure repeats
        var texts = ["0.1", "-0.0", "0.35", "6071.35", "123456789.012345", "0.000001", "999999999999999", "1.7976931348623157"]
        for _ in 0..<2_000 {
            let digits = Int.random(in: 1...17, using: &rng)
            var s = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            let dot = Int.random(in: 0...digits, using: &rng)
            if dot < digits { s.insert(".", at: s.index(s.startIndex, offsetBy: max(1, dot))) }
            if s.first == "0", s.count > 1, s.dropFirst().first != "." { s.removeFirst() }
            texts.append(Bool.random(using: &rng) ? "-" + s : s)
        }
        for t in texts {
            // Integers keep their own path (JSONParser.parseNumber); decimals are the fast path here.
            guard t.contains("."), let expected = Double(t), let parsed = try? JSONParser.parse(t) else { continue }
            XCTAssertEqual(parsed.numberValue?.bitPattern, expected.bitPattern, t)
        }
    }

    func testTheSpanCacheKeepsAtMostItsCapacityAndComparesWholeKeys() {
        var cache = SpanCache<Int>(capacity: 8, maximumKeyLength: 16)
        XCTAssertTrue(cache.accepts(16))
        XCTAssertFalse(cache.accepts(17))
        var keys = (0..<100).map { Array("key \($0)".utf8) }
        for (i, k) in keys.enumerated() {
            k.withUnsafeBufferPointer { cache.insert(i, for: $0, hash: SpanCache<Int>.hash($0)) }
        }
        var found = 0
        for (i, k) in keys.enumerated() {
            k.withUnsafeBufferPointer { b in
                if let v = cache.value(for: b, hash: SpanCache<Int>.hash(b)) { XCTAssertEqual(v, i); found += 1 }
                // Same hash, other bytes: never a hit.
                XCTAssertNil(cache.value(for: UnsafeBufferPointer(rebasing: b.dropLast()), hash: SpanCache<Int>.hash(b)))
            }
        }
        XCTAssertGreaterThan(found, 0)
        XCTAssertLessThanOrEqual(found, 8)
        keys.removeAll()
    }
}
