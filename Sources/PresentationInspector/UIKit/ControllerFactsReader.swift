#if canImport(UIKit)
import UIKit
@_spi(Package) import PresentationInspectorCore

/// Reads, from UIKit, what the presentation rules read about the controllers a hooked call
/// involves (``ControllerFacts``), so that the log can be replayed (`pinspect scenario`).
///
/// The core asks for it (``HookedControllerReads/facts(involving:)``) on the main thread before
/// handing a call to the hook handler, and for a present's presented controller again after
/// UIKit's present returned; the recorder keeps each controller's facts once and again only when
/// they change. It reads properties of what exists only: a popover presentation controller only
/// where ``PopoverReading`` allows it. It keeps no controller, forms no weak reference, is never
/// asked about a controller in its `deinit`, and answers nothing off the main thread.
enum ControllerFactsReader {
    /// How far a walk up goes, and how many children of one container are read.
    static let walkLimit = 1_000
    static let childLimit = 1_000

    /// The facts of `controllers` (a present's source and presented controller, a dismissal's
    /// receiver, a swiped sheet) and of the controllers above each up through `parent` to its
    /// presentation root, each with its children listed; and of those children, without theirs
    /// (as the simulator notes them from its model). Titles only with `recordsTitles`.
    static func facts(involving controllers: [UIViewController], recordsTitles: Bool) -> [ControllerFacts] {
        guard Thread.isMainThread else { return [] }
        let handed = MainThreadValue(controllers)
        return MainActor.assumeIsolated { read(handed.value, recordsTitles: recordsTitles) }
    }

    @MainActor private static func read(_ controllers: [UIViewController], recordsTitles: Bool) -> [ControllerFacts] {
        var read = Read(windows: UIKitEnvironment.windows(), recordsTitles: recordsTitles)
        for start in controllers {
            var path: [UIViewController] = [start]
            while let p = path[path.count - 1].parent, path.count < walkLimit { path.append(p) }
            // Every controller on the path is in the window whose root is the path's top, if any.
            let window = read.windows.first { $0.window.rootViewController === path[path.count - 1] }?.id
            for vc in path where read.listed.insert(ObjectIdentifier(vc)).inserted {
                let f = facts(of: vc, withChildren: true, window: window, read: &read)
                read.facts.append(f)
            }
            for vc in path {
                for child in vc.children.prefix(childLimit) where read.listed.insert(ObjectIdentifier(child)).inserted {
                    let f = facts(of: child, withChildren: false, window: window, read: &read)
                    read.facts.append(f)
                }
            }
        }
        return read.facts
    }

    /// One call's read: the windows, each controller's id (formatted once, though a controller
    /// is named by its own facts, its parent's children and its children's parent), and what
    /// it has listed so far.
    private struct Read {
        /// The scenes' windows, each with its id.
        let windows: [(window: UIWindow, id: String)]
        let recordsTitles: Bool
        private var ids: [ObjectIdentifier: String] = [:]
        var listed = Set<ObjectIdentifier>()
        var facts: [ControllerFacts] = []

        init(windows: [UIWindow], recordsTitles: Bool) {
            self.windows = windows.map { ($0, UIKitNode.address(of: $0)) }
            self.recordsTitles = recordsTitles
        }

        mutating func id(of vc: UIViewController) -> String {
            if let known = ids[ObjectIdentifier(vc)] { return known }
            let id = UIKitNode.address(of: vc)
            ids[ObjectIdentifier(vc)] = id
            return id
        }
    }

