/// The model of sheets (DESIGN "Sheets"): how a sheet looks where it is shown, where it rests, and
/// whether the controller below it still answers touches. Pure functions of what they are given.
@_spi(Package) public enum SheetRules {
    /// How a sheet looks: full screen in a compact height unless it prefers to stay attached to the
    /// bottom edge ("The default value is false, which means the sheet defaults to a full screen
    /// appearance at compact height", Apple, `prefersEdgeAttachedInCompactHeight`).
    @_spi(Package) public static func appearance(_ s: SheetState, verticalSizeClass: SizeClass) -> SheetAppearance {
        guard verticalSizeClass == .compact else { return .sheet }
        return s.prefersEdgeAttachedInCompactHeight ? .edgeAttached : .fullScreen
    }

    /// Whether the sheet may rest at `detent` where it is shown: the medium detent "is inactive in
    /// compact height" (``UIKitVersions/mediumDetentInCompactHeight``); a custom detent is taken as
    /// active (its resolver's answer is unknown to the model).
    static func isActive(_ detent: String, verticalSizeClass: SizeClass, version: SystemVersion) -> Bool {
        !(verticalSizeClass == .compact && detent == SheetState.medium
          && UIKitVersions.mediumDetentInCompactHeight.value(at: version) == true)
    }

    /// Whether the controller below the sheet stays interactive, in this order: a full-screen
    /// appearance covers it; no undimmed detent (nil, or one not among the detents: "all detents
    /// are dimmed", UISheetPresentationController.h) dims it; in regular width and height Apple does
    /// not say whether detents apply (unknown); a resting detent that is inactive here leaves
    /// where the sheet rests unknown; resting above the largest undimmed detent dims it; undimmed,
    /// `isModalInPresentation` still makes "UIKit ignore events outside the view controller's
    /// bounds" (Apple); otherwise the area around the sheet "responds to user interaction".
    @_spi(Package) public static func background(_ s: SheetState, isModalInPresentation: Bool, horizontalSizeClass: SizeClass,
                                                 verticalSizeClass: SizeClass, version: SystemVersion) -> SheetBackground {
        if appearance(s, verticalSizeClass: verticalSizeClass) == .fullScreen { return .covered }
        guard let undimmed = s.largestUndimmedDetent, let undimmedIndex = s.detents.firstIndex(of: undimmed) else { return .dimmed }
        if horizontalSizeClass == .regular && verticalSizeClass == .regular { return .unknown }
        guard let rest = s.restingDetent, let restIndex = s.detents.firstIndex(of: rest) else { return .dimmed }
        guard isActive(rest, verticalSizeClass: verticalSizeClass, version: version) else { return .unknown }
        guard restIndex <= undimmedIndex else { return .dimmed }
        return isModalInPresentation ? .modal : .interactive
    }

    /// The sheet `node` is presented in, with the model's reading of it where it is shown: in the
    /// size classes of `presenter` (its presenting controller, whose traits are those of the
    /// sheet's container: the window's), else its own. Nil when it is not presented as a sheet.
    /// Reads `node` (on a device: its sheet presentation controller), so it is asked only of a
    /// presented controller.
    @_spi(Package) public static func state<N: PresentationNode>(of node: N, over presenter: N?) -> SheetState? {
        guard var s = node.sheetState else { return nil }
        let place = presenter ?? node
        let vertical = place.verticalSizeClass
        s.appearance = appearance(s, verticalSizeClass: vertical)
        // Without an undimmed detent nothing else is read: a default sheet (most of them) is dimmed.
        s.background = s.largestUndimmedDetent == nil && s.appearance != .fullScreen ? .dimmed
            : background(s, isModalInPresentation: node.isModalInPresentation, horizontalSizeClass: place.horizontalSizeClass,
                         verticalSizeClass: vertical, version: UIKitVersions.rulesVersion(for: node.systemVersion))
        return s
    }

    /// The sheet each controller of a window's chain is presented in (``WindowChain/sheets``): nil
    /// for the root and for any other presentation.
    @_spi(Package) public static func states<N: PresentationNode>(ofChain chain: [N]) -> [SheetState?] {
        chain.map { node in node.presentingNode.flatMap { state(of: node, over: $0) } }
    }

