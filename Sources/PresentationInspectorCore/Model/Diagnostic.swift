/// How serious a finding is. Ordered: `info < warning < error`.
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Whether `lhs` is less severe than `rhs` (info < warning < error).
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A finding's stable identifier, such as `already-presenting`.
///
/// A struct rather than an enum so that logs written by newer versions, with codes this
/// version does not know, still read.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as written in logs and printed: `already-presenting`.
    public var rawValue: String
    /// The code with this text (known or not).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's text, on one line: a log may hold any text as a code, and its control
    /// characters are shown as escapes (`\n`, `\u{1B}`), as every view shows them.
    public var description: String { VisibleText.escaped(rawValue) }

    /// The presented controller already has a presenting controller (UIKit raises).
    public static let alreadyPresented = Self(rawValue: "already-presented")
    /// The presented controller has a parent or is a window's root (UIKit raises).
    public static let activeController = Self(rawValue: "active-controller")
    /// A presentation transition is running in the source's window.
    public static let presentationInProgress = Self(rawValue: "presentation-in-progress")
    /// The resolved presenting controller already presents something.
    public static let alreadyPresenting = Self(rawValue: "already-presenting")
    /// The presenting controller's view is not in a window (or it is being dismissed), or the source's is not.
    public static let notInWindowHierarchy = Self(rawValue: "not-in-window-hierarchy")
    /// A dismiss arrived while a transition was running.
    public static let dismissDuringTransition = Self(rawValue: "dismiss-during-transition")
    /// A dismiss found nothing to dismiss.
    public static let nothingToDismiss = Self(rawValue: "nothing-to-dismiss")
    /// UIKit was used from a background thread.
    public static let offMainThread = Self(rawValue: "off-main-thread")
    /// A dismissed controller was still alive some time after its dismissal.
    public static let leakedAfterDismiss = Self(rawValue: "leaked-after-dismiss")
    /// `present` was sent to a controller outside any window's controller hierarchy.
    public static let detachedPresenter = Self(rawValue: "detached-presenter")
    /// A popover was presented with no source view or bar button item.
    public static let popoverWithoutAnchor = Self(rawValue: "popover-without-anchor")
    /// The presentation chain grew deeper than the configured limit.
    public static let deepChain = Self(rawValue: "deep-chain")
    /// The same present, resolved in the other size class (compact ↔ regular: an iPhone against an iPad), would
    /// raise, be refused or cover another controller's area: what the other kind of device does.
    public static let otherSizeClass = Self(rawValue: "other-size-class")
    /// The same present looks different on another iOS version the app supports (another style,
    /// transition or presenting controller): what users on that version see.
    public static let otherIOSVersion = Self(rawValue: "other-ios-version")

    /// Every code this version emits, in the order of DESIGN's rules.
    public static let known: [DiagnosticCode] = [
        .alreadyPresented, .activeController, .presentationInProgress, .alreadyPresenting,
        .notInWindowHierarchy, .dismissDuringTransition, .nothingToDismiss, .offMainThread,
        .leakedAfterDismiss, .detachedPresenter, .popoverWithoutAnchor, .deepChain,
        .otherSizeClass, .otherIOSVersion, .modelDrift,
    ]
}

/// One finding attached to an event: a stable code, a severity, UIKit's wording and a remedy.
public struct Diagnostic: Hashable, Sendable {
    /// The stable identifier.
    public var code: DiagnosticCode
    /// How serious it is.
    public var severity: Severity
    /// UIKit's console wording (or ours, for findings UIKit does not print).
    public var message: String
    /// A concrete remedy naming the event's own controllers (JSON key `fix`; in logs written
    /// before it existed, the package's readers compute it).
    public var fix: String?

    /// Creates a diagnostic.
    public init(code: DiagnosticCode, severity: Severity, message: String, fix: String? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.fix = fix
    }
}

extension Diagnostic {
    /// "Application tried to present modally a view controller <P> that is already being presented by <Q>."
    @_spi(Package) public static func alreadyPresented(_ presented: ControllerRef, by presenter: ControllerRef) -> Diagnostic {
        Diagnostic(code: .alreadyPresented, severity: .error,
                   message: "Application tried to present modally a view controller \(presented.consoleDescription) that is already being presented by \(presenter.consoleDescription).")
    }

    /// "Application tried to present modally an active controller <P>."
    @_spi(Package) public static func activeController(_ presented: ControllerRef) -> Diagnostic {
        Diagnostic(code: .activeController, severity: .error,
                   message: "Application tried to present modally an active controller \(presented.consoleDescription).")
    }

