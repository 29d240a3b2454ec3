#if canImport(UIKit) && canImport(PresentationSimulator)
import UIKit
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// Real UIKit for a conformance run: a scenario's controllers built as real view controllers in
/// temporary windows of the app's scene, its steps performed with real calls through the hooks.
///
/// Containers are `UINavigationController`, `UITabBarController` and `UISplitViewController`;
/// an alert controller is a real `UIAlertController` of the scenario's `preferredStyle` with one
/// action, a share sheet a real `UIActivityViewController`; every other controller (the other
/// system controllers among them, whose style the model does not predict) is a plain
/// `UIViewController` titled with the scenario's type. A popover, action sheet or share sheet the
/// scenario anchors gets `sourceView` and `sourceRect` (the source's view) before it is presented,
/// as an app sets them; one without an anchor gets none. Pushes
/// and container changes are made without animation (the model treats them as instant); only
/// presentations animate as the steps say. On iOS 17 and later the windows take the scenario's
/// horizontal and vertical size classes; earlier they keep the scene's (``fixedHorizontalSizeClass``;
/// the height is the scene's too: run it in portrait), and the run compares with a model of that
/// size class instead (`ConformancePlan`).
///
/// The scenario holds its controllers until it ends, as the model does: they are exempt from the
/// session's leak checks (`LeakCheckExemptions`) until ``tearDown()``.
@MainActor
final class UIKitConformanceWorld: ConformanceWorld {
    private let session: InspectorSession
    private var controllers: [String: UIViewController] = [:]
    private var specs: [String: Scenario.Controller] = [:]
    private var windows: [UIWindow] = []
    private var ids = ConformanceIDs()
    private var firstSeq = 0
    private var exemptIDs: [String] = []

    private let scene: UIWindowScene?

    /// A world whose windows go to `scene` (nil: the run reports that there is no scene).
    init(session: InspectorSession, scene: UIWindowScene?) {
        self.session = session
        self.scene = scene
    }

    /// A step the world cannot perform, named in the report.
    struct StepError: Error, CustomStringConvertible {
        var description: String
    }

