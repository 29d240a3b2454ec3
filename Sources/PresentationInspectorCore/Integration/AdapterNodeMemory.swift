import Foundation

/// What an adapter node (the iOS layer's `UIKitNode`) remembers between reads: its controller's
/// last title, behind a lock (snapshots are taken on any thread), and the nodes it handed out
/// last for its children, its parent and its presenting controller, without one: relationships
/// are read on the main thread only (UIKit allows no other), so call ``childNodes(of:controller:node:)``
/// and ``node(of:_:mayReference:node:)`` from one thread (the lock cost ≈ 250 instructions an
/// event on the device path, callgrind, issue 10).
///
/// In the core, not the iOS layer, so that the device-path benchmark (`pibench record --mode
/// device`) runs the adapter's own code over simulated controllers, and so that it is tested on
/// Linux.
@_spi(Adapter) public final class AdapterNodeMemory<Child: AnyObject>: @unchecked Sendable {
    @usableFromInline let lock = InspectorLock()
    // Guarded by `lock` (run-time exclusivity checks off, as in ``Recorder``).
    @exclusivity(unchecked) @usableFromInline var lastTitle: String?
    @exclusivity(unchecked) @usableFromInline var lastRef: ControllerRef?
    // Read and written on the main thread only (see above).
    @exclusivity(unchecked) @usableFromInline var lastChildren: [Child] = []
    // The parent's and the presenter's nodes handed out last, with their controllers. The
    // controllers are held weakly, the nodes not at all: a node lives as long as its controller
    // (an associated object), so while the controller is there its node is too. A weak reference
    // to a node gave every node a side table, and every retain and release of one Swift's slow
    // path (callgrind, issue 10); a strong one would keep a neighbour's node alive.
    @exclusivity(unchecked) @usableFromInline weak var lastParentController: AnyObject?
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var lastParent: Child?
    @exclusivity(unchecked) @usableFromInline weak var lastPresentingController: AnyObject?
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var lastPresenting: Child?

    /// The main thread's last snapshot and the title it was taken with (main thread only: a
    /// title is read there alone), so that a snapshot of a controller whose title has not changed
    /// takes no lock (callgrind, issue 10: a present snapshots its source's every ancestor).
    // Three fields, not an optional tuple: reading a tuple copied (retained) all of it.
    @exclusivity(unchecked) @usableFromInline var mainRef: ControllerRef?  // nil: none kept
    @exclusivity(unchecked) @usableFromInline var mainFreshTitle: String?
    @exclusivity(unchecked) @usableFromInline var mainRecordsTitles = false
    /// Whether a title was read on the main thread (main thread only): a change of it from then
    /// on bumps ``AdapterTitleGeneration``.
    @exclusivity(unchecked) @usableFromInline var titleRead = false
    /// The last walk up from this node (``ancestors(from:startNode:limit:recordsTitles:mayReference:parent:title:step:node:)``), main thread only.
    @exclusivity(unchecked) @usableFromInline var lastWalk: AncestorWalk<Child>?

    /// Memory that starts with `title` as the last title read.
    public init(title: String? = nil) { lastTitle = title }

    /// The controller's reference: `freshTitle` is the title read now, on the main thread (nil
    /// when it could not be read: off the main thread, or the controller is gone), kept for the
    /// reads that cannot; without `recordsTitles` the reference has no title. Give `freshTitle`
    /// on the main thread only.
    @inlinable public func ref(id: String, type: String, freshTitle: String??, recordsTitles: Bool) -> ControllerRef {
        if let freshTitle, let kept = mainRef, mainRecordsTitles == recordsTitles, mainFreshTitle == freshTitle,
           kept.id == id, kept.type == type {
            return kept
        }
        lock.lock()
        if let freshTitle {
            // A kept walk up (`lastWalk`) that met this node stays right only while its title does.
            if titleRead, lastTitle != freshTitle { AdapterTitleGeneration.bump() }
            lastTitle = freshTitle; titleRead = true
        }
        let title = recordsTitles ? lastTitle : nil
        // The same snapshot while nothing in it changed: events share it, and the recorder's
        // pools match it by identity.
        let r: ControllerRef
        if let last = lastRef, last.id == id, last.type == type, last.title == title {
            r = last
        } else {
            r = ControllerRef(id: id, type: type, title: title)
            lastRef = r
        }
        lock.unlock()
        if let freshTitle { mainRef = r; mainFreshTitle = freshTitle; mainRecordsTitles = recordsTitles }
        return r
    }