    /// "Attempt to present <P> on <R> (from <S>) while a presentation is in progress."
    @_spi(Package) public static func presentationInProgress(_ p: ControllerRef, on r: ControllerRef, from s: ControllerRef) -> Diagnostic {
        Diagnostic(code: .presentationInProgress, severity: .warning,
                   message: "Attempt to present \(p.consoleDescription) on \(r.consoleDescription) (from \(s.consoleDescription)) while a presentation is in progress.")
    }

    /// "Attempt to present <P> on <R> (from <S>) which is already presenting <Q>."
    @_spi(Package) public static func alreadyPresenting(_ p: ControllerRef, on r: ControllerRef, from s: ControllerRef, current q: ControllerRef) -> Diagnostic {
        Diagnostic(code: .alreadyPresenting, severity: .warning,
                   message: "Attempt to present \(p.consoleDescription) on \(r.consoleDescription) (from \(s.consoleDescription)) which is already presenting \(q.consoleDescription).")
    }

    /// "Attempt to present <P> on <R> (from <S>) whose view is not in the window hierarchy."
    @_spi(Package) public static func notInWindowHierarchy(_ p: ControllerRef, on r: ControllerRef, from s: ControllerRef) -> Diagnostic {
        Diagnostic(code: .notInWindowHierarchy, severity: .warning,
                   message: "Attempt to present \(p.consoleDescription) on \(r.consoleDescription) (from \(s.consoleDescription)) whose view is not in the window hierarchy.")
    }

    /// "Attempt to dismiss from view controller <H> while a presentation or dismiss is in progress!",
    /// `<H>` the controller UIKit handed the dismiss to (rule 7), which need not be its receiver.
    @_spi(Package) public static func dismissDuringTransition(_ handler: ControllerRef) -> Diagnostic {
        Diagnostic(code: .dismissDuringTransition, severity: .warning,
                   message: "Attempt to dismiss from view controller \(handler.consoleDescription) while a presentation or dismiss is in progress!")
    }

    /// Informational: a dismiss with nothing to dismiss.
    @_spi(Package) public static func nothingToDismiss(_ receiver: ControllerRef) -> Diagnostic {
        Diagnostic(code: .nothingToDismiss, severity: .info,
                   message: "Dismiss sent to \(receiver.consoleDescription), which presents nothing and was not presented: nothing to dismiss.")
    }

    /// UIKit used from a background thread.
    @_spi(Package) public static func offMainThread(_ api: String, thread: String) -> Diagnostic {
        Diagnostic(code: .offMainThread, severity: .error,
                   message: "\(api) called on thread \"\(VisibleText.escaped(thread))\"; UIKit must be used from the main thread only.")
    }

    /// A controller still alive after its dismissal.
    @_spi(Package) public static func leakedAfterDismiss(_ controller: ControllerRef, seconds: Double) -> Diagnostic {
        Diagnostic(code: .leakedAfterDismiss, severity: .warning,
                   message: "\(controller.consoleDescription) is still alive \(formatSeconds(seconds)) after its dismissal completed; something still retains it.")
    }

    /// "Presenting view controllers on detached view controllers is discouraged <S>."
    @_spi(Package) public static func detachedPresenter(_ source: ControllerRef) -> Diagnostic {
        Diagnostic(code: .detachedPresenter, severity: .warning,
                   message: "Presenting view controllers on detached view controllers is discouraged \(source.consoleDescription).")
    }

    /// "UIPopoverPresentationController (<C>) should have a non-nil sourceView or barButtonItem set before
    /// the presentation occurs.", `<C>` the popover presentation controller (not the presented one).
    @_spi(Package) public static func popoverWithoutAnchor(popoverController: ControllerRef) -> Diagnostic {
        Diagnostic(code: .popoverWithoutAnchor, severity: .error,
                   message: "UIPopoverPresentationController (\(popoverController.consoleDescription)) should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
    }

    /// Informational: the chain is deeper than the limit.
    @_spi(Package) public static func deepChain(depth: Int, limit: Int) -> Diagnostic {
        Diagnostic(code: .deepChain, severity: .info,
                   message: "The presentation chain is \(depth) presented controllers deep (limit \(limit)); users lose track of deep modal stacks.")
    }
}

/// `0.35 s`, `2 s`: a compact rendering of a duration in seconds.
func formatSeconds(_ s: Double) -> String {
    if s == s.rounded() && abs(s) < 1e15 { return "\(clampedInt(s)) s" }
    return "\((s * 1000).rounded() / 1000) s"
}
