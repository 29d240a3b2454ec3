import Foundation
@_spi(Package) import PresentationInspectorCore

/// Text put aside in an unnamed temporary file while a log streams by, read back when the output
/// is put together, so what a command prints in another order than it reads, or only after
/// the whole log was read, does not stay in memory. The file is unlinked as soon as it
/// is opened, so nothing is left behind, whatever happens.
///
/// Appending cannot fail where it is called (inside a log's stream): the first failure (a full
/// disk) is kept, nothing more is written or read, and ``check()`` reports it before the output
/// is committed.
final class Spool {
    /// Where a piece of text is in the spool.
    struct Piece {
        var offset: Int
        var length: Int
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Bytes written so far (including what is still buffered).
    private(set) var size = 0
    /// What failed first, in the user's terms; nothing is written or read after it.
    private var failure: String?

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/pinspect-spool-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { b in b.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else {
            report("cannot create a temporary file in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
            throw ExitStatus.cannotCreate
        }
        template.withUnsafeBufferPointer { b in _ = b.baseAddress.map { unlink($0) } }
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    deinit { close(fd) }

    /// Appends `text` (output to come, so control characters are escaped as on output:
    /// ``visibleOutput(_:)``); returns where it went.
    @discardableResult
    func append(_ text: String) -> Piece {
        let text = visibleOutput(text)
        let piece = Piece(offset: size, length: text.utf8.count)
        buffer.append(contentsOf: text.utf8)
        size += piece.length
        if buffer.count >= 1 << 16 { flush() }
        return piece
    }

    private func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        let error = buffer.withUnsafeBytes { writeAll(fd, $0) }
        if error != 0 { failure = "writing a temporary file in \(NSTemporaryDirectory()) failed: \(String(cString: strerror(error)))" }
    }

    /// Exits 73 naming what failed, when writing or reading the spool did; writes what is
    /// buffered first.
    func check() throws {
        flush()
        guard let failure else { return }
        report(failure)
        throw ExitStatus.cannotCreate
    }

    /// Reads `count` bytes at `offset` into `into`; false (the failure kept) when it cannot.
    private func read(_ into: UnsafeMutableRawBufferPointer, count: Int, at offset: Int) -> Bool {
        guard failure == nil, let base = into.baseAddress else { return false }
        var done = 0
        while done < count {
            let n = pread(fd, base + done, count - done, off_t(offset + done))
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                let reason = n < 0 ? String(cString: strerror(errno)) : "the file is shorter than what was written"
                failure = "reading a temporary file in \(NSTemporaryDirectory()) back failed: \(reason)"
                return false
            }
            done += n
        }
        return true
    }

    /// The bytes of `piece` (empty once the spool has failed: ``check()`` says so).
    func bytes(_ piece: Piece) -> [UInt8] {
        flush()
        var out = [UInt8](repeating: 0, count: piece.length)
        let read = piece.length == 0 || out.withUnsafeMutableBytes { self.read($0, count: piece.length, at: piece.offset) }
        return read ? out : []
    }

    /// Copies everything appended, in order, to `out` (up to a failure: ``check()`` says so).
    func copy(to out: StreamedOutput) {
        flush()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < size {
            let n = min(chunk.count, size - offset)
            guard chunk.withUnsafeMutableBytes({ read($0, count: n, at: offset) }) else { return }
            chunk.withUnsafeBufferPointer { out.put(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            offset += n
        }
    }
}

/// Output written as it is produced: standard output, or a file given with `--output` (written
/// under a temporary name beside it and renamed when complete, so a failed or interrupted run
/// leaves the old file as it was).
final class StreamedOutput {
    private let file: FileReplacement?
    private var buffer: [UInt8] = []
    private var failed: Int32 = 0

    /// Standard output, or `path` (`-` or nil: standard output). Exits 73 when the file cannot be created.
    init(path: String?) throws {
        guard let path, path != "-" else { file = nil; return }
        do {
            file = try FileReplacement(path: path)
        } catch {
            report(error.description)
            throw ExitStatus.cannotCreate
        }
        buffer.reserveCapacity(1 << 16)
    }

    func put(_ text: String) {
        buffer.append(contentsOf: visibleOutput(text).utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Puts bytes read back from a ``Spool`` (escaped when they were appended).
    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        if let file {
            buffer.withUnsafeBytes { file.write($0) }
        } else if failed == 0 {
            failed = buffer.withUnsafeBytes { writeAll(1, $0) }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and, for a file, gives it its name. Exits 73 when writing failed.
    func commit() throws {
        flush()
        guard let file else { return try requireStandardOutputWritten(failed) }
        do {
            try file.commit()
        } catch {
            report(error.description)
            throw ExitStatus.cannotCreate
        }
    }
}
