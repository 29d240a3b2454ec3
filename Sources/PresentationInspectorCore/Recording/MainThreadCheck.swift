import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether the calling thread is the main thread, as cheaply as the platform allows: every
/// hooked call asks (``CallContext/current(capturing:)``).
///
/// On Apple platforms `Thread.isMainThread` reads a flag in the thread's own storage
/// (`pthread_main_np()`). swift-corelibs-foundation answers it with a `gettid` system call on
/// Linux: about 450 ns in this project's KVM guests, a tenth of what the device-path benchmark
/// allows an event (issue 10). A thread's answer never changes, so on Linux each thread asks
/// Foundation once and keeps the answer in thread-local storage. (Usable from inline code:
/// ``DeferredWindowChains``'s public initializer defaults to it.)
@usableFromInline enum MainThreadCheck {
    /// Whether the caller runs on the main thread.
    @usableFromInline static var isMainThread: Bool {
        #if canImport(Darwin)
        return Thread.isMainThread
        #elseif canImport(Glibc) || canImport(Musl)
        guard let key = answerKey else { return Thread.isMainThread }
        if let kept = pthread_getspecific(key) { return Int(bitPattern: kept) == mainMark }
        let isMain = Thread.isMainThread
        _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: isMain ? mainMark : otherMark))
        return isMain
        #else
        return Thread.isMainThread
        #endif
    }

    #if !canImport(Darwin) && (canImport(Glibc) || canImport(Musl))
    /// What a thread's slot holds once asked (an unasked thread's slot is nil).
    private static let mainMark = 1, otherMark = 2
    /// The thread-local slot; nil if the process ran out of keys (then every call asks Foundation).
    private static let answerKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
    #endif
}
