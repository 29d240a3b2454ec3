import Foundation

/// The lock of the hooks' path: `os_unfair_lock` on Apple platforms, a plain `pthread_mutex_t`
/// elsewhere. Not recursive; unlocked on the thread that locked it.
///
/// Every hooked call takes about twenty short critical sections (the recorder, the window chains,
/// the dismissal monitor, snapshots' titles). `NSLock` wraps the same mutex in a Foundation object
/// (on Apple platforms an Objective-C message per call): callgrind counted its wrapper at ≈ 20
/// instructions per lock and unlock, issue 10.
@usableFromInline final class InspectorLock: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    @usableFromInline init() {
        mutex = .allocate(capacity: 1)
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    @inlinable func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_unlock(mutex)
        #endif
    }
}

/// ``InspectorLock`` for the iOS layer's hooks (and the device-path benchmark's model of them),
/// which take a lock on every hooked call too (the session, the hook's state, a snapshot's settings).
@_spi(Adapter) public final class AdapterLock: @unchecked Sendable {
    @usableFromInline let base = InspectorLock()

    /// An unlocked lock.
    public init() {}

    /// Waits for the lock and takes it.
    @inlinable public func lock() { base.lock() }

    /// Releases the lock; call on the thread that took it.
    @inlinable public func unlock() { base.unlock() }
}
