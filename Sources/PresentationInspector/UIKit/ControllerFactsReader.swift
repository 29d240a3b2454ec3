#if canImport(UIKit)
import UIKit
@_spi(Adapter) import PresentationInspectorCore

/// Reads, from UIKit, what the presentation rules read about the controllers a hooked call
/// involves (``ControllerFacts``), so that the log can be replayed (`pinspect scenario`).
///
/// The hooks call it on the main thread before handing a call to the hook handler, and pass
/// what it returns to `Recorder.noteControllerFacts(_:)`; the recorder keeps each controller's
/// facts once and again only when they change. It reads properties only: it keeps no
/// controller, forms no weak reference (a controller calling from its `deinit` is safe), and
/// answers nothing off the main thread (UIKit is main-thread only).
enum ControllerFactsReader {
    /// How far a walk up goes, and how many children of one container are read.
    static let walkLimit = 1_000
    static let childLimit = 1_000

    /// The facts of `controllers` (a present's source and presented controller, a dismissal's
    /// receiver, a swiped sheet) and of every controller above each of them up to its window's
    /// root (through `parent`, then `presentingViewController`), with their children listed; and
    /// of those children, without theirs. Titles only with `recordsTitles`.
    static func facts(involving controllers: [UIViewController], recordsTitles: Bool) -> [ControllerFacts] {
        guard Thread.isMainThread else { return [] }
        let handed = MainThreadValue(controllers)
        return MainActor.assumeIsolated { read(handed.value, recordsTitles: recordsTitles) }
    }

    @MainActor private static func read(_ controllers: [UIViewController], recordsTitles: Bool) -> [ControllerFacts] {
        let windows = UIKitEnvironment.windows()
        var out: [ControllerFacts] = []
        var seen = Set<ObjectIdentifier>()
        var shallow: [UIViewController] = []
        for start in controllers {
            var current: UIViewController? = start
            var steps = 0
            while let vc = current, steps < walkLimit, seen.insert(ObjectIdentifier(vc)).inserted {
                out.append(facts(of: vc, withChildren: true, windows: windows, recordsTitles: recordsTitles))
                shallow.append(contentsOf: vc.children.prefix(childLimit))
                // `presentingViewController` of a child answers its ancestor's presenter: only the
                // controller that was presented itself (no parent) goes on through it.
                current = vc.parent ?? vc.presentingViewController
                steps += 1
            }
        }
        for child in shallow where seen.insert(ObjectIdentifier(child)).inserted {
            out.append(facts(of: child, withChildren: false, windows: windows, recordsTitles: recordsTitles))
        }
        return out
    }

    /// One controller's facts, read now.
    @MainActor static func facts(of vc: UIViewController, withChildren: Bool, windows: [UIWindow], recordsTitles: Bool) -> ControllerFacts {
        var f = ControllerFacts(id: ObjectAddressText.of(vc), type: UIKitNode.typeName(of: vc), title: recordsTitles ? vc.title : nil)
        let container = containerKind(of: vc)
        f.container = container
        f.parent = vc.parent.map { ObjectAddressText.of($0) }
        if withChildren, container != .none {
            f.children = vc.children.prefix(childLimit).map { ObjectAddressText.of($0) }
            if let tabs = vc as? UITabBarController {
                // `selectedIndex` is NSNotFound while no tab is selected: then not recorded.
                let index = tabs.selectedIndex
                f.selected = index >= 0 && index < tabs.children.count ? index : nil
            }
        }
        f.modalPresentationStyle = PresentationStyle(rawValue: vc.modalPresentationStyle.rawValue) ?? .custom
        f.modalTransitionStyle = TransitionStyle(rawValue: vc.modalTransitionStyle.rawValue) ?? .coverVertical
        f.definesPresentationContext = vc.definesPresentationContext
        f.providesPresentationContextTransitionStyle = vc.providesPresentationContextTransitionStyle
        f.isModalInPresentation = vc.isModalInPresentation
        f.hasPopoverAnchor = popoverAnchor(of: vc)
        let root = windowRoot(of: vc)
        let window = windows.first { $0.rootViewController === root }
        f.window = window.map { ObjectAddressText.of($0) }
        f.windowRoot = windows.first { $0.rootViewController === vc }.map { ObjectAddressText.of($0) }
        let trait = vc.traitCollection.horizontalSizeClass != .unspecified ? vc.traitCollection.horizontalSizeClass
            : window?.traitCollection.horizontalSizeClass
        f.horizontalSizeClass = trait == .regular ? .regular : .compact
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

    /// Whether a popover's anchor is set; nil for another style. Apple's reference for
    /// `popoverPresentationController`: "If the modal presentation style is a different value,
    /// this property is nil", so nothing is asked then.
    @MainActor static func popoverAnchor(of vc: UIViewController) -> Bool? {
        guard vc.modalPresentationStyle == .popover, let popover = vc.popoverPresentationController else { return nil }
        if popover.sourceView != nil || popover.barButtonItem != nil { return true }
        if #available(iOS 16.0, *) { return popover.sourceItem != nil }
        return false
    }

    /// The root of the controller's presentation chain: up through `parent`, then through
    /// `presentingViewController`, to the controller a window holds (at most ``walkLimit`` steps).
    @MainActor static func windowRoot(of vc: UIViewController) -> UIViewController {
        var root = vc
        var steps = 0
        while steps < walkLimit {
            if let p = root.parent { root = p } else if let p = root.presentingViewController { root = p } else { break }
            steps += 1
        }
        return root
    }
}
#endif
