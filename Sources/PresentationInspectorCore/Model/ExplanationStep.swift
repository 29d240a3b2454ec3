/// One step of the model's reasoning, as data: which rule applied to which controllers.
///
/// The resolver records steps, not sentences (sentences would be most of an event's memory).
/// ``sentence`` is the one renderer every view
/// uses (text export, `pinspect explain`, LLDB, the overlay, the report), so the wording is the
/// same everywhere; the log stores the sentences (docs/FORMATS.md), and a step read back from a
/// log, or written outside the model, is ``text(_:)``. Two steps are equal when they read the same.
/// Not `indirect`: Swift tags box pointers with the case in spare bits, and LeakSanitizer then
/// reports every box as leaked (CI step 60); the recorder interns steps instead.
public enum ExplanationStep: Sendable, CustomStringConvertible {
    /// Where a presentation root hangs.
    public enum RootPlace: Hashable, Sendable {
        /// The root of this window.
        case windowRoot(String)
        /// Presented by this controller.
        case presentedBy(ControllerRef)
        /// Neither: not in any window's hierarchy.
        case detached
    }

    /// One ancestor asked for `definesPresentationContext`.
    public struct ContextCheck: Hashable, Sendable {
        /// Its class name.
        public var type: String
        /// Its answer.
        public var defines: Bool
        /// Creates a check.
        public init(type: String, defines: Bool) { self.type = type; self.defines = defines }
    }

    // present
    case presentCalled(source: ControllerRef, presented: ControllerRef)
    case walkedUp(path: [String], root: ControllerRef, place: RootPlace)
    case ownRoot(ControllerRef, place: RootPlace)
    /// `.automatic` resolved to this style by the rules of this iOS version (`pinspect uikit-versions`).
    case automaticStyle(PresentationStyle, rules: SystemVersion)
    case popoverAdapts
    case styleAsIs(PresentationStyle, sheetInCompact: Bool)
    case contextFound(PresentationStyle, walk: [ContextCheck], provider: ControllerRef)
    case contextNotFound(PresentationStyle, walk: [ContextCheck], root: ControllerRef)
    case notContextStyle(PresentationStyle, root: ControllerRef)
    case presentingIsNotSource(presenting: ControllerRef, source: ControllerRef)
    case sourcePresents
    case transitionFromProvider(provider: ControllerRef, transition: TransitionStyle, requested: TransitionStyle)
    case transitionOwnProviderDeclines(TransitionStyle, providerType: String)
    case transitionOwn(TransitionStyle)
    /// From iOS 18, the presented controller's `preferredTransition` replaces this transition.
    case preferredTransition(TransitionStyle, replaces: TransitionStyle)
    case alreadyPresented(ControllerRef, by: ControllerRef)
    case activeChild(ControllerRef, parent: ControllerRef)
    case activeRoot(ControllerRef, window: String)
    case presentingNotInWindow(ControllerRef, leaving: Bool)
    case transitionRunning
    case dismissalNotCounted
    case alreadyPresenting(presenting: ControllerRef, current: ControllerRef, inheritedFrom: ControllerRef?)
    case notInWindow(source: ControllerRef)
    case popoverWithoutAnchor(ControllerRef, popoverController: ControllerRef)
    case checksPassed(presentingType: String)
    case nothingChanges
    case detachedSource(ControllerRef)
    // dismiss
    case dismissCalled(ControllerRef)
    case dismissDuringTransition(receiver: ControllerRef, handler: ControllerRef?)
    case dismissesOwn(receiver: ControllerRef, presented: ControllerRef)
    case dismissInherited(receiver: ControllerRef, presented: ControllerRef, handler: ControllerRef)
    case removed([ControllerRef])
    case forwarded(receiver: ControllerRef, root: ControllerRef?, handler: ControllerRef, dismissedRoot: ControllerRef)
    case nothingToDismiss(ControllerRef)
    // interactive dismissal
    case swipedDown(ControllerRef)
    case swipeBlocked(type: String)
    case swipeCancelled
    case swipeCompletes(presenter: ControllerRef?, removed: [ControllerRef])
    /// A sentence as it is: read from a log, or written outside the model.
    case text(String)

