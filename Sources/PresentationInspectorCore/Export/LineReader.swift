import Foundation

/// Reads a file descriptor line by line in fixed-size chunks, so memory stays bounded
/// whatever the file holds (a 100 MB line is skipped, not buffered).
struct LineReader {
    /// One line handed to the callback.
    struct Line {
        /// 1-based line number.
        var number: Int
        /// The line's bytes without the newline (and without a trailing `\r`).
        var bytes: UnsafeBufferPointer<UInt8>
        /// False for a last line that has no newline (possibly cut short by a crash).
        var terminated: Bool
    }

    let fd: Int32
    let maximumLineLength: Int
    let chunkSize = 1 << 20

    /// Calls `line` for every line and `oversized` for every line longer than the maximum
    /// (with its number and length). Returns an errno value when reading fails.
    func forEachLine(_ line: (Line) -> Void, oversized: (_ number: Int, _ length: Int) -> Void) -> Int32? {
        var buf = [UInt8]()
        buf.reserveCapacity(chunkSize * 2)
        var lineNumber = 1
        var skipping = false  // inside an oversized line: drop bytes until its newline
        var skippedLength = 0
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { break }
            var start = 0
            chunk.withUnsafeBufferPointer { c in
                var i = 0
                while i < n {
                    guard let p = memchr(c.baseAddress! + i, 0x0A, n - i) else { break }
                    let nl = c.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
                    if skipping {
                        oversized(lineNumber, skippedLength + (nl - i))
                        skipping = false
                        skippedLength = 0
                    } else if buf.isEmpty {
                        emit(UnsafeBufferPointer(rebasing: c[i..<nl]), lineNumber, true, line)
                    } else {
                        buf.append(contentsOf: UnsafeBufferPointer(rebasing: c[i..<nl]))
                        if buf.count > maximumLineLength {
                            oversized(lineNumber, buf.count)
                        } else {
                            buf.withUnsafeBufferPointer { emit($0, lineNumber, true, line) }
                        }
                        buf.removeAll(keepingCapacity: true)
                    }
                    lineNumber += 1
                    i = nl + 1
                }
                start = i
            }
            if start < n {
                if skipping {
                    skippedLength += n - start
                } else {
                    buf.append(contentsOf: chunk[start..<n])
                    if buf.count > maximumLineLength {
                        skipping = true
                        skippedLength = buf.count
                        buf.removeAll(keepingCapacity: false)
                        buf.reserveCapacity(chunkSize * 2)
                    }
                }
            }
        }
        if skipping {
            oversized(lineNumber, skippedLength)
        } else if !buf.isEmpty {
            buf.withUnsafeBufferPointer { emit($0, lineNumber, false, line) }
        }
        return nil
    }

    private func emit(_ bytes: UnsafeBufferPointer<UInt8>, _ number: Int, _ terminated: Bool, _ body: (Line) -> Void) {
        var b = bytes
        if let last = b.last, last == 0x0D { b = UnsafeBufferPointer(rebasing: b.dropLast()) }
        body(Line(number: number, bytes: b, terminated: terminated))
    }
}
