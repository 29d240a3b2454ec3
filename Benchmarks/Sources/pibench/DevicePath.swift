import CFramePointers
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// The device path (issue 10): what a real hooked call costs on top of UIKit's own work. It does
// what PresentationHooks' blocks do (Sources/PresentationInspector/UIKit/PresentationHooks.swift)
// in the same order, over `DeviceNode`s:
//   present: the hook's state read (`MethodHook.isActive`, and `originalImplementation` when it
//            calls UIKit), the session read, the call stack captured (unwound as Darwin's `backtrace()` does, by
//            frame pointers, or with glibc's: `CallStackUnwinder`), the nodes of both controllers, the window
//            class names, the exclusion check, the controllers' facts read for the log's replay
//            (`ControllerFactsReader`: each controller up through `parent` with its children, and
//            those children; `DeviceFacts`) and noted, an observation closure, the handler with
//            `.current(capturing:)`, then after UIKit's call the presented controller's facts
//            again and UIKit's answer (UIKitObservation.present), all through the core's seam
//            (`InspectorSession.hookedPresent`, `DeviceReads` standing for `UIKitReads`);
//   dismiss: the same with the pass-through check first, and the `viewWillDisappear` hook's report
//            to the dismissal monitor (with the removed controller's facts noted);
//   every event: `PresentationInspector.start`'s subscription that marks the window-chain cache
//            stale; its one refresh per main-queue turn (every window's chain) runs with the
//            scheduled work, once per pair.
// The session is a real `InspectorSession` with its defaults: observations recorded, leak checks
// after 2 s (their work runs inside the measured loop), signposts set up as the iOS layer does
// with Instruments not recording, the dismissal monitor following the recorder. UIKit's own `present`/`dismiss` is the simulation
// with a handler that records nothing: exactly the `simulator` workload, which is subtracted.

/// How the device path unwinds the call stack at each hooked call.
enum CallStackUnwinder {
    /// `CapturedCallStack.capture()` as it runs on a device: Darwin's `backtrace()` follows the
    /// frame pointers (`pi_frame_pointer_backtrace`, the same walk; `pibench` keeps its frame
    /// pointers as every Darwin binary does).
    case framePointers
    /// `CapturedCallStack.capture()` as it runs here: glibc's `backtrace()`, DWARF unwinding.
    case glibc
}

/// `CapturedCallStack.capture()` as a device runs it: Darwin's `backtrace()` (the frame-pointer
/// walk), the stack kept as `capture()` keeps its own.
@inline(__always)
func framePointerCallStack() -> CapturedCallStack {
    withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: CapturedCallStack.maximumFrames) { buffer in
        let count = Int(pi_frame_pointer_backtrace(buffer.baseAddress!, Int32(buffer.count)))
        return CapturedCallStack.stack(returnAddresses: UnsafeBufferPointer(rebasing: buffer[..<max(0, count)]))
    }
}

/// The hooks of the device path around one simulation.
final class DevicePath {
    let unwinder: CallStackUnwinder
    let session: InspectorSession
    let scheduler = DeviceScheduler()
    let simulation: Simulation
    private var chainRefresh: Recorder.Subscription?
    /// The window chains the debugger reads (`PresentationInspector.start`'s cache).
    private(set) var chains: DeferredWindowChains?

    /// Makes this path's session the one the hooks record into and its simulation the one
    /// `UIKitEnvironment` scans (both global, as on a device). A run that measures several device
    /// paths side by side activates each before its batch: before, the last one made answered
    /// for all (the `device` row recorded into `device-glibc`'s session, against a simulation
    /// whose windows did not hold its controllers).
    func activate() {
        DeviceHookState.shared.session = session
        DeviceNode.simulation = simulation
    }

