import Foundation

/// State behind a lock: the only way to the state is ``withLock(_:)``, so no access can
/// forget the lock. Not recursive.
@_spi(Package) public final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    @_spi(Package) public init(_ state: State) { self.state = state }

    /// Runs `body` with the state while holding the lock.
    @_spi(Package) public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
