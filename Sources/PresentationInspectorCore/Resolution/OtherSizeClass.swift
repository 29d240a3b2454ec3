/// What the same `present` would do on the other kind of device: the resolver asked once more,
/// in the other size class as rule 1 reads it (compact ↔ regular), over the same hierarchy.
///
/// A developer who tests on an iPhone (compact width) never sees what an iPad (regular width)
/// does with the same call, and the reverse. The comparison turns the differences a user must
/// know into one `other-size-class` warning on the event (DESIGN, rule 11):
/// - there UIKit raises (an anchorless popover in regular width): the app would crash;
/// - there UIKit refuses the present (any other rejecting check);
/// - there the presentation covers another controller's area (another presenting controller or
///   context provider).
///
/// A style that merely adapts (a popover shown full screen in compact width) is UIKit working
/// as designed and produces nothing; so does a present already rejected here, whose own
/// diagnostic comes first. The comparison follows whatever the resolver says, so every rule the
/// resolver learns is covered without change here. It costs one more decision per present over the
/// same reads of the hierarchy (``PresentReads``) and keeps nothing.
enum OtherSizeClass {
    /// The size class opposite to `sizeClass`.
    static func opposite(of sizeClass: SizeClass) -> SizeClass {
        sizeClass == .compact ? .regular : .compact
    }

    /// The other size class's answer for a present resolved as `here` with `options`, or nil when
    /// it cannot differ. Decided before UIKit's present runs, over the reads made for `here`; the
    /// warning itself comes once the call has returned (``Finding/diagnostic()``).
    static func finding<N: PresentationNode>(for here: PresentResolution<N>, options: ResolverOptions) -> Finding {
        // A present refused here already carries the finding to fix first.
        guard here.rejection == nil else { return .decided(nil) }
        let current = options.sizeClass ?? here.reads.sizeClass
        // The size class enters the rules only through the style (rule 1, and the system
        // controllers' own): where the other size class gives the same style, its answer is this
        // one (OtherSizeClassPremiseTests holds the rules to that).
        let otherStyle = SystemControllerRules.effectiveStyle(of: here.presented, sizeClass: opposite(of: current),
                                                              version: here.rulesVersion).style
        guard otherStyle != here.effectiveStyle else { return .decided(nil) }
        var otherOptions = options
        otherOptions.sizeClass = opposite(of: current)
        otherOptions.systemVersion = here.rulesVersion
        // The same reads of the hierarchy: only the size class differs.
        let there = PresentationResolver.resolvePresent(here.reads, options: otherOptions)
        let other = opposite(of: current)
        guard there.rejection == nil, there.popoverAnchorUnknown else { return .decided(difference(here: here, there: there, in: other)) }
        // A popover there whose anchor could not be read before the call (``PopoverReading``): read
        // it once the call has returned, when reading it creates nothing.
        return .afterCall { settled(here: here, there: there, in: other) }
    }

    /// What the other size class says of a present, as far as it is known before UIKit's present
    /// runs (not generic: the hooks' path asks the runtime for no type metadata to keep it).
    enum Finding {
        /// Decided before the call: the warning, or nil.
        case decided(Diagnostic?)
        /// Waits for the popover's anchor, read once UIKit's present has returned.
        case afterCall(() -> Diagnostic?)

        /// The warning, the anchor read now where it waits for it.
        func diagnostic() -> Diagnostic? {
            switch self {
            case .decided(let d): d
            case .afterCall(let read): read()
            }
        }
    }

    /// The warning for `there`, a popover whose anchor could not be read before the call, with the
    /// anchor as it reads now.
    static func settled<N: PresentationNode>(here: PresentResolution<N>, there: PresentResolution<N>, in other: SizeClass) -> Diagnostic? {
        switch PopoverAnchorCheck(there.presented) {
        case .anchored, .setByDelegate:
            return difference(here: here, there: there, in: other)
        case .missing:
            // A popover presentation controller without an anchor: UIKit raises there.
            let p = there.refs.presented
            let refused = SystemControllerRules.popoverWithoutAnchor(there.presented, p, popoverController: SystemControllerRules.popoverPresentationController(of: there.presented, p),
                                                                     presenting: there.refs.presenting)
            return difference(here: here, there: there, in: other, refused: refused)
        case .unknown:
            // None to read here: the app's `popoverPresentationController?.sourceItem = …` may be
            // right and sets nothing in this size class. Unknown is not missing: a note, no warning.
            return anchorUnseen(here.refs.presented, in: other)
        }
    }