    init(simulation: Simulation, unwinder: CallStackUnwinder) {
        self.simulation = simulation
        self.unwinder = unwinder
        precondition(Thread.isMainThread, "DevicePath models the main thread's hooks")
        _ = MainThread.thread
        session = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(app: ["name": "pibench"]), scheduler: scheduler)
        // Signposts as the iOS layer sets them up, with Instruments not recording (the usual case).
        session.activate(windowChains: nil, signpostSink: { _ in }, signpostsEnabled: { false })
        activate()
        _ = CapturedCallStack.capture()  // the C library's unwinder loads on first use
        _ = unwound()  // the frame-pointer walk reads the thread's stack bounds on first use (not counted: this stack is shallow)
        let box = MainThreadSimulation(simulation)
        let handler = session.handler
        // `WindowChainCache.make`: the refresh goes to the main queue (`DispatchQueue.main.async`),
        // here the scheduler's next turn, run inside the measured loop.
        let scheduler = self.scheduler
        let chains = DeferredWindowChains(compute: { Self.windowChains(box.simulation, sharedWith: handler) },
                                          isMainThread: { MainThread.isCurrent }, scheduleOnMain: { work in scheduler.async(work) })
        chains.refreshNow()
        self.chains = chains
        chainRefresh = session.recorder.subscribe { _ in chains.markStale() }
    }

    /// `UIKitEnvironment.windowChains(excluding:sharedWith:)`: each window's class name checked
    /// against the exclusions, then its chain from the root's node as the handler shares it, with
    /// the window's address as its id.
    static func windowChains(_ simulation: Simulation, sharedWith handler: PresentationHooksHandler) -> [WindowChain] {
        let excluded = ExclusionPolicy.inspectorAndFLEX.windowTypeNames
        return simulation.windows.compactMap { window in
            guard !excluded.contains(windowClassName()) else { return nil }
            return WindowChain(id: DeviceNode.address(of: window), level: window.level, isKey: window.isKey,
                               chain: handler.chain(from: DeviceNode.node(for: window.root)))
        }
    }

    /// The window class name `UIKitEnvironment.windowTypeName(of:)` reads (`view.window`'s
    /// class): on Darwin `NSStringFromClass` makes a string of the class's C name (Linux's
    /// Foundation reflects instead, hundreds of times dearer: not what a device pays).
    static func windowTypeName(of c: SimController) -> String? {
        DeviceNode.window(of: c) != nil ? windowClassName() : nil
    }

    /// `NSStringFromClass(type(of: window))`.
    static func windowClassName() -> String { windowClassNameC.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
    private static let windowClassNameC: [CChar] = Array("UIWindow".utf8CString)

    /// The fewest frames a capture found (the benchmark checks that every capture walks a full stack).
    private(set) var fewestCapturedFrames = Int.max

    /// `CapturedCallStack.capture()`, unwound the way `unwinder` says.
    @inline(__always)
    private func captureCallStack() -> CapturedCallStack {
        let stack = unwound()
        fewestCapturedFrames = min(fewestCapturedFrames, stack.addresses.count)
        return stack
    }

    @inline(__always)
    private func unwound() -> CapturedCallStack {
        switch unwinder {
        case .glibc:
            return CapturedCallStack.capture()
        case .framePointers:
            return framePointerCallStack()
        }
    }

    /// `ControllerFactsReader` with its class tables, one per device path.
    let facts = DeviceFacts()

    /// The three hooks' `MethodHook` state (`isActive`, `originalImplementation`).
    private let presentHook = DeviceMethodHook(), dismissHook = DeviceMethodHook(), disappearHook = DeviceMethodHook()

    /// `source.present(presented, animated: false)` through the present hook.
    func present(_ presented: SimController, from source: SimController) {
        guard presentHook.isActive, let session = DeviceHookState.shared.session else { return simulation.present(presented, from: source, animated: false) }
        let stack = captureCallStack()
        let s = DeviceNode.node(for: source), p = DeviceNode.node(for: presented)
        // As the iOS hook: the core's seam decides when the adapter reads (`UIKitReads`).
        session.hookedPresent(source: s, presented: p, reads: DeviceReads(facts: facts), animated: false,
                              context: .current(capturing: stack), completion: nil) { [simulation, presentHook] wrapped in
            guard presentHook.originalImplementation != nil else { return }
            simulation.present(presented, from: source, animated: false, completion: wrapped)
        }
    }

    /// `UIKitObservation.present`: UIKit's answer after the call (the presentation controller's
    /// class name and style, the window's address).
    static func observePresent(_ presented: SimController, transitionEnded: Bool) -> Observation? {
        guard let presenting = presented.presentingNode, let style = presented.effectiveStyle else { return nil }
        // As `PresentationFacts` makes it for a presentation controller that does not adapt: its
        // style is read whether or not the transition has ended.
        let context = style.isContextStyle ? DeviceNode.node(for: presenting).ref : nil
        let o = Observation(contextProvider: context, effectiveStyle: style,
                            window: DeviceNode.window(of: presented).map(DeviceNode.address(of:)), covered: context,
                            presentationControllerClass: DeviceNode.typeName(ofClass: PageSheetPresentationController.self,
                                                                             named: "_UIPageSheetPresentationController"))
        return o.isEmpty ? nil : o
    }

    /// `receiver.dismiss(animated: false)` through the dismiss hook; UIKit's dismissal calls the
    /// `viewWillDisappear` hook of the controller it removes.
    func dismiss(_ receiver: SimController) {
        guard dismissHook.isActive, let session = DeviceHookState.shared.session else {
            return simulation.dismiss(receiver, animated: false)
        }
        let node = DeviceNode.node(for: receiver)
        let handler = session.handler
        let original: ((() -> Void)?) -> Void = { [simulation] c in simulation.dismiss(receiver, animated: false, completion: c) }
        if handler.passesExpectedForward(node, completion: nil, original: original) { return }
        let stack = captureCallStack()
        session.hookedDismiss(receiver: node, reads: DeviceReads(facts: facts), animated: false, context: .current(capturing: stack),
                              completion: nil) {
            [simulation, dismissHook, disappearHook, facts] wrapped in
            guard dismissHook.originalImplementation != nil else { return }
            let removed = Hierarchy.presentedController(of: receiver) ?? receiver
            // The `viewWillDisappear` block: its hook's state, the report, then the original.
            let disappearing = disappearHook.isActive ? Self.viewWillDisappear(session, facts, removed) : nil
            _ = disappearHook.originalImplementation
            simulation.dismiss(receiver, animated: false, completion: wrapped)
            // A non-animated dismissal has no coordinator: the iOS hook ends it on the next run-loop turn.
            if let disappearing { session.dismissals.dismissalDidEnd(disappearing, cancelled: false) }
        }
    }

    /// `PresentationHooks.observeDisappearance`: a presented controller starting its dismissal.
    private static func viewWillDisappear(_ session: InspectorSession, _ facts: DeviceFacts, _ controller: SimController) -> DeviceNode? {
        guard controller.parentNode == nil, controller.presentingNode != nil else { return nil }
        let node = DeviceNode.node(for: controller)
        let window = windowTypeName(of: controller)
        let excluded = session.exclusions.excludesCall(typeName: node.typeName, windowTypeName: window)
            ?? session.exclusions.excludesCall(node.ref, windowTypeName: window)
        guard !excluded else { return nil }
        session.recorder.noteControllerFacts(facts.facts(involving: [controller]))
        return session.dismissals.dismissalWillBegin(node, checkedID: node.id, isInteractive: false) == .ignored ? nil : node
    }

    /// Runs the delayed work (leak checks, the window chains' refresh) scheduled so far.
    func runScheduledWork() { scheduler.runDue() }
}

