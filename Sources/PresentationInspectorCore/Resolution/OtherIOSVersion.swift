/// What the same `present` would look like on the other iOS versions the app supports: the
/// resolver asked once more per span of versions whose rules differ (``UIKitVersions``), over the
/// same reads of the hierarchy.
///
/// A team that tests on one iOS version does not see what another does with the same call: from
/// iOS 18 a controller left at `.automatic` is a formSheet, smaller than the pageSheet it was
/// before, on every iPad. The comparison turns the differences a user would see into one
/// `other-ios-version` note (info) on the event (DESIGN, rule 12):
/// - another style, where the two look different (a pageSheet and a formSheet look alike in
///   compact width or height: a sheet, or full screen);
/// - another transition (a preferred zoom from iOS 18);
/// - another presenting controller or context provider, or a refusal there.
/// A present refused here gets none: its own diagnostic comes first. It keeps nothing.
///
/// The version enters the rules only through the style (``UIKitVersions/automaticStyle``, the
/// system controllers' own rows) and the transition (``UIKitVersions/preferredTransition``): a span
/// whose style and transition are this present's is this present's answer, and is not resolved
/// again (`OtherIOSVersionPremiseTests` holds the rules to that premise).
enum OtherIOSVersion {
    /// The `other-ios-version` note for a present resolved as `here`, comparing the versions of
    /// `supported` (the app's minimum to the newest modelled), or nil when none looks different.
    static func diagnostic<N: PresentationNode>(for here: PresentResolution<N>, options: ResolverOptions,
                                                supported: ClosedRange<SystemVersion>) -> Diagnostic? {
        guard here.rejection == nil else { return nil }
        let sizeClass = options.sizeClass ?? here.reads.sourceSizeClass
        let spans = spans(in: supported)
        var styles: [(span: Span, style: PresentationStyle)] = []
        var transitions: [(span: Span, transition: TransitionStyle)] = []
        var others: [String] = []
        for span in spans {
            if span.contains(here.rulesVersion) {
                styles.append((span, here.effectiveStyle))
                transitions.append((span, here.effectiveTransition))
                continue
            }
            // The same style and transition there: the same answer (the premise above).
            let style = SystemControllerRules.effectiveStyle(of: here.presented, sizeClass: sizeClass, version: span.start).style
            let transition = transitionThere(here, version: span.start)
            guard style != here.effectiveStyle || transition != here.effectiveTransition else {
                styles.append((span, here.effectiveStyle))
                transitions.append((span, here.effectiveTransition))
                continue
            }
            var there = options
            there.systemVersion = span.start
            let answer = PresentationResolver.resolvePresent(here.reads, options: there)
            styles.append((span, answer.effectiveStyle))
            transitions.append((span, answer.effectiveTransition))
            if let refused = answer.rejection {
                let consequence = refused.severity == .error ? "UIKit raises (the app crashes)" : "UIKit refuses the present"
                others.append("On \(span.text) \(consequence): \(refused.message)")
            } else if answer.presenting !== here.presenting || answer.contextProvider !== here.contextProvider {
                others.append("On \(span.text) \(here.refs.presented.consoleDescription) is presented by \(answer.refs.presenting.consoleDescription) "
                    + "and covers the area of \(answer.refs.contextProvider.consoleDescription).")
            }
        }
        var sentences: [String] = []
        var fixes: [String] = []
        let p = here.refs.presented.consoleDescription
        let current = "this run follows iOS \(here.rulesVersion)"
        if here.styleIsPredicted, Set(styles.map(\.style)).count > 1, !lookAlike(styles.map(\.style), in: sizeClass) {
            let listed = styles.map { "\($0.style.name)\(describe($0.style, among: styles.map(\.style))) on \($0.span.text)" }
            let mapping = UIKitVersions.automaticStyle.rows.map { "\($0.value.name) from iOS \($0.since.major)" }.joined(separator: " and to ")
            let why = here.requestedStyle == .automatic ? " (left at .automatic, which UIKit maps to \(mapping))" : ""
            sentences.append("\(p) is a \(listed.joined(separator: ", a "))\(why); \(current).")
            fixes.append(here.requestedStyle == .automatic
                ? "where one look matters on every version, set \(p)'s modalPresentationStyle explicitly: .pageSheet keeps the page-sized sheet, .formSheet with preferredContentSize the smaller one"
                : "check \(p)'s layout in each style")
        }
        if Set(transitions.map(\.transition)).count > 1 {
            let listed = transitions.map { "\($0.transition.name) on \($0.span.text)" }
            sentences.append("Its transition is \(listed.joined(separator: ", ")) (preferredTransition exists from iOS 18); \(current).")
            fixes.append("check the \(transitions.first { $0.transition != .zoom }?.transition.name ?? "other") transition where preferredTransition does not apply")
        }
        sentences += others
        guard !sentences.isEmpty else { return nil }
        if !others.isEmpty { fixes.append("make the present valid on every supported version") }
        return Diagnostic(code: .otherIOSVersion, severity: .info,
                          message: "On other iOS versions this app supports (\(supported.lowerBound) to \(supported.upperBound)): " + sentences.joined(separator: " "),
                          fix: fixes.joined(separator: "; "))
    }