    /// The step as the sentence every view shows.
    public var sentence: String {
        switch self {
        case .presentCalled(let s, let p):
            return "present was called on \(label: s): the source (original presenter) of \(label: p)."
        case .walkedUp(let path, let root, let place):
            return "Walking up through parent: \(path.map { VisibleText.escaped($0) }.joined(separator: " → ")). The presentation root is \(label: root), \(Self.describe(place))."
        case .ownRoot(let s, let place):
            return "\(label: s) has no parent, so it is its own presentation root: \(Self.describe(place))."
        case .automaticStyle(let style, let version):
            return "Requested style automatic resolves to \(style.name) on iOS \(version) (Apple, UIModalPresentationStyle.automatic: \"formSheet in iOS 18 and later; pageSheet in versions of iOS earlier than iOS 18\")."
        case .popoverAdapts:
            return "Requested style popover adapts to formSheet in a horizontally or vertically compact environment (shown as a sheet)."
        case .styleAsIs(let style, let sheetInCompact):
            return "Requested style \(style.name) is used as is\(sheetInCompact ? " (sheets stay sheets in a compact size class)" : "")."
        case .contextFound(let style, let walk, let provider):
            return "Style \(style.name) searches for a presentation context from the source up: \(Self.describe(walk)) → \(label: provider) provides the context and becomes the presenting controller."
        case .contextNotFound(let style, let walk, let root):
            return "Style \(style.name) searches for a presentation context from the source up: \(Self.describe(walk)); none defines one, so the presentation root \(label: root) provides it and presents."
        case .notContextStyle(let style, let root):
            return "Style \(style.name) is not a context style, so definesPresentationContext is not consulted: the presentation root \(label: root) provides the context and presents."
        case .presentingIsNotSource(let presenting, let source):
            return "So presentedViewController.presentingViewController will be \(label: presenting), not the source \(label: source): UIKit uses the controller whose area the presentation covers."
        case .sourcePresents:
            return "The source itself presents (it is the controller whose area the presentation covers)."
        case .transitionFromProvider(let provider, let transition, let requested):
            return "\(label: provider) defines the context and providesPresentationContextTransitionStyle = true: its modalTransitionStyle \(transition.name) replaces the presented controller's \(requested.name)."
        case .transitionOwnProviderDeclines(let transition, let providerType):
            return "Transition \(transition.name) is the presented controller's own (\(VisibleText.escaped(providerType)).providesPresentationContextTransitionStyle = false)."
        case .transitionOwn(let transition):
            return "Transition \(transition.name) is the presented controller's own."
        case .preferredTransition(let preferred, let replaced):
            return "Its preferredTransition \(preferred.name) (iOS 18 and later) replaces \(replaced.name); UIKit treats it as a preference it \"may\" ignore \"if not supported by the current context\" (UIViewController.h)."
        case .alreadyPresented(let p, let by):
            return "Check already-presented failed: \(label: p) is already being presented by \(label: by). UIKit raises an exception."
        case .activeChild(_, let parent):
            return "Check active-controller failed: it is a child of \(label: parent). UIKit raises an exception."
        case .activeRoot(_, let window):
            return "Check active-controller failed: it is the root of window \(VisibleText.escaped(window)). UIKit raises an exception."
        case .presentingNotInWindow(let r, let leaving):
            if leaving {
                return "Check not-in-window-hierarchy failed: the presenting controller \(label: r) is being dismissed, so its view is leaving the window. UIKit names it in its message."
            }
            return "Check not-in-window-hierarchy failed: the presenting controller \(label: r)'s view is not in a window (covered by a completed full-screen presentation, or not shown yet). UIKit checks this before whether it already presents something."
        case .transitionRunning:
            return "Check presentation-in-progress failed: a presentation is still running in this window."
        case .dismissalNotCounted:
            return "A dismissal is still running in this window. The model does not count it as a presentation in progress, as the one report of this case shows (a present on a controller whose presentation was being dismissed: \"which is already presenting\"); that is unverified on a device."
        case .alreadyPresenting(let presenting, let current, let inheritedFrom):
            let owner = inheritedFrom.map { " (inherited from \(label: $0), rule 5)" } ?? ""
            return "Check already-presenting failed: \(label: presenting).presentedViewController is \(label: current)\(owner)."
        case .notInWindow(let s):
            return "Check not-in-window-hierarchy failed: \(label: s)'s view is not in a window (a hidden tab or navigation level), while the presenting controller's is. No console report shows UIKit checking the source's own view: this is the model's contract."
        case .popoverWithoutAnchor(let p, let popoverController):
            return "Check popover-without-anchor failed: \(label: p) is shown as a popover (regular width) with no sourceView or barButtonItem. UIKit raises an exception naming its popover presentation controller \(popoverController.consoleDescription)."
        case .checksPassed(let presentingType):
            return "Checks passed: not already presented, not an active child or root, the presenting controller's view is in the window, no presentation running, \(VisibleText.escaped(presentingType)) presents nothing yet, the source's view is in the window."
        case .nothingChanges:
            return "Rejected: nothing changes."
        case .detachedSource(let s):
            return "\(label: s) is not attached to any window's controller hierarchy (detached)."
        case .dismissCalled(let r):
            return "dismiss was called on \(label: r)."
        case .dismissDuringTransition(let r, let handler):
            guard let handler else {
                return "A present or dismiss transition is still running in this window: UIKit refuses the dismissal, naming \(label: r)."
            }
            return "UIKit hands the dismiss sent to \(label: r) to \(label: handler) (rule 7), which refuses it: a present or dismiss transition is still running in this window. UIKit's message names \(label: handler), not the receiver."
        case .dismissesOwn(let r, let p):
            return "\(label: r) presents \(label: p): it dismisses that controller and everything above it."
        case .dismissInherited(let r, let p, let handler):
            return "\(label: r).presentedViewController is \(label: p) (inherited through its ancestors, rule 5); its presenting controller \(label: handler) handles the dismissal."
        case .removed(let set):
            return "Removed, top first: \(Self.labels(set)).\(set.count > 1 ? " Only the top one animates." : "")"
        case .forwarded(let r, let root, let handler, let dismissedRoot):
            let hung = root.map { ", and its presentation root \(label: $0) was presented" } ?? " and was presented"
            return "\(label: r) presents nothing\(hung): the message is forwarded to the presenting controller \(label: handler), which dismisses \(label: dismissedRoot) and everything above it."
        case .nothingToDismiss(let r):
            return "\(label: r) presents nothing and its presentation root was not presented: nothing to dismiss."
        case .swipedDown(let r):
            return "The user swiped down \(label: r)."
        case .swipeBlocked(let type):
            return "\(VisibleText.escaped(type)).isModalInPresentation = true: the swipe is blocked and the sheet stays."
        case .swipeCancelled:
            return "The user let go before the threshold: the swipe is cancelled and the sheet stays."
        case .swipeCompletes(let presenter, let set):
            return "The swipe completes: \(presenter?.label ?? "its presenting controller") removes \(Self.labels(set)) without any dismiss call."
        case .text(let s):
            return s
        }
    }

    /// The sentence.
    public var description: String { sentence }

    private static func describe(_ place: RootPlace) -> String {
        switch place {
        case .windowRoot(let w): "the root of window \(VisibleText.escaped(w))"
        case .presentedBy(let q): "presented by \(label: q)"
        case .detached: "which is no window's root and was not presented (detached)"
        }
    }

    private static func describe(_ walk: [ContextCheck]) -> String {
        walk.map { "\(VisibleText.escaped($0.type)).definesPresentationContext = \($0.defines)" }.joined(separator: ", ")
    }

    private static func labels(_ refs: [ControllerRef]) -> String { refs.map(\.label).joined(separator: ", ") }
}

extension ExplanationStep: Hashable {
    /// Steps are equal when they read the same (a step read from a log is text).
    public static func == (a: ExplanationStep, b: ExplanationStep) -> Bool { a.sentence == b.sentence }
    /// Hashes the sentence.
    public func hash(into hasher: inout Hasher) { hasher.combine(sentence) }
}