/// `UIKitReads`: the adapter the core's seam reads UIKit through, over the nodes' weak references.
struct DeviceReads: HookedControllerReads {
    let facts: DeviceFacts

    func isReadable(_ node: DeviceNode) -> Bool { node.controller != nil }

    func windowTypeName(of node: DeviceNode) -> String? {
        guard MainThread.isCurrent, let c = node.controller else { return nil }
        return DevicePath.windowTypeName(of: c)
    }

    func facts(involving nodes: [DeviceNode]) -> [ControllerFacts] { facts.facts(involving: nodes.compactMap(\.controller)) }

    func observation(ofPresented presented: DeviceNode, transitionEnded: Bool) -> Observation? {
        guard MainThread.isCurrent, let c = presented.controller else { return nil }
        return DevicePath.observePresent(c, transitionEnded: transitionEnded)
    }

    /// `presentingViewController` then `presentationController`'s class (a page sheet's: not
    /// watched, as UIKit's `_UIPageSheetPresentationController` is no sheet or popover class).
    func presentDidReturn(_ presented: DeviceNode) {
        guard MainThread.isCurrent, let c = presented.controller, c.presentingNode != nil else { return }
        _ = DeviceNode.typeName(ofClass: PageSheetPresentationController.self, named: "_UIPageSheetPresentationController")
    }
}

