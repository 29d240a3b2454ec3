#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

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
    private(set) weak var controller: UIViewController?
    /// `0x…`, fixed at creation.
    let id: String
    /// The class name, fixed at creation.
    let typeName: String
    /// The last title read on the main thread: what the node answers off it or once the
    /// controller is gone.
    private let lastTitle: Locked<String?>
    /// The system controller its class is or descends from, fixed at creation.
    let systemKind: SystemControllerKind?

    private init(_ controller: UIViewController) {
        self.controller = controller
        id = Self.address(of: controller)
        typeName = Self.typeName(of: controller)
        lastTitle = Locked(nil)
        systemKind = Self.systemController(ofClass: type(of: controller))
    }

    /// A node that does not reference its controller: for one in `deinit`, which the runtime
    /// refuses to reference weakly. It answers like the node of a controller that is gone.
    /// Reads the class and the address only: no UIKit getter (not even `title`) runs on a
    /// controller whose deallocation has begun.
    private init(deallocating controller: UIViewController) {
        id = Self.address(of: controller)
        typeName = Self.typeName(of: controller)
        lastTitle = Locked(nil)
        systemKind = Self.systemController(ofClass: type(of: controller))
    }

    // MARK: Canonical nodes

    private static let associationKey = AssociationKey()
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
        creationLock.lock()
        defer { creationLock.unlock() }
        if let n = objc_getAssociatedObject(controller, associationKey.pointer) as? UIKitNode { return n }
        if isDeallocating(controller) { return UIKitNode(deallocating: controller) }
        let n = UIKitNode(controller)
        objc_setAssociatedObject(controller, associationKey.pointer, n, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
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
    static func address(of object: AnyObject) -> String { "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16) }

    /// The class name UIKit's messages use (`MyApp.ListViewController`), without KVO's subclass;
    /// mangled Swift names in readable form, SwiftUI hosting controllers marked
    /// (`PresentationHostingController<AnyView> (SwiftUI sheet)`).
    static func typeName(of object: AnyObject) -> String { typeName(ofClass: type(of: object)) }

    /// ``typeName(of:)`` of a class, worked out once per class (an app's classes are never
    /// unloaded, so the table holds its few).
    static func typeName(ofClass cls: AnyClass) -> String {
        if let known = typeNames.withLock({ $0[ObjectIdentifier(cls)] }) { return known }
        var name = NSStringFromClass(cls)
        let kvo = "NSKVONotifying_"
        if name.hasPrefix(kvo) { name = String(name.dropFirst(kvo.count)) }
        let recorded = SwiftClassName.recordedTypeName(name)
        typeNames.withLock { $0[ObjectIdentifier(cls)] = recorded }
        return recorded
    }
    private static let typeNames = Locked<[ObjectIdentifier: String]>([:])

    /// The system controller (DESIGN "System controllers") `cls` is or descends from, by class
    /// name so that no framework beyond UIKit is linked; worked out once per class.
    static func systemController(ofClass cls: AnyClass) -> SystemControllerKind? {
        if let known = systemKinds.withLock({ $0[ObjectIdentifier(cls)] }) { return known }
        var names: [String] = []
        var current: AnyClass? = cls
        while let c = current {
            names.append(NSStringFromClass(c))
            current = class_getSuperclass(c)
        }
        let kind = SystemControllerKind(firstOf: names)
        systemKinds.withLock { $0[ObjectIdentifier(cls)] = .some(kind) }
        return kind
    }
    private static let systemKinds = Locked<[ObjectIdentifier: SystemControllerKind?]>([:])

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
        let recordsTitles = HookState.shared.recordsTitles
        guard recordsTitles else { return ControllerRef(id: id, type: typeName) }
        if Thread.isMainThread, let vc = controller {
            let title = MainActor.assumeIsolated { vc.title }
            lastTitle.withLock { $0 = title }
            return ControllerRef(id: id, type: typeName, title: title)
        }
        return ControllerRef(id: id, type: typeName, title: lastTitle.withLock { $0 })
    }

    var parentNode: UIKitNode? { read(nil) { $0.parent.map(UIKitNode.node(for:)) } }

    var childNodes: [UIKitNode] { read([]) { $0.children.map(UIKitNode.node(for:)) } }

    /// UIKit answers `presentingViewController` for a child with its ancestor's presenter; the
    /// protocol wants it only for the controller that was presented itself.
    var presentingNode: UIKitNode? {
        read(nil) { vc in
            guard vc.parent == nil, let p = vc.presentingViewController else { return nil }
            return UIKitNode.node(for: p)
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

    /// Walks the controllers themselves (`presentedViewController` and `children`), making a node
    /// only for each presented one: every event's chain walks its whole window this way.
    func presentedNodesInSubtree() -> [UIKitNode] {
        read([]) { vc in
            var out: [UIKitNode] = []
            Self.appendPresented(below: vc, to: &out, depth: 0)
            return out
        }
    }

    /// Appends to `out` the node of each controller presented by `c` or its descendants, in
    /// preorder, as ``ownPresentedNode`` answers for each (at most 1,000 levels).
    @MainActor private static func appendPresented(below c: UIViewController, to out: inout [UIKitNode], depth: Int) {
        guard depth < 1_000 else { return }
        if let p = c.presentedViewController, p.presentingViewController === c { out.append(node(for: p)) }
        for child in c.children { appendPresented(below: child, to: &out, depth: depth + 1) }
    }

    /// Scans the scenes' windows: a root whose view left the window (covered by a
    /// full-screen presentation) is still that window's root.
    var rootOfWindow: String? {
        read(nil) { vc in UIKitEnvironment.windows().first { $0.rootViewController === vc }.map(UIKitNode.address) }
    }

    /// What the app asked for (``RequestedStyleHook``): the getter answers `.automatic` with the
    /// style it maps to.
    var modalPresentationStyle: PresentationStyle {
        read(.automatic) { RequestedStyleHook.requestedStyle(of: $0) }
    }
    var preferredTransition: TransitionStyle? { read(nil) { RequestedStyleHook.preferredTransition(of: $0) } }
    var modalTransitionStyle: TransitionStyle {
        read(.coverVertical) { TransitionStyle(rawValue: $0.modalTransitionStyle.rawValue) ?? .coverVertical }
    }
    var definesPresentationContext: Bool { read(false) { $0.definesPresentationContext } }
    var providesPresentationContextTransitionStyle: Bool { read(false) { $0.providesPresentationContextTransitionStyle } }
    var isModalInPresentation: Bool { read(false) { $0.isModalInPresentation } }

    /// Read only for a controller that may be shown as a popover, and only where reading its
    /// popover presentation controller creates nothing (``ControllerFactsReader/popoverAnchor(of:)``).
    var popoverAnchor: PopoverAnchorState {
        read(.unknown) { vc in ControllerFactsReader.popoverAnchor(of: vc) ?? .unknown }
    }

    /// Apps may set the anchor in the delegate's `prepareForPopoverPresentation(_:)`, which UIKit
    /// calls after `present`: a delegate implementing it makes the anchor unknown at the call.
    var popoverAnchorIsSetByDelegate: Bool {
        read(false) { vc in
            guard ControllerFactsReader.mayBePopover(vc), let delegate = ControllerFactsReader.popoverIfReadable(of: vc)?.delegate else { return false }
            return delegate.responds(to: #selector(UIPopoverPresentationControllerDelegate.prepareForPopoverPresentation(_:)))
        }
    }

    /// A delegate implementing either `adaptivePresentationStyle` method chooses the popover's
    /// adaptation in a compact size class (UIPresentationController.h: "Returning
    /// UIModalPresentationNone will indicate that an adaptation should not happen").
    var popoverDelegateAdaptsStyle: Bool {
        read(false) { vc in
            guard let delegate = ControllerFactsReader.popoverIfReadable(of: vc)?.delegate else { return false }
            return delegate.responds(to: #selector(UIAdaptivePresentationControllerDelegate.adaptivePresentationStyle(for:traitCollection:)))
                || delegate.responds(to: #selector(UIAdaptivePresentationControllerDelegate.adaptivePresentationStyle(for:)))
        }
    }

    /// The sheet it is presented in, read only once it is presented (``SheetReader``).
    var sheetState: SheetState? { read(nil) { SheetReader.state(of: $0) } }

    /// The system controller the controller's class is or descends from.
    var systemController: SystemControllerKind? { systemKind }

    /// `UIAlertController.preferredStyle`, read on the main thread.
    var alertControllerStyle: AlertControllerStyle? { read(nil) { ControllerFactsReader.alertStyle(of: $0) } }

    /// The iOS version the app runs on.
    var systemVersion: SystemVersion? { Self.runningVersion }

    /// `ProcessInfo`'s operating system version, read once.
    static let runningVersion: SystemVersion? = {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return SystemVersion(major: v.majorVersion, minor: min(max(v.minorVersion, 0), 99))
    }()

    var isViewInWindow: Bool { read(false) { $0.viewIfLoaded?.window != nil } }

    var horizontalSizeClass: SizeClass { read(.compact) { Self.horizontalSizeClass(of: $0) } }

    var verticalSizeClass: SizeClass { read(.regular) { Self.verticalSizeClass(of: $0) } }

    /// The controller's horizontal size class, else its view's window's, else the key window's
    /// (a controller in no window): what the rules resolve in and what its facts record.
    @MainActor static func horizontalSizeClass(of vc: UIViewController) -> SizeClass {
        let sizeClass = vc.traitCollection.horizontalSizeClass != .unspecified ? vc.traitCollection.horizontalSizeClass
            : (vc.viewIfLoaded?.window ?? UIKitEnvironment.keyWindow())?.traitCollection.horizontalSizeClass
        return sizeClass == .regular ? .regular : .compact
    }

    /// The controller's vertical size class, else its view's window's, else the key window's;
    /// regular when none is known (the common case: an iPhone in portrait, an iPad).
    @MainActor static func verticalSizeClass(of vc: UIViewController) -> SizeClass {
        let sizeClass = vc.traitCollection.verticalSizeClass != .unspecified ? vc.traitCollection.verticalSizeClass
            : (vc.viewIfLoaded?.window ?? UIKitEnvironment.keyWindow())?.traitCollection.verticalSizeClass
        return sizeClass == .compact ? .compact : .regular
    }

    /// Being presented or dismissed while the transition runs. UIViewController.h documents
    /// `isBeingPresented`/`isBeingDismissed` for the appearance callbacks, and older references
    /// have them true in `viewDidAppear(_:)`, after the transition, where presenting is fine;
    /// `transitionCoordinator` is returned "during an active presentation or dismissal"
    /// (UIViewControllerTransitionCoordinator.h).
    var isBeingPresentedOrDismissed: Bool {
        read(false) { vc in (vc.isBeingPresented || vc.isBeingDismissed) && vc.transitionCoordinator != nil }
    }

    /// Being dismissed while the transition runs, read as ``isBeingPresentedOrDismissed`` reads it.
    var isBeingDismissed: Bool {
        read(false) { vc in vc.isBeingDismissed && vc.transitionCoordinator != nil }
    }

    /// Asked only when the resolver reports a popover without an anchor.
    var popoverPresentationControllerRef: ControllerRef? {
        read(nil) { ControllerFactsReader.popoverPresentationControllerRef(of: $0) }
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

/// A unique address for `objc_getAssociatedObject`, made once and never freed or written
/// (an immutable address: safe to share).
final class AssociationKey: @unchecked Sendable {
    let pointer: UnsafeRawPointer
    init() { pointer = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)) }
}
#endif
