import Foundation

/// Why a file could not be written, in the user's terms (never Foundation's "the file doesn't exist").
public struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file that was to be written, as given.
    public var path: String
    /// What stood in the way.
    public var reason: String

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Writes files so that nothing is ever half-written or destroyed: the bytes go to a temporary
/// file beside the destination, which is flushed and then renamed over it. An interrupted or
/// failed write leaves the old file whole; a reader never sees a partial file.
///
/// Every writer of the package's tools (the CLI, the demo, `pi export`) goes through it, and
/// refuses an output that is one of its inputs (``FileReplacement/sameFile(_:_:)``). A device or a
/// pipe (`/dev/stdout`, `/dev/null`, a shell's `>(…)`) has nothing to keep: it is written directly.
/// The temporary file is one of the ``UnfinishedFiles``, removed when a tool is interrupted.
@_spi(Package) public final class FileReplacement {
    /// The path the file will have once committed (a symbolic link is replaced through: its target).
    @_spi(Package) public let destination: String
    private let given: String
    private var temporary: String?
    /// Written in place: a character device or a pipe, not a file to keep whole.
    private var direct = false
    private let fd: Int32
    private var failure: Int32 = 0

    /// Creates the temporary file beside `path`.
    @_spi(Package) public init(path: String) throws(FileWriteError) {
        given = path
        if let problem = Self.problem(writing: path) { throw FileWriteError(path: path, reason: problem) }
        if Self.isStream(path) {
            destination = path
            fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
            direct = true
            return
        }
        destination = Self.resolvingLink(path)
        let folder = Self.folder(of: destination)
        let name = (destination as NSString).lastPathComponent
        var fd: Int32 = -1
        var candidate = ""
        repeat {
            // A new name each try; O_EXCL never opens someone else's file. Mode 0666 minus the umask, as any new file.
            candidate = (folder as NSString).appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial")
            fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        } while fd < 0 && errno == EEXIST
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw FileWriteError(path: path, reason: "cannot create a file in the folder \(folder) to write it safely (\(reason))")
        }
        self.fd = fd
        temporary = candidate
        UnfinishedFiles.register(candidate)
        // The new file keeps the old one's permissions.
        var old = stat()
        if stat(destination, &old) == 0 { _ = fchmod(fd, old.st_mode & 0o7777) }
    }

    deinit {
        if let temporary {  // not committed: the old file stays as it was
            close(fd)
            UnfinishedFiles.remove(temporary)
        }
        if direct { close(fd) }
    }

    /// Appends bytes; a failure is remembered and reported by ``commit()``.
    @_spi(Package) public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == 0, let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, base + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { failure = n < 0 ? errno : EIO; return }
            done += n
        }
    }

    /// Appends text as UTF-8.
    @_spi(Package) public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Flushes the file to disk and gives it its name, replacing the old file.
    @_spi(Package) public func commit() throws(FileWriteError) {
        if direct {
            direct = false
            close(fd)
            if failure != 0 { throw FileWriteError(path: given, reason: String(cString: strerror(failure))) }
            return
        }
        guard let temporary else { return }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if failure == 0 { failure = UnfinishedFiles.finish(temporary) { rename(temporary, destination) == 0 ? 0 : errno } }
        guard failure == 0 else { throw FileWriteError(path: given, reason: String(cString: strerror(failure))) }
        close(fd)
        self.temporary = nil
    }

    /// Writes `text` to `path` in one go (temporary file, then rename).
    @_spi(Package) public static func write(_ text: String, to path: String) throws(FileWriteError) {
        let file = try FileReplacement(path: path)
        file.write(text)
        try file.commit()
    }
}

extension FileReplacement {
    /// Whether two paths name the same file (same device and inode: links, `./x` and `x`, and
    /// different spellings of one path all count). False when either does not exist.
    @_spi(Package) public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// What stands in the way of writing `path`, in the user's terms; nil when nothing visible does.
    @_spi(Package) public static func problem(writing path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        var st = stat()
        if stat(path, &st) == 0 {
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR {
                return "it is a directory; name a file inside it, e.g. \((path as NSString).appendingPathComponent("out"))"
            }
            if type != S_IFREG && !isStream(path) { return "it is not a regular file; name a file to create" }
            if isStream(path) { return nil }
        }
        let folder = folder(of: resolvingLink(path))
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            return "the folder \(folder) does not exist (create it first: mkdir -p \(folder))"
        }
        if !isDirectory.boolValue { return "\(folder) is a file, not a folder" }
        if access(folder, W_OK) != 0 {
            return "the folder \(folder) is not writable (\(String(cString: strerror(errno))))"
        }
        return nil
    }

    /// Whether `path` is a character device or a pipe (written in place, never replaced).
    private static func isStream(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return st.st_mode & S_IFMT == S_IFCHR || st.st_mode & S_IFMT == S_IFIFO
    }

    /// The folder a path is in (`.` for a bare name).
    private static func folder(of path: String) -> String {
        let f = (path as NSString).deletingLastPathComponent
        return f.isEmpty ? "." : f
    }

    /// The target of a symbolic link (relative targets resolved against its folder), so that
    /// replacing the file writes through the link instead of replacing the link itself.
    private static func resolvingLink(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target : (folder(of: current) as NSString).appendingPathComponent(target)
        }
        return current
    }
}
