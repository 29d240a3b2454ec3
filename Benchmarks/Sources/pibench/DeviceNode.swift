import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// The device path's adapter: a node type that costs what `UIKitNode`
// (Sources/PresentationInspector/UIKit/UIKitNode.swift) costs, over the simulator's controllers.
// UIKit does not exist on Linux; each UIKit read is modelled by the cheapest thing that does the
// same work: a lock where UIKitNode takes one, a locked global dictionary where the Objective-C
// runtime looks an associated object up (it takes a lock and searches a hash map), a dynamic cast
// where UIKitNode casts, a string built where it builds one. A message send to UIKit is modelled
// by reading the simulator's property through SimController's own accessors (`parentNode`,
// `presentingNode`, `ownPresentedNode`). Those reads pay what UIKit's do not: Swift's run-time
// exclusivity checks, and, since the controllers are referenced weakly, the runtime's slower
// reference counting (callgrind: `swift_beginAccess`, `doDecrementSlow`). The model errs on the
// dear side.

/// The session the hooks see (`HookState` in the iOS layer): behind a lock, read by every `ref`.
final class DeviceHookState: @unchecked Sendable {
    static let shared = DeviceHookState()
    private let lock = NSLock()
    private var current: InspectorSession?
    private var currentRecordsTitles = true

    /// The recording in progress (also the one whose settings `ref` follows).
    var session: InspectorSession? {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; currentRecordsTitles = newValue?.configuration.recordsTitles ?? true; lock.unlock() }
    }

    /// `HookState.recordsTitles`: the session's setting, read under the lock without retaining it.
    var recordsTitles: Bool {
        lock.lock(); defer { lock.unlock() }
        return currentRecordsTitles
    }
}

/// `Thread.isMainThread` as a device answers it: Darwin's Foundation asks `pthread_main_np()`, a
/// flag in the thread's own storage. swift-corelibs-foundation answers with a `gettid` system call
/// on Linux (about 40 per event on this path, a few microseconds of wall clock per event under a
/// hypervisor), which no device pays: the model compares `pthread_self()` with the main thread's.
enum MainThread {
    /// The main thread; first read by `DevicePath.init`, on the main thread.
    static let thread: pthread_t = pthread_self()
    static var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }
}

/// `UIKitNode` over a simulated controller, held weakly, one per controller.
final class DeviceNode: PresentationNode, @unchecked Sendable {
    private(set) weak var controller: SimController?
    /// `0x…`, fixed at creation.
    let id: String
    /// The class name as recorded, fixed at creation.
    let typeName: String
    /// The last title read on the main thread (UIKitNode's `lastTitle`).
    private let lastTitleLock = NSLock()
    private var lastTitle: String?

    private init(_ controller: SimController) {
        self.controller = controller
        id = Self.address(of: controller)
        typeName = SwiftClassName.recordedTypeName(controller.type)
    }

    // MARK: Canonical nodes (objc_getAssociatedObject / objc_setAssociatedObject)

    /// The Objective-C runtime's association table: a lock around a hash map.
    private static let associations = AssociationTable()
    /// What `UIKitEnvironment.windows()` scans.
    nonisolated(unsafe) static var simulation: Simulation?

    /// The node of `controller`, created on first use (`UIKitNode.node(for:)`).
    static func node(for controller: SimController) -> DeviceNode {
        associations.node(for: controller) { DeviceNode(controller) }
    }

    /// `UIKitNode.typeName(ofClass:)`: a class's recorded name, kept per class; `name` is what
    /// `NSStringFromClass` would answer.
    static func typeName(ofClass cls: AnyClass, named name: String) -> String {
        typeNamesLock.lock(); defer { typeNamesLock.unlock() }
        if let known = typeNames[ObjectIdentifier(cls)] { return known }
        let recorded = SwiftClassName.recordedTypeName(name)
        typeNames[ObjectIdentifier(cls)] = recorded
        return recorded
    }
    private static let typeNamesLock = NSLock()
    nonisolated(unsafe) private static var typeNames: [ObjectIdentifier: String] = [:]

    /// `controller.viewIfLoaded?.window` as the dismiss, disappear and observation hooks read it:
    /// the window whose root the controller hangs from, found by a climb to the root.
    static func window(of controller: SimController) -> SimWindow? {
        var root = controller, steps = 0
        while steps < 10_000 {
            if let p = root.parentNode { root = p } else if let p = root.presentingNode { root = p } else { break }
            steps += 1
        }
        return simulation?.windows.first { $0.root === root }
    }