/// Stands for UIKit's `_UIPageSheetPresentationController` class (its name is cached per class).
private final class PageSheetPresentationController {}

/// The simulation, handed to the recorder's subscriber, which reads it on the main thread only
/// (as the iOS layer's `MainThreadValue`).
private struct MainThreadSimulation: @unchecked Sendable {
    let simulation: Simulation
    init(_ simulation: Simulation) { self.simulation = simulation }
}

/// `MethodHook`'s state as each hook block reads it: whether the hook is active, and the
/// original implementation when the block calls it, each behind the hook's lock.
final class DeviceMethodHook: @unchecked Sendable {
    private let lock = NSLock()
    private var active = true
    private var original = UnsafeRawPointer(bitPattern: 0x1000)

    var isActive: Bool { lock.lock(); defer { lock.unlock() }; return active }
    var originalImplementation: UnsafeRawPointer? { lock.lock(); defer { lock.unlock() }; return original }
}

/// `ControllerFactsReader.facts(involving:recordsTitles:)`: what each recorded call's hook reads
/// for the log's replay, over the controllers themselves as the reader reads UIKit: every
/// controller from each one up through `parent`, with its children listed, and those children
/// without theirs; each id formatted from its address once per read; class names and system kinds looked
/// up in tables behind a lock (`UIKitNode.typeName(ofClass:)`, `systemController(ofClass:)`), as
/// often as the reader looks them up.
final class DeviceFacts: @unchecked Sendable {
    func facts(involving controllers: [SimController]) -> [ControllerFacts] {
        guard MainThread.isCurrent else { return [] }
        // `UIKitEnvironment.windows()`: the windows of the connected scenes, gathered per call.
        var read = Read(windows: Array(DeviceNode.simulation?.windows ?? []), recordsTitles: DeviceHookState.shared.recordsTitles)
        for start in controllers {
            var path: [SimController] = [start]
            while let p = path[path.count - 1].parentNode, path.count < ControllerFacts.walkLimit { path.append(p) }
            let window = read.windows.first { $0.window.root === path[path.count - 1] }?.id
            for vc in path where read.listed.insert(ObjectIdentifier(vc)).inserted {
                let f = facts(of: vc, withChildren: true, window: window, read: &read)
                read.facts.append(f)
            }
            for vc in path {
                for child in vc.childNodes.prefix(ControllerFacts.childLimit) where read.listed.insert(ObjectIdentifier(child)).inserted {
                    let f = facts(of: child, withChildren: false, window: window, read: &read)
                    read.facts.append(f)
                }
            }
        }
        return read.facts
    }

    /// `ControllerFactsReader.Read`: the windows with their ids, each controller's id formatted once.
    private struct Read {
        let windows: [(window: SimWindow, id: String)]
        let recordsTitles: Bool
        private var ids: [ObjectIdentifier: String] = [:]
        var listed = Set<ObjectIdentifier>()
        var facts: [ControllerFacts] = []

        init(windows: [SimWindow], recordsTitles: Bool) {
            self.windows = windows.map { ($0, DeviceNode.address(of: $0)) }
            self.recordsTitles = recordsTitles
        }