    /// The warning for the outcome `there` (in size class `other`) where `here` went ahead, or nil;
    /// `refused` is the check that refuses it there (by default its own rejection).
    static func difference<N: PresentationNode>(here: PresentResolution<N>, there: PresentResolution<N>,
                                                in other: SizeClass, refused: Diagnostic? = nil) -> Diagnostic? {
        let p = here.refs.presented
        if let refused = refused ?? there.rejection {
            let consequence = refused.severity == .error ? "UIKit raises (the app crashes)" : "UIKit refuses the present"
            return Diagnostic(code: .otherSizeClass, severity: .warning,
                              message: "In \(describe(other)) \(consequence): \(refused.message)",
                              fix: fix(for: refused, there: there, presented: p))
        }
        if there.presenting !== here.presenting || there.contextProvider !== here.contextProvider {
            let covered = there.refs.contextProvider.consoleDescription
            let by = there.refs.presenting.consoleDescription
            return Diagnostic(code: .otherSizeClass, severity: .warning,
                              message: "In \(describe(other)) \(p.consoleDescription) is presented by \(by) and covers the area of \(covered) "
                                  + "(\(there.effectiveStyle.name)), not of \(here.refs.contextProvider.consoleDescription) as here (\(here.effectiveStyle.name)).",
                              fix: "if \(p.consoleDescription) must cover the same area on every device, set its modalPresentationStyle to a style that "
                                  + "does not adapt, or choose the style for each size class (UIAdaptivePresentationControllerDelegate.adaptivePresentationStyle(for:traitCollection:))")
        }
        return nil
    }

    /// The note for a popover in size class `other` whose anchor cannot be seen here: no popover
    /// presentation controller to read (an action or share sheet on an iPhone).
    static func anchorUnseen(_ p: ControllerRef, in other: SizeClass) -> Diagnostic {
        Diagnostic(code: .otherSizeClass, severity: .info,
                   message: "In \(describe(other)) \(p.consoleDescription) is a popover and needs an anchor, else UIKit raises; "
                       + "whether it has one cannot be seen here: it has no popover presentation controller in this size class "
                       + "(popoverPresentationController?.… sets nothing here).",
                   fix: "if \(p.consoleDescription) has no anchor yet, \(anchorRemedy); run it on an iPad (or its Simulator) "
                       + "to see the anchor checked")
    }

    /// How to give a popover an anchor, `sourceItem` first (iOS 16 and later).
    static let anchorRemedy = "set popoverPresentationController?.sourceItem = … (iOS 16 and later: a bar button item or a view), "
        + "or sourceView = … with sourceRect, before presenting it; compact width ignores the anchor, so it is right on every device"

    /// The remedy for the check that refuses the present in the other size class.
    static func fix<N: PresentationNode>(for refused: Diagnostic, there: PresentResolution<N>, presented p: ControllerRef) -> String {
        if refused.code == .popoverWithoutAnchor {
            return "give \(p.consoleDescription) an anchor: \(anchorRemedy)"
        }
        // Any other check: the remedy the resolver gave, else that check's own, named with the
        // controllers of the other outcome.
        if let given = refused.fix { return given }
        let refs = there.refs
        let event = Event(time: 0, kind: .present, outcome: .rejected, source: refs.source, presented: refs.presented,
                          presenting: refs.presenting, contextProvider: refs.contextProvider,
                          requestedStyle: there.requestedStyle, effectiveStyle: there.effectiveStyle,
                          diagnostics: [refused], ancestry: there.ancestryRefs)
        return Diagnostic.fix(for: refused, in: event) ?? "make the present valid in both size classes: \(refused.message)"
    }

    /// The size class as a reader knows it.
    static func describe(_ sizeClass: SizeClass) -> String {
        switch sizeClass {
        case .regular: "regular width and height (an iPad, full screen or in a wide split)"
        case .compact: "compact width or height (an iPhone, an iPad in Slide Over or a narrow split)"
        }
    }
}

