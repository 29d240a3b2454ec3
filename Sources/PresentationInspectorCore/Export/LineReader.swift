import Foundation

/// Reads a file descriptor in fixed-size chunks and hands out runs of whole lines, so memory
/// stays bounded whatever the input holds, and a run can be split between threads. A line longer
/// than the limit ends the reading as soon as the limit is passed: nothing waits for the end of a
/// line that may never come (`/dev/zero`, an endless pipe).
struct LineReader {
    /// One line handed to a callback.
    struct Line {
        /// 1-based line number.
        var number: Int
        /// The line's bytes without the newline (and without a trailing `\r`).
        var bytes: UnsafeBufferPointer<UInt8>
        /// False for a last line that has no newline (possibly cut short by a crash).
        var terminated: Bool

        /// The line at `bytes` (without its newline), with a trailing `\r` dropped.
        init(number: Int, bytes: UnsafeBufferPointer<UInt8>, terminated: Bool) {
            self.number = number
            self.bytes = bytes.last == 0x0D ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
            self.terminated = terminated
        }
    }

    let fd: Int32
    let maximumLineLength: Int
    var chunkSize = 1 << 20
    /// Where to read from with `pread` (a byte range of a regular file, read by one of several
    /// threads), or nil to `read` the descriptor from its current offset.
    var range: (start: Int, end: Int?)?
    /// The number of the first line read.
    var firstLine = 1

    /// Calls `block` with each run of whole lines (every line ending with its newline) and the
    /// number of its first line; `block` returns how many lines the run held, or nil to stop
    /// reading. `last` gets a final line without a newline. When the line being read grows past
    /// the maximum, `oversized` gets its number and the reading stops there. Returns an errno
    /// value when reading fails.
    func forEachBlock(_ block: (_ lines: UnsafeBufferPointer<UInt8>, _ firstLine: Int) -> Int?,
                      last: (Line) -> Void, oversized: (_ number: Int) -> Void) -> Int32? {
        // Reads start small (a short log costs no megabytes) and double while they come back
        // full, up to `chunkSize`.
        var readSize = min(chunkSize, 64 << 10)
        var buf = [UInt8](repeating: 0, count: readSize)
        var used = 0
        var lineNumber = firstLine
        var position = range?.start ?? 0
        while true {
            if buf.count - used < readSize { buf += [UInt8](repeating: 0, count: readSize - (buf.count - used)) }
            let n: Int
            if let range {
                let want = range.end.map { min(readSize, $0 - position) } ?? readSize
                n = want <= 0 ? 0 : buf.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + used, want, off_t(position)) }
                if n > 0 { position += n }
            } else {
                n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress! + used, readSize) }
            }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { break }
            if n == readSize { readSize = min(chunkSize, 2 * readSize) }
            used += n
            let stop: Bool = buf.withUnsafeMutableBufferPointer { b in
                let base = b.baseAddress!
                // The run ends after the last newline; the partial line after it waits for more.
                // Only the new bytes can hold one: what was left before them is a partial line.
                var end = used
                while end > used - n, base[end - 1] != 0x0A { end -= 1 }
                if end > used - n {
                    guard let lines = block(UnsafeBufferPointer(start: base, count: end), lineNumber) else { return true }
                    lineNumber += lines
                    memmove(base, base + end, used - end)
                    used -= end
                }
                return false
            }
            if stop { return nil }
            if used > maximumLineLength {
                oversized(lineNumber)
                return nil
            }
            // A long line grew the buffer: give the memory back once it is gone.
            if used == 0, buf.count > 2 * chunkSize { buf = [UInt8](repeating: 0, count: chunkSize) }
        }
        if used > 0 {
            buf.withUnsafeBufferPointer { last(Line(number: lineNumber, bytes: UnsafeBufferPointer(rebasing: $0[0..<used]), terminated: false)) }
        }
        return nil
    }

    /// Calls `body` for each newline-terminated line of `run` (as ``forEachBlock(_:last:oversized:)``
    /// hands them out), numbered from `firstLine`; returns how many there were.
    @inline(__always)
    static func forEachLine(in run: UnsafeBufferPointer<UInt8>, firstLine: Int, _ body: (Line) -> Void) -> Int {
        guard let base = run.baseAddress else { return 0 }
        var i = 0
        var number = firstLine
        while i < run.count, let p = memchr(base + i, 0x0A, run.count - i) {
            let nl = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            body(Line(number: number, bytes: UnsafeBufferPointer(start: base + i, count: nl - i), terminated: true))
            number += 1
            i = nl + 1
        }
        return number - firstLine
    }
}
