import Foundation
import PresentationInspectorCore
import PresentationSimulator

// The device path's adapter: a node type that costs what `UIKitNode`
// (Sources/PresentationInspector/UIKit/UIKitNode.swift) costs, over the simulator's controllers.
// UIKit does not exist on Linux; each UIKit read is modelled by the cheapest thing that does the
// same work: a lock where UIKitNode takes one, a locked global dictionary where the Objective-C
// runtime looks an associated object up (it takes a lock and searches a hash map), a dynamic cast
// where UIKitNode casts, a string built where it builds one. A message send to UIKit is modelled
// by reading the simulator's property (a message send costs a few nanoseconds more).

/// The session the hooks see (`HookState` in the iOS layer): behind a lock, read by every `ref`.
final class DeviceHookState: @unchecked Sendable {
    static let shared = DeviceHookState()
    private let lock = NSLock()
    private var current: InspectorSession?

    /// The recording in progress (also the one whose settings `ref` follows).
    var session: InspectorSession? {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }
}

/// `UIKitNode` over a simulated controller, held weakly, one per controller.
final class DeviceNode: PresentationNode, @unchecked Sendable {
    private(set) weak var controller: SimController?
    /// `0x…`, fixed at creation.
    let id: String
    /// The class name as recorded, fixed at creation.
    let typeName: String
    private let lock = NSLock()
    private var lastTitle: String?

    private init(_ controller: SimController) {
        self.controller = controller
        id = Self.address(of: controller)
        typeName = SwiftClassName.recordedTypeName(controller.type)
    }

    // MARK: Canonical nodes (objc_getAssociatedObject / objc_setAssociatedObject)

    /// The Objective-C runtime's association table: a global lock around a hash map.
    nonisolated(unsafe) private static var associations: [ObjectIdentifier: AnyObject] = [:]
    private static let associationLock = NSLock()
    private static let creationLock = NSLock()
    /// What `UIKitEnvironment.windows()` scans.
    nonisolated(unsafe) static var simulation: Simulation?

    /// The node of `controller`, created on first use (`UIKitNode.node(for:)`).
    static func node(for controller: SimController) -> DeviceNode {
        creationLock.lock(); defer { creationLock.unlock() }
        associationLock.lock()
        let associated = associations[ObjectIdentifier(controller)]
        associationLock.unlock()
        if let n = associated as? DeviceNode { return n }
        let n = DeviceNode(controller)
        associationLock.lock(); associations[ObjectIdentifier(controller)] = n; associationLock.unlock()
        return n
    }

    /// `0x1234abcd`, as UIKit prints object addresses.
    static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
    }

    /// Runs `body` with the controller on the main thread; `fallback` off it or once it is gone.
    private func read<T>(_ fallback: T, _ body: (SimController) -> T) -> T {
        guard Thread.isMainThread, let vc = controller else { return fallback }
        return body(vc)
    }

    // MARK: PresentationNode

    var ref: ControllerRef {
        let recordsTitles = DeviceHookState.shared.session?.configuration.recordsTitles ?? true
        if recordsTitles, Thread.isMainThread, let vc = controller {
            let title = vc.title
            lock.lock(); lastTitle = title; lock.unlock()
        }
        lock.lock(); defer { lock.unlock() }
        return ControllerRef(id: id, type: typeName, title: recordsTitles ? lastTitle : nil)
    }

    var parentNode: DeviceNode? { read(nil) { $0.parent.map(DeviceNode.node) } }
    var childNodes: [DeviceNode] { read([]) { $0.children.map(DeviceNode.node) } }
    var presentingNode: DeviceNode? { read(nil) { vc in vc.parent == nil ? vc.presenting.map(DeviceNode.node) : nil } }
    var ownPresentedNode: DeviceNode? {
        read(nil) { vc in
            guard let p = vc.presented, p.presenting === vc else { return nil }
            return DeviceNode.node(for: p)
        }
    }
    var rootOfWindow: String? {
        read(nil) { vc in DeviceNode.simulation?.windows.first { $0.root === vc }.map(DeviceNode.address) }
    }
    var modalPresentationStyle: PresentationStyle { read(.automatic) { $0.modalPresentationStyle } }
    var modalTransitionStyle: TransitionStyle { read(.coverVertical) { $0.modalTransitionStyle } }
    var definesPresentationContext: Bool { read(false) { $0.definesPresentationContext } }
    var providesPresentationContextTransitionStyle: Bool { read(false) { $0.providesPresentationContextTransitionStyle } }
    var isModalInPresentation: Bool { read(false) { $0.isModalInPresentation } }
    var hasPopoverAnchor: Bool { read(true) { $0.modalPresentationStyle != .popover || $0.hasPopoverAnchor } }
    var isViewInWindow: Bool { read(false) { $0.isViewInWindow } }
    var horizontalSizeClass: SizeClass { read(.compact) { $0.horizontalSizeClass } }

    /// UIKitNode walks its window's chain asking each controller `isBeingPresented || isBeingDismissed`.
    var isTransitionInProgress: Bool {
        read(false) { _ in
            Hierarchy.chain(from: Hierarchy.ultimateRoot(of: self)).contains { node in
                node.read(false) { $0.isBeingDismissed || ($0.presenting != nil && !$0.presentationCompleted) }
            }
        }
    }

    func makeLivenessProbe() -> LivenessProbe {
        LivenessProbe { [weak controller] in
            guard let controller, Thread.isMainThread else { return false }
            return controller.parent == nil && controller.presenting == nil && !controller.isViewInWindow
        }
    }
}

/// The real clock (what `SystemScheduler` reads) and delayed work kept until the benchmark runs
/// it inside its measured loop (`SystemScheduler` hands it to `DispatchQueue.main.asyncAfter`,
/// which a benchmark without a run loop would never drain).
final class DeviceScheduler: InspectorScheduler, @unchecked Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var pending: [@Sendable () -> Void] = []

    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        lock.lock(); pending.append(work); lock.unlock()
    }

    /// Runs the work scheduled so far, as if its delay had passed.
    func runDue() {
        lock.lock()
        let due = pending
        pending.removeAll(keepingCapacity: true)
        lock.unlock()
        for work in due { work() }
    }

    /// Work scheduled and not run yet.
    var pendingCount: Int { lock.lock(); defer { lock.unlock() }; return pending.count }
}
