import Foundation

/// Where a hooked call was made from.
@_spi(Package) public struct CallContext: Sendable {
    /// `"main"`, or the name of the thread.
    @_spi(Package) public var thread: String
    @_spi(Package) public var isMainThread: Bool
    /// `file:line` or a symbol, when the caller knows it. A context made with a provider
    /// computes it on first read only, so calls that are folded or ignored never pay for it;
    /// one made with a captured stack symbolicates the stack's app frame when read.
    @_spi(Package) public var callSite: String? {
        get { callSiteText ?? capturedCallStack?.appFrame }
        set { storedCallSite = newValue; lazyCallSite = nil; capturedCallStack = nil }
    }
    /// The call site given as text (or by the provider), without symbolicating a captured stack:
    /// what an event stores next to ``capturedCallStack``.
    @_spi(Package) public var callSiteText: String? { storedCallSite ?? lazyCallSite?.value }
    /// The stack the hook captured (return addresses; symbolicated only when a person reads
    /// the event's call site).
    @_spi(Package) public var capturedCallStack: CapturedCallStack?
    private var storedCallSite: String?
    private var lazyCallSite: LazyCallSite?

    @_spi(Package) public init(thread: String = "main", isMainThread: Bool = true, callSite: String? = nil) {
        self.thread = thread
        self.isMainThread = isMainThread
        self.storedCallSite = callSite
    }

    /// A context whose call site `provider` computes when an event first needs it (symbolicating
    /// a stack costs about a millisecond on a device).
    @_spi(Package) public init(thread: String = "main", isMainThread: Bool = true, callSiteProvider: @escaping @Sendable () -> String?) {
        self.thread = thread
        self.isMainThread = isMainThread
        self.lazyCallSite = LazyCallSite(callSiteProvider)
    }

    /// A context whose call site is a captured stack (see ``CapturedCallStack``).
    @_spi(Package) public init(thread: String = "main", isMainThread: Bool = true, capturedCallStack: CapturedCallStack?) {
        self.thread = thread
        self.isMainThread = isMainThread
        self.capturedCallStack = capturedCallStack
    }

    /// A call on the main thread.
    @_spi(Package) public static let main = CallContext()

    /// The calling thread, as Foundation reports it (on Linux each thread asks once and keeps the
    /// answer: Foundation's answer there is a system call).
    @_spi(Package) public static func current(callSite: String? = nil) -> CallContext {
        if Thread.isMainThread { return CallContext(callSite: callSite) }
        let name = Thread.current.name.flatMap { $0.isEmpty ? nil : $0 } ?? "background"
        return CallContext(thread: name, isMainThread: false, callSite: callSite)
    }

    /// The calling thread, with the stack the hook captured as its call site:
    /// `.current(capturing: .capture())`. Nothing is symbolicated until someone reads it.
    @_spi(Package) public static func current(capturing stack: CapturedCallStack?) -> CallContext {
        if Thread.isMainThread { return CallContext(capturedCallStack: stack) }
        let name = Thread.current.name.flatMap { $0.isEmpty ? nil : $0 } ?? "background"
        return CallContext(thread: name, isMainThread: false, capturedCallStack: stack)
    }

    /// The calling thread, with a call site computed only if an event needs it.
    @_spi(Package) public static func current(callSiteProvider: @escaping @Sendable () -> String?) -> CallContext {
        if Thread.isMainThread { return CallContext(callSiteProvider: callSiteProvider) }
        let name = Thread.current.name.flatMap { $0.isEmpty ? nil : $0 } ?? "background"
        return CallContext(thread: name, isMainThread: false, callSiteProvider: callSiteProvider)
    }
}

/// A call site computed at most once, on first read.
final class LazyCallSite: @unchecked Sendable {
    private let lock = InspectorLock()
    private var provider: (@Sendable () -> String?)?
    private var computed: String?

    init(_ provider: @escaping @Sendable () -> String?) { self.provider = provider }

    var value: String? {
        lock.lock(); defer { lock.unlock() }
        if let p = provider { computed = p(); provider = nil }
        return computed
    }
}

/// The handler's notion of time: seconds since recording started, and delayed work
/// (leak checks). The simulator supplies a virtual clock; an app supplies the real one.
public protocol InspectorScheduler: Sendable {
    /// Seconds since the recording started.
    var now: Double { get }
    /// Runs `work` after `seconds`, on the thread that owns the controllers.
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void)
}

/// Real time from the moment it is created; delayed work on a dispatch queue (main by default).
@_spi(Package) public final class SystemScheduler: InspectorScheduler {
    private let start = DispatchTime.now().uptimeNanoseconds
    private let queue: DispatchQueue

    @_spi(Package) public init(queue: DispatchQueue = .main) { self.queue = queue }

    @_spi(Package) public var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    @_spi(Package) public func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + seconds, execute: work)
    }
}