    /// The nodes of `children`: the ones handed out last time while they stand for the same
    /// controllers, in the same order (a chain walk asks every controller of the window for its
    /// children after each change, and comparing is cheaper than a node look-up per child and a
    /// new array); otherwise `node` of each, kept for next time. Nodes hold their controllers
    /// weakly, so keeping them keeps no controller alive.
    @inlinable public func childNodes<Controller: AnyObject>(of children: [Controller], controller: (Child) -> Controller?,
                                                             node: (Controller) -> Child) -> [Child] {
        let cached = lastChildren
        if cached.count == children.count, zip(cached, children).allSatisfy({ controller($0) === $1 }) { return cached }
        let fresh = children.map(node)
        lastChildren = fresh
        return fresh
    }

    /// A controller this node's controller is related to.
    public enum Relative: Sendable {
        /// Its parent (`parent`).
        case parent
        /// The controller that presented it (`presentingViewController`).
        case presenting
    }

    /// The node of `related`, this node's ``Relative``: the one handed out last while `related`
    /// is the same controller, otherwise `node(related)`, kept for next time. The resolver asks
    /// a controller for its parent and presenter many times per call, and comparing is cheaper
    /// than the association lookup `node` makes (a lock and a hash table in the Objective-C
    /// runtime) and its cast.
    ///
    /// `node` must answer a controller's one node, which the controller keeps alive as long as it
    /// lives (`UIKitNode`: an associated object): the node handed out last is not held here. (Code
    /// that calls `objc_removeAssociatedObjects` on a live controller, which Apple's documentation
    /// warns against because it removes every client's associations, breaks that.)
    /// `mayReference` tells whether `related` may be referenced weakly (the Objective-C runtime
    /// traps on a weak reference to an object being deallocated): when it may not, the node is
    /// handed out and not remembered. It is asked only when the node is not the one remembered.
    @inlinable public func node<Controller: AnyObject>(of relative: Relative, _ related: Controller,
                                                       mayReference: (Controller) -> Bool = { _ in true },
                                                       node: (Controller) -> Child) -> Child {
        // The controller is alive (a weak reference answers nil from the start of its
        // deallocation), so the node it keeps is too.
        if let c = relative == .parent ? lastParentController : lastPresentingController, c === related,
           let cached = relative == .parent ? lastParent : lastPresenting { return cached }
        let fresh = node(related)
        guard mayReference(related) else { return fresh }
        switch relative {
        case .parent: lastParentController = related; lastParent = fresh
        case .presenting: lastPresentingController = related; lastPresenting = fresh
        }
        return fresh
    }
}

/// Recorded type names per class, made once per class (`SwiftClassName.recordedTypeName` of the
/// runtime's name) and kept: an app's classes are never unloaded, so the table holds its few.
@_spi(Adapter) public final class ClassNameCache: @unchecked Sendable {
    @usableFromInline let lock = InspectorLock()
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

/// Objects' addresses as UIKit prints them (`0x1234abcd`), the text of an address seen recently
/// kept: the hooks name the same few windows and controllers at every call, and formatting a
/// number in hexadecimal into a new string cost more than the rest of the read. The text depends
/// on the address alone, so a kept one is right whatever object holds the address now.
@_spi(Adapter) public enum ObjectAddressText {
    private static let slotCount = 32
    private static let lock = InspectorLock()
    @exclusivity(unchecked) nonisolated(unsafe) private static var slots = [(address: UInt, text: String)?](repeating: nil, count: slotCount)  // guarded by `lock`

    /// `0x` and the object's address in lowercase hexadecimal.
    public static func of(_ object: AnyObject) -> String { text(of: UInt(bitPattern: ObjectIdentifier(object))) }

    /// `0x` and `address` in lowercase hexadecimal.
    public static func text(of address: UInt) -> String {
        // Objects are 16-byte aligned: the bits above the alignment pick the slot.
        let slot = Int(truncatingIfNeeded: (address >> 4) ^ (address >> 9)) & (slotCount - 1)
        lock.lock()
        if let kept = slots[slot], kept.address == address { lock.unlock(); return kept.text }
        lock.unlock()
        let text = "0x" + String(address, radix: 16)
        lock.lock(); slots[slot] = (address, text); lock.unlock()
        return text
    }
}
