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

    /// The `other-size-class` warning for a present resolved as `here` with `options`, or nil
    /// when the other size class makes no difference a user must know.
    static func diagnostic<N: PresentationNode>(for here: PresentResolution<N>, options: ResolverOptions) -> Diagnostic? {
        // A present refused here already carries the finding to fix first.
        guard here.rejection == nil else { return nil }
        let current = options.sizeClass ?? here.reads.sourceSizeClass
        // The size class enters the rules only through the style (rule 1, and the system
        // controllers' own): where the other size class gives the same style, its answer is this
        // one (OtherSizeClassPremiseTests holds the rules to that).
        let otherStyle = SystemControllerRules.effectiveStyle(of: here.presented, sizeClass: opposite(of: current),
                                                              version: here.rulesVersion).style
        guard otherStyle != here.effectiveStyle else { return nil }
        var otherOptions = options
        otherOptions.sizeClass = opposite(of: current)
        otherOptions.systemVersion = here.rulesVersion
        // The same reads of the hierarchy: only the size class differs.
        let there = PresentationResolver.resolvePresent(here.reads, options: otherOptions)
        return difference(here: here, there: there, in: opposite(of: current))
    }

    /// The warning for the outcome `there` (in size class `other`) where `here` went ahead, or nil.
    static func difference<N: PresentationNode>(here: PresentResolution<N>, there: PresentResolution<N>,
                                                in other: SizeClass) -> Diagnostic? {
        let p = here.refs.presented
        if let refused = there.rejection {
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

    /// The remedy for the check that refuses the present in the other size class.
    static func fix<N: PresentationNode>(for refused: Diagnostic, there: PresentResolution<N>, presented p: ControllerRef) -> String {
        if refused.code == .popoverWithoutAnchor {
            return "give \(p.consoleDescription) an anchor before presenting it: popoverPresentationController?.sourceView = … "
                + "(with sourceRect) or popoverPresentationController?.sourceItem = … (a bar button item); compact width ignores "
                + "the anchor, so it is right on every device"
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