    /// `0x1234abcd`, as UIKit prints object addresses.
    static func address(of object: AnyObject) -> String { "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16) }

    /// Runs `body` with the controller on the main thread; `fallback` off it or once it is gone.
    private func read<T>(_ fallback: T, _ body: (SimController) -> T) -> T {
        guard MainThread.isCurrent, let vc = controller else { return fallback }
        return body(vc)
    }

    // MARK: PresentationNode

    var ref: ControllerRef {
        let recordsTitles = DeviceHookState.shared.recordsTitles
        guard recordsTitles else { return ControllerRef(id: id, type: typeName) }
        if MainThread.isCurrent, let vc = controller {
            let title = vc.title
            lastTitleLock.lock(); lastTitle = title; lastTitleLock.unlock()
            return ControllerRef(id: id, type: typeName, title: title)
        }
        lastTitleLock.lock(); defer { lastTitleLock.unlock() }
        return ControllerRef(id: id, type: typeName, title: lastTitle)
    }

    var parentNode: DeviceNode? { read(nil) { $0.parentNode.map(DeviceNode.node(for:)) } }
    var childNodes: [DeviceNode] { read([]) { $0.childNodes.map(DeviceNode.node(for:)) } }
    var presentingNode: DeviceNode? {
        read(nil) { vc in
            guard vc.parentNode == nil, let p = vc.presentingNode else { return nil }
            return DeviceNode.node(for: p)
        }
    }
    var ownPresentedNode: DeviceNode? {
        read(nil) { vc in
            guard let p = vc.ownPresentedNode, p.presentingNode === vc else { return nil }
            return DeviceNode.node(for: p)
        }
    }
    /// As UIKitNode: the controllers walked themselves, a node made only for each presented one.
    func presentedNodesInSubtree() -> [DeviceNode] {
        read([]) { vc in
            var out: [DeviceNode] = []
            Self.appendPresented(below: vc, to: &out, depth: 0)
            return out
        }
    }

    private static func appendPresented(below c: SimController, to out: inout [DeviceNode], depth: Int) {
        guard depth < 1_000 else { return }
        if let p = c.ownPresentedNode, p.presentingNode === c { out.append(node(for: p)) }
        for child in c.childNodes { appendPresented(below: child, to: &out, depth: depth + 1) }
    }

    var rootOfWindow: String? {
        read(nil) { vc in DeviceNode.simulation?.windows.first { $0.root === vc }.map(DeviceNode.address) }
    }
    var modalPresentationStyle: PresentationStyle { read(.automatic) { $0.modalPresentationStyle } }
    var modalTransitionStyle: TransitionStyle { read(.coverVertical) { $0.modalTransitionStyle } }
    var definesPresentationContext: Bool { read(false) { $0.definesPresentationContext } }
    var providesPresentationContextTransitionStyle: Bool { read(false) { $0.providesPresentationContextTransitionStyle } }
    var isModalInPresentation: Bool { read(false) { $0.isModalInPresentation } }
    var popoverAnchor: PopoverAnchorState { read(.unknown) { DeviceFacts.popoverAnchor(of: $0) ?? .unknown } }
    var isViewInWindow: Bool { read(false) { $0.isViewInWindow } }
    var horizontalSizeClass: SizeClass { read(.compact) { $0.horizontalSizeClass } }
    var verticalSizeClass: SizeClass { read(.regular) { $0.verticalSizeClass } }

    /// `isBeingPresented || isBeingDismissed`.
    var isBeingPresentedOrDismissed: Bool { read(false) { $0.isBeingPresentedOrDismissed } }

    func makeLivenessProbe() -> LivenessProbe {
        LivenessProbe { [weak controller] in
            guard let controller, MainThread.isCurrent else { return false }
            return controller.parentNode == nil && controller.presentingNode == nil && !controller.isViewInWindow
        }
    }
}

/// The Objective-C runtime's associated objects, as `UIKitNode.node(for:)` uses them: a lock
/// around a table from the controller to its node.
final class AssociationTable: @unchecked Sendable {
    private let lock = NSLock()
    private var nodes: [ObjectIdentifier: DeviceNode] = [:]

    func node(for controller: SimController, make: () -> DeviceNode) -> DeviceNode {
        lock.lock(); defer { lock.unlock() }
        if let n = nodes[ObjectIdentifier(controller)] { return n }
        let n = make()
        nodes[ObjectIdentifier(controller)] = n
        return n
    }
}

/// The real clock (what `SystemScheduler` reads) and delayed work kept until the benchmark runs
/// it inside its measured loop (`SystemScheduler` hands it to `DispatchQueue.main.asyncAfter`,
/// which a benchmark without a run loop would never drain).
final class DeviceScheduler: InspectorScheduler, @unchecked Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    // Guarded by `lock` (or, for the running lists, read by `runDue` alone).
    private var pending: [@Sendable () -> Void] = []

    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        lock.lock(); pending.append(work); lock.unlock()
    }

    /// `DispatchQueue.main.async`: work for the main queue's next turn (the window chains' refresh).
    func async(_ work: @escaping @Sendable () -> Void) {
        lock.lock(); nextTurn.append(work); lock.unlock()
    }
    private var nextTurn: [@Sendable () -> Void] = []

    /// Runs the work scheduled so far: the main queue's next turn, then the delayed work as if its
    /// delay had passed. The lists are swapped with spares and emptied in place, keeping their
    /// storage: a queue's turn allocates no list on a device (GCD keeps its work items in cached
    /// continuations), and copying the lists out made two arrays per turn (callgrind, issue 10).
    func runDue() {
        lock.lock()
        swap(&nextTurn, &runningTurn)
        swap(&pending, &runningDue)
        lock.unlock()
        for i in runningTurn.indices { runningTurn[i]() }
        for i in runningDue.indices { runningDue[i]() }
        runningTurn.removeAll(keepingCapacity: true)
        runningDue.removeAll(keepingCapacity: true)
    }
    // Only `runDue` touches these, on the main thread.
    @exclusivity(unchecked) private var runningTurn: [@Sendable () -> Void] = []
    @exclusivity(unchecked) private var runningDue: [@Sendable () -> Void] = []

    /// Delayed work (leak checks) scheduled and not run yet.
    var pendingCount: Int { lock.lock(); defer { lock.unlock() }; return pending.count }
}