    func load(_ scenario: Scenario) async throws {
        guard let scene else { throw StepError(description: "the app has no window scene in the foreground") }
        firstSeq = session.recorder.events.last?.seq ?? 0
        for spec in scenario.controllers {
            let vc = makeController(spec)
            vc.title = spec.title ?? spec.type
            if let v = spec.modalPresentationStyle { vc.modalPresentationStyle = UIModalPresentationStyle(rawValue: v.rawValue) ?? .automatic }
            if let v = spec.modalTransitionStyle { vc.modalTransitionStyle = UIModalTransitionStyle(rawValue: v.rawValue) ?? .coverVertical }
            if let v = spec.preferredTransition { Self.setPreferredTransition(v, on: vc) }
            if let v = spec.definesPresentationContext { vc.definesPresentationContext = v }
            if let v = spec.providesPresentationContextTransitionStyle { vc.providesPresentationContextTransitionStyle = v }
            if let v = spec.isModalInPresentation { vc.isModalInPresentation = v }
            controllers[spec.id] = vc
            specs[spec.id] = spec
            ids.add(controller: UIKitNode.address(of: vc), as: ControllerRef(id: spec.id, type: spec.type, title: spec.title))
            exemptIDs.append(UIKitNode.address(of: vc))
        }
        session.handler.leakCheckExemptions.add(exemptIDs)
        for spec in scenario.controllers where !spec.children.isEmpty {
            let children = spec.children.compactMap { controllers[$0] }
            guard let parent = controllers[spec.id] else { continue }
            switch parent {
            case let nav as UINavigationController: nav.setViewControllers(children, animated: false)
            case let tabs as UITabBarController:
                tabs.viewControllers = children
                tabs.selectedIndex = min(max(spec.selected, 0), max(children.count - 1, 0))
            case let split as UISplitViewController: split.viewControllers = children
            default: children.forEach { embed($0, in: parent) }
            }
        }
        let sizeClass: UIUserInterfaceSizeClass = scenario.environment.horizontalSizeClass == .regular ? .regular : .compact
        let verticalSizeClass: UIUserInterfaceSizeClass = scenario.environment.verticalSizeClass == .compact ? .compact : .regular
        for spec in scenario.windows {
            guard let root = controllers[spec.root] else { continue }
            let window = UIWindow(windowScene: scene)
            window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.normal.rawValue + 1 + min(max(spec.level, 0), 100))
            if #available(iOS 17.0, *) {
                window.traitOverrides.horizontalSizeClass = sizeClass
                window.traitOverrides.verticalSizeClass = verticalSizeClass
            }
            window.rootViewController = root
            window.isHidden = false
            windows.append(window)
            ids.add(window: UIKitNode.address(of: window), as: spec.id)
        }
        await pause(0.05)
    }

    /// The iOS version this device runs: the model predicts by its rules.
    var systemVersion: SystemVersion? { UIKitNode.runningVersion }

    /// Before iOS 17 a window cannot be given a size class: every window has the scene's.
    var fixedHorizontalSizeClass: SizeClass? {
        if #available(iOS 17.0, *) { return nil }
        return scene?.traitCollection.horizontalSizeClass == .regular ? .regular : .compact
    }

    func perform(_ step: Scenario.Step) async throws {
        func c(_ id: String) throws -> UIViewController {
            guard let vc = controllers[id] else { throw StepError(description: "controller \"\(id)\" was released") }
            return vc
        }
        switch step.action {
        case .present(let p, let from, let animated):
            let presented = try c(p), source = try c(from)
            // An anchor the scenario gives, or one it cannot see (`unknown`), is set as an app sets it:
            // through `popoverPresentationController?`, which on an iPhone sets nothing.
            if [.anchored, .unknown].contains(specs[p]?.popoverAnchor), ControllerFactsReader.mayBePopover(presented),
               let popover = presented.popoverPresentationController {
                popover.sourceView = source.view
                popover.sourceRect = CGRect(x: source.view.bounds.midX, y: source.view.bounds.midY, width: 1, height: 1)
            }
            if let spec = specs[p] { ConformanceSheets.configure(presented, as: spec) }
            source.present(presented, animated: animated)
        case .dismiss(let r, let animated):
            try c(r).dismiss(animated: animated)
        case .push(let id, let nav, _):
            guard let nav = try c(nav) as? UINavigationController else { throw StepError(description: "\(nav) is not a navigation controller") }
            nav.pushViewController(try c(id), animated: false)
        case .pop(let nav, _):
            (try c(nav) as? UINavigationController)?.popViewController(animated: false)
        case .select(let index, let tabs):
            guard let tabs = try c(tabs) as? UITabBarController else { throw StepError(description: "\(tabs) is not a tab bar controller") }
            tabs.selectedIndex = index
        case .addChild(let child, let parent):
            let childVC = try c(child), parentVC = try c(parent)
            switch parentVC {
            case let nav as UINavigationController: nav.pushViewController(childVC, animated: false)
            case let tabs as UITabBarController: tabs.viewControllers = (tabs.viewControllers ?? []) + [childVC]
            case let split as UISplitViewController: split.viewControllers = split.viewControllers + [childVC]
            default: embed(childVC, in: parentVC)
            }
        case .removeFromParent(let child):
            let childVC = try c(child)
            switch childVC.parent {
            case let nav as UINavigationController: nav.setViewControllers(nav.viewControllers.filter { $0 !== childVC }, animated: false)
            case let tabs as UITabBarController: tabs.viewControllers = tabs.viewControllers?.filter { $0 !== childVC }
            case let split as UISplitViewController: split.viewControllers = split.viewControllers.filter { $0 !== childVC }
            default:
                childVC.willMove(toParent: nil)
                childVC.viewIfLoaded?.removeFromSuperview()
                childVC.removeFromParent()
            }
        case .set(let id, let properties):
            let vc = try c(id)
            for p in properties { apply(p, to: vc, id: id) }
        case .advance(let seconds):
            await pause(min(max(seconds, 0), ConformancePlan.maximumWait))
        case .swipeDown:
            throw StepError(description: "a swipe cannot be performed by code")
        case .release(let id):
            controllers[id] = nil
        case .startRecording:
            break  // the plan skips it: the run records from its first step
        case .selectDetent(let detent, let sheet):
            ConformanceSheets.select(detent, in: try c(sheet))
        }
    }

    func settle() async {
        // At most three seconds for every transition of the run to end, then a turn for completions.
        for _ in 0..<60 where isTransitioning { await pause(0.05) }
        await pause(0.1)
    }

    func recordedEvents() -> [Event] {
        ids.translate(session.recorder.events.filter { $0.seq > firstSeq })
    }

    func tearDown() async {
        // Every presentation the run made, those made over a child's context too (the window
        // root's `presentedViewController` does not show them): a presentation left live would
        // keep its controllers alive once the window is hidden.
        for c in controllers.values where c.presentedViewController?.presentingViewController === c {
            c.dismiss(animated: false)
        }
        await pause(0.05)
        for w in windows { w.isHidden = true; w.rootViewController = nil }
        windows = []
        controllers = [:]
        session.handler.leakCheckExemptions.remove(exemptIDs)
        exemptIDs = []
    }

    // MARK: helpers

    /// The real controller `spec` stands for: a container, an alert controller, a share sheet, or
    /// a plain controller.
    private func makeController(_ spec: Scenario.Controller) -> UIViewController {
        switch spec.systemController ?? SystemControllerKind(name: spec.type) {
        case .alertController:
            let style: UIAlertController.Style = spec.preferredStyle == .actionSheet ? .actionSheet : .alert
            let alert = UIAlertController(title: spec.title ?? spec.type, message: nil, preferredStyle: style)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            return alert
        case .activityViewController:
            return UIActivityViewController(activityItems: [""], applicationActivities: nil)
        default:
            break
        }
        switch spec.container ?? ContainerKind.implied(byType: spec.type) ?? .none {
        case .navigation: return UINavigationController()
        case .tabBar: return UITabBarController()
        case .split: return UISplitViewController()
        case .plain, .none: return UIViewController()
        }
    }

    private var isTransitioning: Bool {
        windows.contains { w in
            var vc = w.rootViewController
            while let c = vc {
                if c.isBeingPresented || c.isBeingDismissed { return true }
                vc = c.presentedViewController
            }
            return false
        }
    }

    private func embed(_ child: UIViewController, in parent: UIViewController) {
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.view.frame = parent.view.bounds
        child.didMove(toParent: parent)
    }

    private func apply(_ property: Scenario.Property, to vc: UIViewController, id: String) {
        if var spec = specs[id], ConformanceSheets.apply(property, to: vc, spec: &spec) {
            specs[id] = spec
            return
        }
        switch property {
        case .modalPresentationStyle(let s): vc.modalPresentationStyle = UIModalPresentationStyle(rawValue: s.rawValue) ?? .automatic
        case .modalTransitionStyle(let t): vc.modalTransitionStyle = UIModalTransitionStyle(rawValue: t.rawValue) ?? .coverVertical
        case .preferredTransition(let t): Self.setPreferredTransition(t, on: vc)
        case .definesPresentationContext(let b): vc.definesPresentationContext = b
        case .providesPresentationContextTransitionStyle(let b): vc.providesPresentationContextTransitionStyle = b
        case .isModalInPresentation(let b): vc.isModalInPresentation = b
        case .popoverAnchor(let a): specs[id]?.popoverAnchor = a
        case .title(let t): vc.title = t ?? specs[id]?.type
        case .detents, .selectedDetent, .largestUndimmedDetent, .prefersGrabberVisible, .prefersEdgeAttachedInCompactHeight,
             .prefersPageSizing:
            break  // ConformanceSheets, above
        }
    }

    /// `preferredTransition` (iOS 18 and later; a scenario cannot name one for an older system):
    /// a zoom from no particular view, or the transition style of that name.
    private static func setPreferredTransition(_ t: TransitionStyle?, on vc: UIViewController) {
        guard #available(iOS 18.0, *) else { return }
        switch t {
        case nil: vc.preferredTransition = nil
        case .zoom: vc.preferredTransition = .zoom { _ in nil }
        case .coverVertical: vc.preferredTransition = .coverVertical
        case .flipHorizontal: vc.preferredTransition = .flipHorizontal
        case .crossDissolve: vc.preferredTransition = .crossDissolve
        case .partialCurl: vc.preferredTransition = .partialCurl
        }
    }

    private func pause(_ seconds: Double) async {
        try? await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1_000_000_000))
    }
}
#endif
