import Foundation

/// What an adapter node (the iOS layer's `UIKitNode`) remembers between reads, behind one lock:
/// its controller's last title, and the child nodes it handed out last.
///
/// In the core, not the iOS layer, so that the device-path benchmark (`pibench record --mode
/// device`) runs the adapter's own code over simulated controllers, and so that it is tested on
/// Linux.
@_spi(Adapter) public final class AdapterNodeMemory<Child: AnyObject>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    // Guarded by `lock` (run-time exclusivity checks off, as in ``Recorder``).
    @exclusivity(unchecked) @usableFromInline var lastTitle: String?
    @exclusivity(unchecked) @usableFromInline var lastChildren: [Child] = []
    @exclusivity(unchecked) @usableFromInline var lastRef: ControllerRef?

    /// Memory that starts with `title` as the last title read.
    public init(title: String? = nil) { lastTitle = title }

    /// The controller's reference: `freshTitle` is the title read now (nil when it could not be
    /// read: off the main thread, or the controller is gone), kept for the reads that cannot;
    /// without `recordsTitles` the reference has no title.
    @inlinable public func ref(id: String, type: String, freshTitle: String??, recordsTitles: Bool) -> ControllerRef {
        lock.lock(); defer { lock.unlock() }
        if let freshTitle { lastTitle = freshTitle }
        let title = recordsTitles ? lastTitle : nil
        // The same snapshot while nothing in it changed: events share it, and the recorder's
        // pools match it by identity.
        if let r = lastRef, r.id == id, r.type == type, r.title == title { return r }
        let r = ControllerRef(id: id, type: type, title: title)
        lastRef = r
        return r
    }

    /// The nodes of `children`: the ones handed out last time while they stand for the same
    /// controllers, in the same order (a chain walk asks every controller of the window for its
    /// children after each change, and comparing is cheaper than a node look-up per child and a
    /// new array); otherwise `node` of each, kept for next time. Nodes hold their controllers
    /// weakly, so keeping them keeps no controller alive.
    @inlinable public func childNodes<Controller: AnyObject>(of children: [Controller], controller: (Child) -> Controller?,
                                                             node: (Controller) -> Child) -> [Child] {
        lock.lock(); let cached = lastChildren; lock.unlock()
        if cached.count == children.count, zip(cached, children).allSatisfy({ controller($0) === $1 }) { return cached }
        let fresh = children.map(node)
        lock.lock(); lastChildren = fresh; lock.unlock()
        return fresh
    }
}

/// Recorded type names per class, made once per class (`SwiftClassName.recordedTypeName` of the
/// runtime's name) and kept: an app's classes are never unloaded, so the table holds its few.
@_spi(Adapter) public final class ClassNameCache: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @exclusivity(unchecked) @usableFromInline var names: [ObjectIdentifier: String] = [:]  // guarded by `lock`

    /// An empty cache.
    public init() {}

    /// The recorded name of `cls`; `runtimeName` (what `NSStringFromClass` answers) is asked only
    /// the first time.
    @inlinable public func name(of cls: AnyClass, runtimeName: (AnyClass) -> String) -> String {
        lock.lock()
        if let n = names[ObjectIdentifier(cls)] { lock.unlock(); return n }
        lock.unlock()
        let n = SwiftClassName.recordedTypeName(runtimeName(cls))
        lock.lock(); names[ObjectIdentifier(cls)] = n; lock.unlock()
        return n
    }
}
