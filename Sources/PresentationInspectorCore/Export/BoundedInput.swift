import Foundation

/// Reads a whole input (a file, or standard input) up to a size limit, so an endless one
/// (`/dev/zero`, a pipe that never closes with no end in sight) is refused once it passes the
/// limit instead of filling memory forever. For inputs read whole, such as scenarios; logs are
/// read line by line (``LogReader``).
@_spi(Package) public enum BoundedInput {
    /// Why an input could not be read, in the user's terms.
    @_spi(Package) public enum Failure: Error, Equatable, Sendable {
        case notFound
        case isDirectory
        case unreadable(reason: String)
        /// The input holds more than `limit` bytes.
        case tooLarge(limit: Int)

        /// What went wrong, without the file's name.
        @_spi(Package) public var message: String {
            switch self {
            case .notFound: "no such file"
            case .isDirectory: "it is a directory, not a file"
            case .unreadable(let reason): "cannot read the file: \(reason)"
            case .tooLarge(let limit): "longer than \(limit) bytes (the size limit); not read further"
            }
        }
    }

    /// The bytes of `path` (`-`: standard input), at most `limit` of them.
    @_spi(Package) public static func read(path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound }
            if isDirectory.boolValue { throw .isDirectory }
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw .unreadable(reason: String(cString: strerror(errno))) }
            if n == 0 { return bytes }
            if bytes.count + n > limit { throw .tooLarge(limit: limit) }
            bytes += chunk[0..<n]
        }
    }
}
