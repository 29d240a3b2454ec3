#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Adapter) import PresentationInspectorCore

/// The resolver's view of one real `UIViewController`, held weakly.
///
/// There is one node per controller (kept as an associated object of the controller, so it
/// lives exactly as long as the controller and the resolver's `===` comparisons hold). Ids
/// are addresses (`0x…`), types are class names as UIKit prints them.
///
/// UIKit is read only on the main thread; off it, or after the controller is gone, the node
/// answers with its last known reference and neutral defaults. That is what makes the type
/// safe to send (`@unchecked Sendable`): its only mutable state is behind a lock.
final class UIKitNode: PresentationNode, @unchecked Sendable {
    /// The controller, while it is alive.
    // Set once, by `init` (run-time exclusivity checks off: a runtime call per read).
    @exclusivity(unchecked) private(set) weak var controller: UIViewController?
    /// `0x…`, fixed at creation.
    let id: String
    /// The class name, fixed at creation.
    let typeName: String
    /// The last title read and the child nodes handed out last.
    private let memory: AdapterNodeMemory<UIKitNode>

    private init(_ controller: UIViewController) {
        memory = AdapterNodeMemory()
        self.controller = controller
        id = Self.address(of: controller)
        typeName = Self.typeName(of: controller)
    }

    /// A node that does not reference its controller: for one in `deinit`, which the runtime
    /// refuses to reference weakly. It answers like the node of a controller that is gone.
    private init(deallocating controller: UIViewController) {
        id = Self.address(of: controller)
        typeName = Self.typeName(of: controller)
        memory = AdapterNodeMemory(title: Thread.isMainThread ? MainActor.assumeIsolated { controller.title } : nil)
    }

    // MARK: Canonical nodes

    private nonisolated(unsafe) static let associationKey = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
    private static let creationLock = NSLock()