    /// One controller's facts, read now; `window` is the id of the window whose root contains it.
    @MainActor private static func facts(of vc: UIViewController, withChildren: Bool, window: String?, read: inout Read) -> ControllerFacts {
        let cls: AnyClass = type(of: vc)
        var f = ControllerFacts(id: read.id(of: vc), type: UIKitNode.typeName(ofClass: cls), title: read.recordsTitles ? vc.title : nil)
        let container = containerKind(of: vc)
        f.container = container
        if let parent = vc.parent { f.parent = read.id(of: parent) }
        if withChildren, container != .none {
            var children: [String] = []
            for child in vc.children.prefix(childLimit) { children.append(read.id(of: child)) }
            f.children = children
            if let tabs = vc as? UITabBarController {
                // `selectedIndex` is NSNotFound while no tab is selected: then not recorded.
                let index = tabs.selectedIndex
                f.selected = index >= 0 && index < tabs.children.count ? index : nil
            }
        }
        f.modalPresentationStyle = RequestedStyleHook.requestedStyle(of: vc)
        f.modalTransitionStyle = TransitionStyle(rawValue: vc.modalTransitionStyle.rawValue) ?? .coverVertical
        if let preferred = RequestedStyleHook.preferredTransition(of: vc) { f.preferredTransition = .some(preferred) }
        f.definesPresentationContext = vc.definesPresentationContext
        f.providesPresentationContextTransitionStyle = vc.providesPresentationContextTransitionStyle
        f.isModalInPresentation = vc.isModalInPresentation
        f.systemController = UIKitNode.systemController(ofClass: cls)
        f.preferredStyle = alertStyle(of: vc)
        f.popoverAnchor = popoverAnchor(of: vc)
        f.window = window
        f.windowRoot = read.windows.first { $0.window.rootViewController === vc }?.id
        f.horizontalSizeClass = UIKitNode.horizontalSizeClass(of: vc)
        f.verticalSizeClass = UIKitNode.verticalSizeClass(of: vc)
        return f
    }

    /// How the rules see the controller's children (DESIGN rule 6): navigation shows its top,
    /// a tab bar its selection, a split view and any other container all of them.
    @MainActor static func containerKind(of vc: UIViewController) -> ControllerFacts.Container {
        if vc is UINavigationController { return .navigation }
        if vc is UITabBarController { return .tabBar }
        if vc is UISplitViewController { return .split }
        return vc.children.isEmpty ? .none : .plain
    }

    /// What is known of a popover's anchor; nil for a controller that is never shown as a popover.
    /// The popover presentation controller is read only where that creates nothing
    /// (``PopoverReading``): the style is already `.popover`, or the controller is presented.
    /// Apple's reference for `popoverPresentationController`: "If the modal presentation style is
    /// a different value, this property is nil", so nothing is asked of other styles.
    @MainActor static func popoverAnchor(of vc: UIViewController) -> PopoverAnchorState? {
        guard mayBePopover(vc) else { return nil }
        return PopoverReading.anchor(style: style(of: vc), isPresented: isPresented(vc)) {
            guard let popover = vc.popoverPresentationController else { return nil }
            if popover.sourceView != nil || popover.barButtonItem != nil { return true }
            if #available(iOS 16.0, *) { return popover.sourceItem != nil }
            return false
        }
    }

    /// `popoverPresentationController`, when ``PopoverReading`` allows reading it now.
    @MainActor static func popoverIfReadable(of vc: UIViewController) -> UIPopoverPresentationController? {
        guard PopoverReading.mayRead(style: style(of: vc), isPresented: isPresented(vc)) else { return nil }
        return vc.popoverPresentationController
    }

    /// Whether `vc` itself was presented (a child answers `presentingViewController` with its
    /// ancestor's presenter): UIKit has made its presentation controller.
    @MainActor static func isPresented(_ vc: UIViewController) -> Bool {
        vc.parent == nil && vc.presentingViewController != nil
    }

    /// `modalPresentationStyle` as the model names it.
    @MainActor static func style(of vc: UIViewController) -> PresentationStyle {
        PresentationStyle(rawValue: vc.modalPresentationStyle.rawValue) ?? .custom
    }

    /// The popover presentation controller UIKit's exception for a missing anchor names (DESIGN
    /// rule 10), read only where ``PopoverReading`` allows it, as ``popoverAnchor(of:)`` reads it.
    @MainActor static func popoverPresentationControllerRef(of vc: UIViewController) -> ControllerRef? {
        guard let popover = popoverIfReadable(of: vc) else { return nil }
        return ControllerRef(id: UIKitNode.address(of: popover), type: UIKitNode.typeName(of: popover))
    }

    /// Whether `vc` is shown as a popover in regular width: its style is `.popover`, or it is an
    /// action sheet or a share sheet (DESIGN "System controllers").
    @MainActor static func mayBePopover(_ vc: UIViewController) -> Bool {
        vc.modalPresentationStyle == .popover
            || SystemControllerKind.isPopoverInRegularWidth(UIKitNode.systemController(ofClass: type(of: vc)), alertStyle: alertStyle(of: vc))
    }

    /// `UIAlertController.preferredStyle`; nil for any other controller.
    @MainActor static func alertStyle(of vc: UIViewController) -> AlertControllerStyle? {
        guard let alert = vc as? UIAlertController else { return nil }
        return alert.preferredStyle == .actionSheet ? .actionSheet : .alert
    }
}
#endif
