import Foundation

/// A plain, non-recursive lock for state that is not a single value (prefer ``Locked``, which
/// keeps the state it guards). Unlocked on the thread that locked it.
final class InspectorLock: @unchecked Sendable {
    private let base = NSLock()

    init() {}

    func lock() { base.lock() }

    func unlock() { base.unlock() }
}

/// ``InspectorLock`` for the iOS layer's hooks.
@_spi(Package) public final class AdapterLock: @unchecked Sendable {
    private let base = NSLock()

    /// An unlocked lock.
    @_spi(Package) public init() {}

    /// Waits for the lock and takes it.
    @_spi(Package) public func lock() { base.lock() }

    /// Releases the lock; call on the thread that took it.
    @_spi(Package) public func unlock() { base.unlock() }
}
