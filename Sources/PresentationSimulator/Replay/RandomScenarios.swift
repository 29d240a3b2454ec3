@_spi(Package) import PresentationInspectorCore

/// Seeded random scenarios for property tests (the replay round trip): a dozen controllers of
/// every container kind and random properties in one or two windows, then steps of every kind
/// that the simulation accepts, each kept only if it ran without an error.
@_spi(Package) public enum RandomScenarios {
    /// SplitMix64: the same seed gives the same scenario on every platform.
    @_spi(Package) public struct Generator: RandomNumberGenerator {
        var state: UInt64
        @_spi(Package) public init(seed: UInt64) { state = seed }
        @_spi(Package) public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The scenario for `seed`, with up to `stepCount` steps.
    @_spi(Package) public static func make(seed: UInt64, stepCount: Int = 40) -> Scenario {
        var g = Generator(seed: seed)
        func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &g)] }
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &g) < p }

        var s = Scenario(name: "random \(seed)")
        s.environment = Scenario.Environment(idiom: chance(0.5) ? .phone : .pad)
        let kinds: [(String, ContainerKind?)] = [("UINavigationController", nil), ("UITabBarController", nil), ("UISplitViewController", nil),
                                                 ("Plain", .plain), ("Leaf", nil), ("Leaf", nil), ("Leaf", nil)]
        let count = Int.random(in: 6...14, using: &g)
        for i in 0..<count {
            let (type, container) = pick(kinds)
            var c = Scenario.Controller(id: "c\(i)", type: type)
            c.container = container
            if chance(0.7) { c.modalPresentationStyle = pick(PresentationStyle.allCases) }
            if chance(0.3) { c.modalTransitionStyle = pick(TransitionStyle.modalStyles) }
            if chance(0.3) { c.definesPresentationContext = chance(0.5) }
            if chance(0.2) { c.providesPresentationContextTransitionStyle = true }
            if chance(0.15) { c.isModalInPresentation = true }
            if chance(0.5) { c.popoverAnchor = .anchored }
            if chance(0.1) { c.leaks = true }
            if chance(0.3) { c.title = "T\(i)" }
            s.controllers.append(c)
        }
        // System controllers and an iOS version, from a generator of their own so that every
        // other draw (and so the rest of the scenario) stays what the seed gave before.
        var system = Generator(seed: seed ^ 0x5157_454D_4354_524C)
        if Int.random(in: 0..<3, using: &system) == 0 {
            s.environment.systemVersion = SystemVersion(major: [15, 17, 18, 26][Int.random(in: 0..<4, using: &system)])
        }
        // A preferred zoom where the version has it (iOS 18 and later, or the newest modelled).
        if UIKitVersions.preferredTransition.value(at: UIKitVersions.rulesVersion(for: s.environment.systemVersion)) == true {
            for i in s.controllers.indices where Int.random(in: 0..<8, using: &system) == 0 { s.controllers[i].preferredTransition = .zoom }
        }
        for i in s.controllers.indices where s.controllers[i].type == "Leaf" {
            switch Int.random(in: 0..<10, using: &system) {
            case 0, 1:
                s.controllers[i].type = "UIAlertController"
                s.controllers[i].preferredStyle = Bool.random(using: &system) ? .alert : .actionSheet
            case 2: s.controllers[i].type = "UIActivityViewController"
            case 3: s.controllers[i].type = "SFSafariViewController"
            default: break
            }
        }
        // Anchors a recording could not see (an action or share sheet on an iPhone), from a
        // generator of their own as well.
        var anchors = Generator(seed: seed ^ 0x414E_4348_4F52)
        for i in s.controllers.indices where Int.random(in: 0..<4, using: &anchors) == 0 {
            s.controllers[i].popoverAnchor = .unknown
        }
        // Sheets' keys, from a generator of their own as well.
        var sheets = Generator(seed: seed ^ 0x5348_4545_5453_2121)
        let version = UIKitVersions.rulesVersion(for: s.environment.systemVersion)
        let pool = UIKitVersions.customDetents.value(at: version) == true ? ["peek", SheetState.medium, SheetState.large]
            : [SheetState.medium, SheetState.large]
        func someDetents() -> [String] {
            let chosen = pool.filter { _ in Bool.random(using: &sheets) }
            return chosen.isEmpty ? [SheetState.large] : chosen
        }
        func oneOf(_ detents: [String]) -> String? {
            Bool.random(using: &sheets) ? detents[Int.random(in: 0..<detents.count, using: &sheets)] : nil
        }
        for i in s.controllers.indices where Int.random(in: 0..<3, using: &sheets) == 0 {
            let detents = someDetents()
            s.controllers[i].detents = detents
            s.controllers[i].selectedDetent = oneOf(detents)
            s.controllers[i].largestUndimmedDetent = oneOf(detents)
            s.controllers[i].prefersGrabberVisible = Bool.random(using: &sheets)
            s.controllers[i].prefersEdgeAttachedInCompactHeight = Int.random(in: 0..<4, using: &sheets) == 0
            if UIKitVersions.prefersPageSizing.value(at: version) == true, Bool.random(using: &sheets) {
                s.controllers[i].prefersPageSizing = Bool.random(using: &sheets)
            }
        }
        func isContainer(_ i: Int) -> Bool { s.controllers[i].container != nil || ContainerKind.implied(byType: s.controllers[i].type) != nil }
        let windowCount = chance(0.3) ? 2 : 1
        for i in windowCount..<count where chance(0.5) {
            let parents = (0..<i).filter(isContainer)
            guard !parents.isEmpty else { continue }
            let p = pick(parents)
            s.controllers[p].children.append("c\(i)")
        }
        for i in 0..<count where ContainerKind.implied(byType: s.controllers[i].type) == .tabBar && !s.controllers[i].children.isEmpty {
            s.controllers[i].selected = Int.random(in: 0..<s.controllers[i].children.count, using: &g)
        }
        for w in 0..<windowCount {
            var win = Scenario.Window(id: "w\(w)", root: "c\(w)")
            win.key = w == 0
            s.windows.append(win)
        }

        // Steps, each tried on a live simulation and kept if it ran.
        let sim = Simulation(recorder: Recorder(capacity: 64))
        guard (try? sim.load(s)) != nil else { return s }
        let ids = s.controllers.map(\.id)
        for _ in 0..<stepCount {
            let action: Scenario.Action
            switch Int.random(in: 0..<100, using: &g) {
            case 0..<30: action = .present(pick(ids), from: pick(ids), animated: chance(0.6))
            case 30..<45: action = .dismiss(pick(ids), animated: chance(0.6))
            case 45..<50: action = .push(pick(ids), onto: pick(ids), animated: false)
            case 50..<53: action = .pop(pick(ids), animated: false)
            case 53..<57: action = .select(Int.random(in: 0..<3, using: &g), in: pick(ids))
            case 57..<61: action = .addChild(pick(ids), to: pick(ids))
            case 61..<64: action = .removeFromParent(pick(ids))
            case 64..<72:
                let props: [Scenario.Property] = [
                    .modalPresentationStyle(pick(PresentationStyle.allCases)), .modalTransitionStyle(pick(TransitionStyle.modalStyles)),
                    .definesPresentationContext(chance(0.5)), .providesPresentationContextTransitionStyle(chance(0.5)),
                    .isModalInPresentation(chance(0.3)), .popoverAnchor(chance(0.5) ? .anchored : .missing), .title(chance(0.5) ? "N\(Int.random(in: 0..<9, using: &g))" : nil),
                ]
                action = .set(pick(ids), [pick(props)])
            case 72..<90: action = .advance(pick([0, 0.1, 0.2, 0.35, 0.5, 1, 2.5]))
            case 90..<97: action = .swipeDown(pick(ids), complete: chance(0.7))
            default: action = .release(pick(ids))
            }
            var step = Scenario.Step(action, thread: chance(0.05) ? "worker" : "main")
            if case let .present(_, source, _) = action, chance(0.15) {
                // A device's answer that differs from the model's (a device-shaped log).
                var o = Scenario.Observed()
                if chance(0.5) { o.presenting = source }
                if chance(0.5) { o.effectiveStyle = pick([.fullScreen, .pageSheet, .overFullScreen, .formSheet]) }
                if chance(0.3) { o.effectiveTransition = pick(TransitionStyle.allCases) }
                if chance(0.5) { o.presentationControllerClass = "UISheetPresentationController" }
                step.observed = o
            }
            if (try? sim.perform(step)) != nil { s.steps.append(step) }
            // Now and then the user drags a sheet, or the app changes one (kept if it ran).
            if Int.random(in: 0..<5, using: &sheets) == 0 {
                let id = ids[Int.random(in: 0..<ids.count, using: &sheets)]
                let detents = sim.controller(id)?.detents ?? [SheetState.large]
                let sheetStep: Scenario.Action = Bool.random(using: &sheets) ? .selectDetent(oneOf(detents), in: id)
                    : .set(id, [.detents(someDetents())].filter { _ in Bool.random(using: &sheets) } + [.largestUndimmedDetent(oneOf(detents))])
                if case .set(_, let props) = sheetStep, case .detents(let new)? = props.first, props.count == 2,
                   case .largestUndimmedDetent(let u) = props[1], let u, !new.contains(u) {
                    continue  // an identifier none of the new detents: no scenario says that
                }
                let step = Scenario.Step(sheetStep)
                if (try? sim.perform(step)) != nil { s.steps.append(step) }
            }
        }
        return s
    }
}
