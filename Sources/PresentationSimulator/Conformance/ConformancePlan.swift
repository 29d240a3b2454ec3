@_spi(Package) import PresentationInspectorCore

/// A scenario made ready to run on real UIKit and in the model alike: the conformance run
/// performs exactly these steps on both sides.
///
/// Left out, each with its reason: steps on another thread (UIKit must not be called off the
/// main thread), swipes (code cannot perform one), steps the model says UIKit raises for and
/// steps UIKit raises for outside the model's rules (the run must never crash the app it runs
/// in), and steps the model cannot run at all. A scenario whose controllers UIKit cannot build
/// without raising, or that the model cannot load, is not run at all (``refusal``). `observed`
/// answers are dropped: on a device UIKit gives its own. `advance` waits at most
/// ``maximumWait`` seconds, so a run takes seconds, not the scenario's virtual hours.
///
/// A world whose windows cannot take the scenario's horizontal size class (UIKit before iOS 17)
/// runs with its own: the plan then gives the scenario that size class, so the model predicts
/// for the size class UIKit really used, and says so in ``notes``.
public struct ConformancePlan: Sendable {
    /// A step of the original scenario that is not run, and why.
    public struct SkippedStep: Sendable, Equatable, CustomStringConvertible {
        /// Its index in the original scenario's `steps`.
        public var index: Int
        /// Its kind (`present`, `swipeDown`…).
        public var kind: String
        /// Why it is not run.
        public var reason: String
        /// The model's finding for a step UIKit raises for (its error, in UIKit's words); nil
        /// for a step left out for another reason.
        public var diagnostic: Diagnostic?
        /// `steps[4] (swipeDown): a swipe cannot be performed by code`.
        public var description: String { "steps[\(index)] (\(kind)): \(reason)" }
    }

    /// The longest wait, in seconds, one `advance` step causes.
    public static let maximumWait = 2.0

    /// The scenario to run: the original's controllers and windows, and the steps kept.
    public var scenario: Scenario
    /// The steps left out, in order.
    public var skipped: [SkippedStep]
    /// What the run changes in the scenario besides its steps (the size class), one sentence each.
    public var notes: [String] = []
    /// Why nothing of the scenario is run, on UIKit or in the model; nil when it runs.
    public var refusal: String?

    /// Plans `original`. The model runs the kept steps once to find those UIKit raises for.
    /// `horizontalSizeClass`: the size class the world's windows have whatever the scenario says
    /// (nil: they take the scenario's). `systemVersion`: the iOS version the world's UIKit runs
    /// (nil: the scenario's): the model predicts by its rules (`pinspect uikit-versions`).
    public init(_ original: Scenario, horizontalSizeClass fixed: SizeClass? = nil, systemVersion running: SystemVersion? = nil) {
        var original = original
        if let running, running != original.environment.systemVersion {
            if let named = original.environment.systemVersion {
                notes.append("run by the rules of iOS \(UIKitVersions.rulesVersion(for: running)), the device's, not the scenario's iOS \(named)")
            }
            original.environment.systemVersion = running
        }
        if let fixed, fixed != original.environment.horizontalSizeClass {
            notes.append("run in the \(fixed.rawValue) size class, not the scenario's \(original.environment.horizontalSizeClass.rawValue): "
                         + "windows cannot be given a size class before iOS 17, so the model predicts for the device's")
            original.environment.horizontalSizeClass = fixed
        }
        var planned = original
        planned.steps = []
        var skipped: [SkippedStep] = []
        let model = Simulation(configuration: HandlerConfiguration(leakCheckDelay: nil))
        do {
            try model.load(original)
        } catch {
            // Unknown to the model, its steps cannot be checked for what UIKit raises for.
            refusal = "the model cannot load it: \(error.message)"
        }
        if refusal == nil, let nested = Self.navigationInNavigation(model, original) {
            refusal = "UIKit raises when it builds it: \(nested)"
        }
        if refusal != nil {
            scenario = planned
            self.skipped = []
            return
        }
        for (i, step) in original.steps.enumerated() {
            func skip(_ reason: String, _ diagnostic: Diagnostic? = nil) {
                skipped.append(SkippedStep(index: i, kind: step.action.kindName, reason: reason, diagnostic: diagnostic))
            }
            if step.thread != "main" { skip("UIKit must not be called off the main thread; the run makes every call on it"); continue }
            var s = Scenario.Step(step.action)
            switch step.action {
            case .swipeDown: skip("a swipe cannot be performed by code; swipe by hand to compare"); continue
            case .startRecording: skip("the run records from its first step: the steps before this one are compared too"); continue
            case .advance(let seconds): s = Scenario.Step(.advance(min(max(seconds, 0), Self.maximumWait)))
            default: break
            }
            if let raises = Self.raisesOutsideTheModel(step.action, in: model) {
                skip("UIKit raises here (\(raises)); not called, so the app survives")
                continue
            }
            if case .present(let p, _, _) = step.action, model.controller(p)?.modalPresentationStyle == .custom {
                skip("a custom presentation needs the app's own transitioning delegate")
                continue
            }
            let before = model.recorder.events.count
            do {
                try model.perform(s)
            } catch {
                skip("the model cannot run it: \(error.message)")
                continue
            }
            let raised = model.recorder.events.dropFirst(before).first { e in
                e.kind == .present && e.outcome == .rejected && e.diagnostics.contains { $0.severity == .error }
            }
            if let raised, let d = raised.diagnostics.first(where: { $0.severity == .error }) {
                skip("UIKit raises here (\(d.code.rawValue)); not called, so the app survives", d)
                continue
            }
            planned.steps.append(s)
        }
        scenario = planned
        self.skipped = skipped
    }

    /// What UIKit raises an exception for, or forbids, at `action` that the model has no rule
    /// for; nil when there is none.
    static func raisesOutsideTheModel(_ action: Scenario.Action, in model: Simulation) -> String? {
        switch action {
        case .present(let id, _, _):
            guard let c = model.controller(id) else { return nil }
            // https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/none:
            // "Do not use this style to present a view controller."
            if c.modalPresentationStyle == .none { return "a present with the style none" }
            // https://developer.apple.com/documentation/uikit/uimodaltransitionstyle/partialcurl:
            // "Attempting to use … a different presentation style triggers an exception."
            if c.modalTransitionStyle == .partialCurl && c.modalPresentationStyle != .fullScreen {
                return "a partial curl in a presentation that is not fullScreen"
            }
            return nil
        case .push(let id, let parent, _), .addChild(let id, let parent):
            // A child of a navigation controller is pushed onto its stack (UIKit: "Pushing a
            // navigation controller is not supported").
            guard model.controller(parent)?.container == .navigation, model.controller(id)?.container == .navigation else { return nil }
            return "a navigation controller pushed onto a navigation controller"
        default:
            return nil
        }
    }

    /// A navigation controller the scenario declares as a child of another (UIKit refuses it on
    /// the stack it builds), named; nil when there is none.
    static func navigationInNavigation(_ model: Simulation, _ scenario: Scenario) -> String? {
        for declared in scenario.controllers {
            guard let nav = model.controller(declared.id), nav.container == .navigation else { continue }
            if let child = nav.childNodes.first(where: { $0.container == .navigation }) {
                return "navigation controller \(child.id) is a child of navigation controller \(nav.id)"
            }
        }
        return nil
    }
}