    /// Where the sheet rests and what that leaves of `presenter`, as the explanation says it.
    @_spi(Package) public static func sentence(_ s: SheetState, sheet: ControllerRef, presenter: ControllerRef?) -> String {
        let below = presenter?.label ?? "its presenting controller"
        let rest = quoted(s.restingDetent ?? "?")
        let undimmed = s.largestUndimmedDetent.map(quoted)
        switch s.background {
        case .interactive:
            return "\(sheet.label) rests at its \(rest) detent, at or below its largestUndimmedDetentIdentifier \(undimmed ?? "?"): no dimming view covers \(below), so the user can still touch it."
        case .modal:
            return "\(sheet.label) rests undimmed at its \(rest) detent, but its isModalInPresentation is true: UIKit \"ignores events outside the view controller's bounds\", so \(below) cannot be touched."
        case .dimmed:
            let why = undimmed.map { s.detents.contains(s.largestUndimmedDetent ?? "") ? "above its largest undimmed detent \($0)" : "and its largest undimmed detent \($0) is none of its detents" }
                ?? "and no detent is undimmed"
            return "\(sheet.label) rests at its \(rest) detent \(why): a dimming view covers \(below)."
        case .covered:
            return "\(sheet.label) has a full-screen appearance in a compact height (prefersEdgeAttachedInCompactHeight is false): it covers \(below)."
        case .unknown:
            if s.appearance == .sheet {
                return "\(sheet.label) rests at its \(rest) detent in regular width and height, where Apple does not say whether detents and undimmed detents apply: whether \(below) can still be touched is unknown."
            }
            return "\(sheet.label) is set to rest at its \(rest) detent, which is inactive in a compact height: where it rests, and whether \(below) can still be touched, is unknown."
        case nil:
            return "\(sheet.label) rests at its \(rest) detent."
        }
    }

    static func quoted(_ s: String) -> String { "\"\(VisibleText.escaped(s))\"" }

    /// What leaves the presenting controller of a refused present within the user's reach: the
    /// sheet `current` (its `presentedViewController`) rests undimmed, and so does every sheet
    /// presented above it. Nil when anything above it dims or covers it, or the model cannot tell.
    static func undimmedSheet<N: PresentationNode>(current: N) -> UndimmedSheet? {
        guard let s = state(of: current, over: current.presentingNode), s.background == .interactive, let detent = s.restingDetent,
              let undimmed = s.largestUndimmedDetent else { return nil }
        for above in current.presentedNodesInSubtree() where state(of: above, over: above.presentingNode)?.background != .interactive { return nil }
        return UndimmedSheet(sheet: current.ref, detent: detent, largestUndimmed: undimmed)
    }
}

/// A sheet that rests at or below its largest undimmed detent, over the controller a present was
/// refused on: the story `already-presenting` tells (DESIGN rule 4, "Sheets").
struct UndimmedSheet {
    /// The sheet (the presenting controller's `presentedViewController`).
    let sheet: ControllerRef
    /// The detent it rests at.
    let detent: String
    /// Its `largestUndimmedDetentIdentifier`.
    let largestUndimmed: String

    /// The explanation step: why the presenting controller is still within reach.
    func step(presenting: ControllerRef) -> ExplanationStep {
        .text("\(sheet.label) rests at its \(quoted(detent)) detent, at or below its largestUndimmedDetentIdentifier \(quoted(largestUndimmed)): no dimming view covers \(presenting.label), so the user can still touch it and what it contains.")
    }

    /// `rejection` (UIKit's `already-presenting`) with the story: a sentence after UIKit's words,
    /// and a fix naming the sheet, its detent and the ways out.
    func telling(_ rejection: Diagnostic, source: ControllerRef) -> Diagnostic {
        var d = rejection
        let q = sheet.consoleDescription
        d.message += " The user could reach \(source.consoleDescription) because \(q) above it is a sheet resting at its \(quoted(detent)) detent, at or below its largest undimmed detent \(quoted(largestUndimmed)): without a dimming view \"the undimmed area around the sheet responds to user interaction\" (Apple)."
        d.fix = "present from \(q) (the sheet the user sees), dismiss \(q) first, or set its sheetPresentationController.largestUndimmedDetentIdentifier below \(quoted(detent)) (nil dims every detent) so that \(source.consoleDescription) cannot be reached while \(q) is up"
        return d
    }

    private func quoted(_ s: String) -> String { SheetRules.quoted(s) }
}