    /// The node of `controller`, created on first use.
    ///
    /// A controller that sends `dismiss` (or `present`) from its `deinit` is deallocating, and
    /// forming a weak reference to it traps in the Objective-C runtime ("Cannot form weak
    /// reference to instance … in the process of deallocation"). A node made earlier is fine —
    /// reading a weak reference to a deallocating object gives nil — so only a new node needs
    /// care: it is made without a reference (and not attached: the controller is going away),
    /// and the call is recorded against a controller that is in no hierarchy, as it is.
    static func node(for controller: UIViewController) -> UIKitNode {
        // The lookup is thread-safe on its own: the creation lock is taken only to make a node.
        if let n = objc_getAssociatedObject(controller, associationKey) as? UIKitNode { return n }
        creationLock.lock(); defer { creationLock.unlock() }
        if let n = objc_getAssociatedObject(controller, associationKey) as? UIKitNode { return n }
        if isDeallocating(controller) { return UIKitNode(deallocating: controller) }
        let n = UIKitNode(controller)
        objc_setAssociatedObject(controller, associationKey, n, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return n
    }

    /// Whether `object` is being deallocated (its `deinit` or `dealloc` is running).
    ///
    /// The public signal is the retain count: since the runtime of iOS 14.5 an object's inline
    /// reference count holds the whole count and reads 0 once deallocation has begun (retains
    /// made during `deinit` do not raise it), while a live object, held at least by the caller,
    /// reads 1 or more. The runtime's own answers (`_isDeallocating`, `allowsWeakReference`) are
    /// private, and `objc_storeWeak` traps instead of answering.
    static func isDeallocating(_ object: AnyObject) -> Bool {
        CFGetRetainCount(object) <= 0
    }

    /// `0x1234abcd`, as UIKit prints object addresses.
    static func address(of object: AnyObject) -> String { ObjectAddressText.of(object) }

    /// The class name UIKit's messages use (`MyApp.ListViewController`), without KVO's subclass;
    /// mangled Swift names in readable form, SwiftUI hosting controllers marked
    /// (`PresentationHostingController<AnyView> (SwiftUI sheet)`).
    static func typeName(of object: AnyObject) -> String { typeName(ofClass: type(of: object)) }

    /// ``typeName(of:)`` of a class, worked out once per class (a presentation controller is a
    /// new object of the same few classes at every present).
    static func typeName(ofClass cls: AnyClass) -> String {
        typeNames.name(of: cls) { cls in
            let name = NSStringFromClass(cls)
            let kvo = "NSKVONotifying_"
            return name.hasPrefix(kvo) ? String(name.dropFirst(kvo.count)) : name
        }
    }
    private static let typeNames = ClassNameCache()

    /// A reference that reads nothing from UIKit (for calls made off the main thread).
    static func threadSafeRef(of controller: UIViewController) -> ControllerRef {
        ControllerRef(id: address(of: controller), type: typeName(of: controller))
    }

    /// Runs `body` with the controller on the main thread; `fallback` off it or once it is gone.
    private func read<T: Sendable>(_ fallback: T, _ body: @MainActor (UIViewController) -> T) -> T {
        guard Thread.isMainThread, let vc = controller else { return fallback }
        return MainActor.assumeIsolated { body(vc) }
    }

    // MARK: PresentationNode

    /// Titles follow the current (or last) session's `recordsTitles`: a node outlives sessions.
    var ref: ControllerRef {
        if Thread.isMainThread, let vc = controller {
            return MainActor.assumeIsolated { ref(readingOnMain: vc, recordsTitles: HookState.shared.recordsTitles) }
        }
        return memory.ref(id: id, type: typeName, freshTitle: nil, recordsTitles: HookState.shared.recordsTitles)
    }
    /// ``ref`` with the controller in hand (this node's), on the main thread: its title read now
    /// when `recordsTitles` (the session's setting, read by the caller).
    @MainActor private func ref(readingOnMain vc: UIViewController, recordsTitles: Bool) -> ControllerRef {
        memory.ref(id: id, type: typeName, freshTitle: recordsTitles ? .some(vc.title) : nil, recordsTitles: recordsTitles)
    }

    var parentNode: UIKitNode? {
        read(nil) { vc in vc.parent.map { memory.node(of: .parent, $0, mayReference: { !UIKitNode.isDeallocating($0) }, node: UIKitNode.node) } }
    }
    /// The parent's node and its snapshot, from one read of the parent (the context walk asks
    /// level by level up to the provider; the rest of the way is ``ancestorRefs(limit:)``).
    func parentWithRef() -> (node: UIKitNode, ref: ControllerRef)? {
        guard Thread.isMainThread, let vc = controller else { return nil }
        return MainActor.assumeIsolated {
            guard let p = vc.parent else { return nil }
            let recordsTitles = HookState.shared.recordsTitles
            return parentStep(p, title: recordsTitles ? .some(p.title) : nil, recordsTitles: recordsTitles)
        }
    }
    /// Every ancestor's snapshot from one walk: the last walk from this node answered again, the
    /// very array, while each ancestor reads the same address, class and title
    /// (``AdapterNodeMemory/ancestors(from:startNode:limit:recordsTitles:mayReference:parent:title:step:node:)``).
    func ancestorRefs(limit: Int) -> (refs: [ControllerRef], root: UIKitNode)? {
        guard Thread.isMainThread, let start = controller else { return ([], self) }
        return MainActor.assumeIsolated { ancestorsOnMain(from: start, limit: limit) }
    }
    @MainActor private func ancestorsOnMain(from start: UIViewController, limit: Int) -> (refs: [ControllerRef], root: UIKitNode) {
        let recordsTitles = HookState.shared.recordsTitles
        return memory.ancestors(
            from: start, startNode: self, limit: limit, recordsTitles: recordsTitles,
            mayReference: { !UIKitNode.isDeallocating($0) },
            parent: { $0.parent }, title: { $0.title },
            step: { node, p, title in node.parentStep(p, title: title, recordsTitles: recordsTitles) },
            node: UIKitNode.node)
    }
    /// One level up: the node of `p`, this node's controller's parent (the one handed out last, see
    /// ``AdapterNodeMemory/node(of:_:mayReference:node:)``), and its snapshot with the title read
    /// (`.some(title)` with `recordsTitles`, nil without).
    private func parentStep(_ p: UIViewController, title: String??, recordsTitles: Bool) -> (node: UIKitNode, ref: ControllerRef) {
        let up = memory.node(of: .parent, p, mayReference: { !UIKitNode.isDeallocating($0) }, node: UIKitNode.node)
        return (up, up.memory.ref(id: up.id, type: up.typeName, freshTitle: title, recordsTitles: recordsTitles))
    }
    /// The nodes handed out last time while the children are the same controllers
    /// (``AdapterNodeMemory/childNodes(of:controller:node:)``).
    var childNodes: [UIKitNode] {
        read([]) { vc in memory.childNodes(of: vc.children, controller: { $0.controller }, node: UIKitNode.node) }
    }

    /// UIKit answers `presentingViewController` for a child with its ancestor's presenter; the
    /// protocol wants it only for the controller that was presented itself.
    var presentingNode: UIKitNode? {
        read(nil) { vc in
            guard vc.parent == nil, let p = vc.presentingViewController else { return nil }
            return memory.node(of: .presenting, p, mayReference: { !UIKitNode.isDeallocating($0) }, node: UIKitNode.node)
        }
    }

    /// `presentedViewController` is inherited from ancestors (rule 5): keep it only when this
    /// controller is the one presenting it.
    var ownPresentedNode: UIKitNode? {
        read(nil) { vc in
            guard let p = vc.presentedViewController, p.presentingViewController === vc else { return nil }
            return UIKitNode.node(for: p)
        }
    }

    /// Scans the scenes' windows: a root whose view left the window (covered by a
    /// full-screen presentation) is still that window's root.
    var rootOfWindow: String? {
        read(nil) { vc in UIKitEnvironment.windows().first { $0.rootViewController === vc }.map(UIKitNode.address) }
    }

    var modalPresentationStyle: PresentationStyle {
        read(.automatic) { PresentationStyle(rawValue: $0.modalPresentationStyle.rawValue) ?? .custom }
    }
    var modalTransitionStyle: TransitionStyle {
        read(.coverVertical) { TransitionStyle(rawValue: $0.modalTransitionStyle.rawValue) ?? .coverVertical }
    }
    var definesPresentationContext: Bool { read(false) { $0.definesPresentationContext } }
    var providesPresentationContextTransitionStyle: Bool { read(false) { $0.providesPresentationContextTransitionStyle } }
    var isModalInPresentation: Bool { read(false) { $0.isModalInPresentation } }

    /// Read only for popovers: asking a controller of another style for its
    /// `popoverPresentationController` would not create one, but there is no need to ask.
    var hasPopoverAnchor: Bool {
        read(true) { vc in
            guard vc.modalPresentationStyle == .popover, let popover = vc.popoverPresentationController else { return true }
            if popover.sourceView != nil || popover.barButtonItem != nil { return true }
            if #available(iOS 16.0, *) { return popover.sourceItem != nil }
            return false
        }
    }

    var isViewInWindow: Bool { read(false) { $0.viewIfLoaded?.window != nil } }

    var horizontalSizeClass: SizeClass {
        read(.compact) { vc in
            let sizeClass = vc.traitCollection.horizontalSizeClass != .unspecified ? vc.traitCollection.horizontalSizeClass
                : (vc.viewIfLoaded?.window ?? UIKitEnvironment.keyWindow())?.traitCollection.horizontalSizeClass
            return sizeClass == .regular ? .regular : .compact
        }
    }

    /// A present or dismiss transition runs somewhere in this controller's window chain: the
    /// window's root or a presented controller of it is being presented or dismissed. Walked over
    /// the controllers themselves (the chain `Hierarchy.chain` builds, without making a node per
    /// controller, and without an array: callgrind, issue 10), stopping at the first one in transition.
    var isTransitionInProgress: Bool {
        read(false) { vc in
            var root = vc, steps = 0
            while steps < 10_000 {
                if let p = root.parent { root = p } else if let p = root.presentingViewController { root = p } else { break }
                steps += 1
            }
            if Self.isMoving(root) { return true }
            var budget = 10_000
            return Self.transitionRuns(below: root, depth: 0, budget: &budget)
        }
    }

    /// `isBeingPresented || isBeingDismissed`: with it the hook handler answers
    /// ``isTransitionInProgress`` from the window's chain it keeps, without the walk above.
    /// Nil once the controller is gone (or off the main thread): a kept node outlives its controller.
    var isBeingPresentedOrDismissed: Bool? { read(nil) { Self.isMoving($0) } }

    /// A node holds its controller weakly: the handler's caches may keep nodes.
    static var keepsNoControllerAlive: Bool { true }

    @MainActor private static func isMoving(_ c: UIViewController) -> Bool { c.isBeingPresented ? true : c.isBeingDismissed }

    /// Whether a controller presented by `c` or by one of its descendants is being presented or
    /// dismissed (at most `budget` controllers and 1,000 levels are visited).
    @MainActor private static func transitionRuns(below c: UIViewController, depth: Int, budget: inout Int) -> Bool {
        guard depth < 1_000, budget > 0 else { return false }
        budget -= 1
        if let p = c.presentedViewController, p.presentingViewController === c,
           isMoving(p) || transitionRuns(below: p, depth: depth + 1, budget: &budget) { return true }
        for child in c.children where transitionRuns(below: child, depth: depth + 1, budget: &budget) { return true }
        return false
    }

    func makeLivenessProbe() -> LivenessProbe {
        LivenessProbe { [weak controller] in
            guard let controller, Thread.isMainThread else { return false }
            return MainActor.assumeIsolated {
                controller.parent == nil && controller.presentingViewController == nil && controller.viewIfLoaded?.window == nil
            }
        }
    }
}
#endif