    /// The transition `here`'s presented controller has by the rules of `version`: its preferred
    /// transition where the version has them, else the one `here` resolved without it.
    static func transitionThere<N: PresentationNode>(_ here: PresentResolution<N>, version: SystemVersion) -> TransitionStyle {
        let preferred = here.presented.preferredTransition
        let applies = UIKitVersions.preferredTransition.value(at: version) == true
        let appliedHere = preferred != nil && UIKitVersions.preferredTransition.value(at: here.rulesVersion) == true
        let withoutPreferred = appliedHere ? here.steps.lazy.compactMap { step -> TransitionStyle? in
            if case .preferredTransition(_, let replaced) = step { return replaced }
            return nil
        }.first ?? here.effectiveTransition : here.effectiveTransition
        return applies ? (preferred ?? withoutPreferred) : withoutPreferred
    }

    /// A run of versions with the same rules: from `start` up to (not including) `end`, or to the
    /// end of the supported range.
    struct Span {
        let start: SystemVersion
        let end: SystemVersion?

        func contains(_ v: SystemVersion) -> Bool { v >= start && (end.map { v < $0 } ?? true) }

        /// `iOS 15–17`, `iOS 17.4 to 18.0`, `iOS 18 and later`.
        var text: String {
            guard let end else { return "iOS \(Self.short(start)) and later" }
            if start.minor == 0, end.minor == 0 {
                return end.major - 1 == start.major ? "iOS \(start.major)" : "iOS \(start.major)–\(end.major - 1)"
            }
            return "iOS \(start) up to \(end)"
        }

        private static func short(_ v: SystemVersion) -> String { v.minor == 0 ? "\(v.major)" : "\(v)" }
    }

    /// The spans of `supported` whose rules can differ (``UIKitVersions/eraStarts(in:)``).
    static func spans(in supported: ClosedRange<SystemVersion>) -> [Span] {
        let starts = UIKitVersions.eraStarts(in: supported)
        return starts.indices.map { Span(start: starts[$0], end: $0 + 1 < starts.count ? starts[$0 + 1] : nil) }
    }

    /// Whether these styles look the same in `sizeClass` as the rules see it: a pageSheet and a
    /// formSheet are both "a sheet with part of the background content visible near the top" in
    /// compact width and full screen in compact height (Apple, UIModalPresentationStyle.pageSheet
    /// and .formSheet); in regular width and height the formSheet is smaller.
    static func lookAlike(_ styles: [PresentationStyle], in sizeClass: SizeClass) -> Bool {
        sizeClass == .compact && styles.allSatisfy(\.isSheet)
    }

    /// What a reader should know of a sheet's size where pageSheet and formSheet both appear.
    private static func describe(_ style: PresentationStyle, among styles: [PresentationStyle]) -> String {
        guard styles.contains(.pageSheet), styles.contains(.formSheet) else { return "" }
        return style == .formSheet ? " (smaller; sized by preferredContentSize)" : " (page-sized)"
    }
}
