import Foundation

/// Why a live log could not be started.
@_spi(Package) public struct LiveLogError: Error, CustomStringConvertible, Sendable {
    @_spi(Package) public var path: String
    @_spi(Package) public var reason: String
    @_spi(Package) public var description: String { "\(path): cannot write the live log: \(reason)" }
}

/// Appends events to a JSONL file with one `write(2)` per line and no user-space buffer:
/// after a crash or a kill the file holds every complete line, plus at most one partial line.
final class LiveLogWriter {
    private let fd: Int32
    let path: String

    init(path: String, header: LogHeader) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
        guard fd >= 0 else { throw LiveLogError(path: path, reason: String(cString: strerror(errno))) }
        guard writeLine(EventCoding.encode(header)) else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw LiveLogError(path: path, reason: reason)
        }
    }

    deinit { close(fd) }

    /// Whether `path` names the file this writer appends to (the same file, by device and inode,
    /// whatever the spelling or link): a writer that replaced it would cut the live log off.
    func writes(toFileAt path: String) -> Bool {
        var mine = stat(), other = stat()
        guard fstat(fd, &mine) == 0, stat(path, &other) == 0 else { return false }
        return mine.st_dev == other.st_dev && mine.st_ino == other.st_ino
    }

    /// Writes one event line. Failures are swallowed: recording must never break the host app.
    func append(_ event: Event) {
        _ = writeLine(EventCoding.encode(event))
    }

    private func writeLine(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        return bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}
