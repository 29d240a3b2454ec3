import Foundation

/// Where a hooked call was made from.
public struct CallContext: Sendable {
    /// `"main"`, or the name of the thread.
    public var thread: String
    public var isMainThread: Bool
    /// `file:line` or a symbol, when the caller knows it.
    public var callSite: String?

    public init(thread: String = "main", isMainThread: Bool = true, callSite: String? = nil) {
        self.thread = thread
        self.isMainThread = isMainThread
        self.callSite = callSite
    }

    /// A call on the main thread.
    public static let main = CallContext()

    /// The calling thread, as Foundation reports it.
    public static func current(callSite: String? = nil) -> CallContext {
        if Thread.isMainThread { return CallContext(callSite: callSite) }
        let name = Thread.current.name.flatMap { $0.isEmpty ? nil : $0 } ?? "background"
        return CallContext(thread: name, isMainThread: false, callSite: callSite)
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
public final class SystemScheduler: InspectorScheduler {
    private let start = DispatchTime.now().uptimeNanoseconds
    private let queue: DispatchQueue

    public init(queue: DispatchQueue = .main) { self.queue = queue }

    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    public func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + seconds, execute: work)
    }
}
