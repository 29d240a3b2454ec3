import Foundation

/// Controllers whose dismissal is not followed by a leak check: those a tool keeps alive on
/// purpose, such as a conformance run's controllers, which its scenario holds until it ends
/// (a leak check would flag every one of them). Thread-safe: the ids live inside the lock.
@_spi(Package) public final class LeakCheckExemptions: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<String> = []

    /// No exemption.
    @_spi(Package) public init() {}

    /// Exempts the controllers with these ids (`ControllerRef.id`, `0x…` on a device).
    @_spi(Package) public func add(_ newIDs: some Sequence<String>) {
        withLock { ids in ids.formUnion(newIDs) }
    }

    /// Ends the exemption of these ids.
    @_spi(Package) public func remove(_ oldIDs: some Sequence<String>) {
        withLock { ids in ids.subtract(oldIDs) }
    }

    /// Whether the controller with this id is exempt.
    @_spi(Package) public func contains(_ id: String) -> Bool {
        withLock { ids in ids.contains(id) }
    }

    private func withLock<Result>(_ body: (inout Set<String>) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&ids)
    }
}
