import Foundation
@_spi(Package) import PresentationInspectorCore

/// Text put aside in an unnamed temporary file while a log streams by, read back when the output
/// is put together, so what a command prints in another order than it reads, or only after
/// the whole log was read, does not stay in memory. The file is unlinked as soon as it
/// is opened, so nothing is left behind, whatever happens.
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

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/pinspect-spool-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            report("cannot create a temporary file in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
            throw ExitStatus.cannotCreate
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    deinit { close(fd) }

    /// Appends `text`; returns where it went.
    @discardableResult
    func append(_ text: String) -> Piece {
        let piece = Piece(offset: size, length: text.utf8.count)
        buffer.append(contentsOf: text.utf8)
        size += piece.length
        if buffer.count >= 1 << 16 { flush() }
        return piece
    }

    private func flush() {
        buffer.withUnsafeBytes { b in
            var done = 0
            while done < b.count {
                let n = write(fd, b.baseAddress! + done, b.count - done)
                if n < 0, errno == EINTR { continue }
                precondition(n > 0, "pinspect: writing a temporary file failed: \(String(cString: strerror(errno)))")
                done += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The bytes of `piece`.
    func bytes(_ piece: Piece) -> [UInt8] {
        flush()
        var out = [UInt8](repeating: 0, count: piece.length)
        out.withUnsafeMutableBytes { b in
            var done = 0
            while done < piece.length {
                let n = pread(fd, b.baseAddress! + done, piece.length - done, off_t(piece.offset + done))
                if n < 0, errno == EINTR { continue }
                precondition(n > 0, "pinspect: reading a temporary file failed")
                done += n
            }
        }
        return out
    }

    /// Copies everything appended, in order, to `out`.
    func copy(to out: StreamedOutput) {
        flush()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < size {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, min($0.count, size - offset), off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            precondition(n > 0, "pinspect: reading a temporary file failed")
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
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        if let file {
            buffer.withUnsafeBytes { file.write($0) }
        } else if failed == 0 {
            buffer.withUnsafeBytes { b in
                var done = 0
                while done < b.count {
                    let n = write(1, b.baseAddress! + done, b.count - done)
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { failed = errno; return }
                    done += n
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and, for a file, gives it its name. Exits 73 when writing failed.
    func commit() throws {
        flush()
        guard let file else { return }
        do {
            try file.commit()
        } catch {
            report(error.description)
            throw ExitStatus.cannotCreate
        }
    }
}