        mutating func id(of vc: SimController) -> String {
            if let known = ids[ObjectIdentifier(vc)] { return known }
            let id = DeviceNode.address(of: vc)
            ids[ObjectIdentifier(vc)] = id
            return id
        }
    }

    /// `ControllerFactsReader.facts(of:withChildren:window:read:)`, read for read.
    private func facts(of vc: SimController, withChildren: Bool, window: String?, read: inout Read) -> ControllerFacts {
        var f = ControllerFacts(id: read.id(of: vc), type: className(of: vc), title: read.recordsTitles ? vc.title : nil)
        let container = containerKind(of: vc)
        f.container = container
        if let parent = vc.parentNode { f.parent = read.id(of: parent) }
        if withChildren, container != .none {
            var children: [String] = []
            for child in vc.childNodes.prefix(ControllerFacts.childLimit) { children.append(read.id(of: child)) }
            f.children = children
            // `vc as? UITabBarController`, then its `selectedIndex` checked against its children.
            if vc.container == .tabBar { f.selected = vc.selectedIndex < vc.childNodes.count ? vc.selectedIndex : nil }
        }
        f.modalPresentationStyle = vc.modalPresentationStyle
        f.modalTransitionStyle = vc.modalTransitionStyle
        f.definesPresentationContext = vc.definesPresentationContext
        f.providesPresentationContextTransitionStyle = vc.providesPresentationContextTransitionStyle
        f.isModalInPresentation = vc.isModalInPresentation
        f.systemController = systemController(of: vc)
        f.preferredStyle = vc.alertControllerStyle
        f.popoverAnchor = Self.popoverAnchor(of: vc)
        f.window = window
        f.windowRoot = read.windows.first { $0.window.root === vc }?.id
        // The controller's trait collection, else its window's.
        f.horizontalSizeClass = vc.horizontalSizeClass
        f.verticalSizeClass = vc.verticalSizeClass
        return f
    }

    /// `ControllerFactsReader.popoverAnchor(of:)`: asked only of a controller that may be a
    /// popover, and read only where ``PopoverReading`` allows it.
    static func popoverAnchor(of vc: SimController) -> PopoverAnchorState? {
        let mayBePopover = vc.modalPresentationStyle == .popover
            || SystemControllerKind.isPopoverInRegularWidth(vc.systemController, alertStyle: vc.alertControllerStyle)
        guard mayBePopover else { return nil }
        return PopoverReading.anchor(style: vc.modalPresentationStyle, isPresented: vc.parentNode == nil && vc.presentingNode != nil) {
            switch vc.popoverAnchor {
            case .anchored: true
            case .missing: false
            case .unknown: nil
            }
        }
    }

    /// `ControllerFactsReader.containerKind(of:)`: the class checks, else whether it has children.
    private func containerKind(of vc: SimController) -> ControllerFacts.Container {
        switch vc.container {
        case .navigation: .navigation
        case .tabBar: .tabBar
        case .split: .split
        case .plain, .none: vc.childNodes.isEmpty ? .none : .plain
        }
    }

    /// A lookup in a table behind a lock, keyed by an object identifier: there the class's, here
    /// the controller's (the simulator's controllers share one class and differ by their recorded
    /// name; this reader's tables live as long as its device path, whose controllers stay alive).
    private func className(of vc: SimController) -> String {
        lock.lock(); defer { lock.unlock() }
        if let known = typeNames[ObjectIdentifier(vc)] { return known }
        let recorded = SwiftClassName.recordedTypeName(vc.type)
        typeNames[ObjectIdentifier(vc)] = recorded
        return recorded
    }
    private func systemController(of vc: SimController) -> SystemControllerKind? {
        lock.lock(); defer { lock.unlock() }
        if let known = systemKinds[ObjectIdentifier(vc)] { return known }
        systemKinds[ObjectIdentifier(vc)] = .some(vc.systemController)
        return vc.systemController
    }
    private let lock = NSLock()
    private var typeNames: [ObjectIdentifier: String] = [:]
    private var systemKinds: [ObjectIdentifier: SystemControllerKind?] = [:]
}
