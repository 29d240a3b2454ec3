/// How a sheet looks where it is shown (DESIGN "Sheets"): the model's reading of the size class and
/// `prefersEdgeAttachedInCompactHeight`, not something UIKit reports.
public enum SheetAppearance: String, Sendable, CaseIterable {
    /// A sheet rising from the bottom edge (regular height; a page or form sheet on an iPad).
    case sheet
    /// Full screen: a compact height without `prefersEdgeAttachedInCompactHeight` ("the sheet
    /// defaults to a full screen appearance at compact height", Apple).
    case fullScreen
    /// Attached to the bottom edge only: a compact height with `prefersEdgeAttachedInCompactHeight`.
    case edgeAttached
}

/// What the user can do with what lies behind a sheet, by the model (DESIGN "Sheets"): whether the
/// controller that presented it still answers touches.
public enum SheetBackground: String, Sendable, CaseIterable {
    /// The sheet rests at or below its largest undimmed detent: no dimming view, and the area
    /// around the sheet "responds to user interaction" (Apple): the presenting controller stays
    /// interactive.
    case interactive
    /// A dimming view covers the presenting controller: the sheet rests above its largest
    /// undimmed detent, or none is undimmed.
    case dimmed
    /// Undimmed, but the sheet's controller sets `isModalInPresentation`, and then "UIKit ignores
    /// events outside the view controller's bounds" (Apple).
    case modal
    /// The sheet covers the screen (its full-screen appearance in a compact height).
    case covered
    /// The model cannot tell: in regular width and height (Apple does not say whether detents
    /// apply there), or the sheet rests at a detent that is inactive where it is shown.
    case unknown
}

/// A sheet's configuration, as `UISheetPresentationController` holds it, with the model's reading
/// of it: recorded on each present of a sheet and each change of its detent (an event's `sheet`,
/// docs/FORMATS.md).
///
/// Detents are named by identifier: `medium`, `large`, and a custom detent (iOS 16 and later) by
/// its own identifier. `detents` is in the order the app gave them, which UIKit requires to run
/// "from smallest to largest height" (UISheetPresentationController.h).
public struct SheetState: Hashable, Sendable {
    /// The identifier of the system medium detent.
    public static let medium = "medium"
    /// The identifier of the system large detent.
    public static let large = "large"

    /// The detents the sheet may rest at, smallest first (UIKit's default: `[large]`).
    public var detents: [String]
    /// `selectedDetentIdentifier`: nil (or one not among ``detents``) rests at the smallest detent.
    public var selectedDetent: String?
    /// `largestUndimmedDetentIdentifier`: nil (or one not among ``detents``) dims every detent.
    public var largestUndimmedDetent: String?
    /// `prefersGrabberVisible`.
    public var prefersGrabberVisible: Bool
    /// `prefersEdgeAttachedInCompactHeight`.
    public var prefersEdgeAttachedInCompactHeight: Bool
    /// `prefersPageSizing` (iOS 17 and later); nil where the property does not exist.
    public var prefersPageSizing: Bool?
    /// How the sheet looks where it is shown, by the model; nil where the model did not say.
    public var appearance: SheetAppearance?
    /// Whether its presenting controller stays interactive, by the model; nil where the model did not say.
    public var background: SheetBackground?

    /// A sheet as UIKit configures one by default (`[large]`, nothing undimmed), with the given changes.
    public init(detents: [String] = [SheetState.large], selectedDetent: String? = nil, largestUndimmedDetent: String? = nil,
                prefersGrabberVisible: Bool = false, prefersEdgeAttachedInCompactHeight: Bool = false, prefersPageSizing: Bool? = nil,
                appearance: SheetAppearance? = nil, background: SheetBackground? = nil) {
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.largestUndimmedDetent = largestUndimmedDetent
        self.prefersGrabberVisible = prefersGrabberVisible
        self.prefersEdgeAttachedInCompactHeight = prefersEdgeAttachedInCompactHeight
        self.prefersPageSizing = prefersPageSizing
        self.appearance = appearance
        self.background = background
    }

    /// The detent the sheet is set to rest at: ``selectedDetent`` when it is one of ``detents``,
    /// else the smallest ("When nil or the identifier is not found in detents, the sheet is
    /// displayed at the smallest detent", UISheetPresentationController.h). Nil without detents.
    public var restingDetent: String? {
        if let selectedDetent, detents.contains(selectedDetent) { return selectedDetent }
        return detents.first
    }

    /// The configuration alone: the same sheet without the model's reading (what a replay sets).
    @_spi(Package) public var configuration: SheetState {
        var s = self
        s.appearance = nil
        s.background = nil
        return s
    }

    /// Whether the app configured its detents (other detents than `[large]`, a selected or an
    /// undimmed detent): the graphs name a sheet's detent only then, not on every default sheet.
    @_spi(Package) public var hasDetentsConfigured: Bool {
        detents != [SheetState.large] || selectedDetent != nil || largestUndimmedDetent != nil
    }

    /// `medium, undimmed`, `large`: where the sheet rests, for one-line views.
    @_spi(Package) public var restingSummary: String {
        let detent = restingDetent.map { VisibleText.escaped($0) } ?? "no detent"
        switch background {
        case .interactive: return "\(detent), undimmed"
        case .modal: return "\(detent), undimmed but modal"
        case .covered: return "\(detent), full screen"
        case .dimmed, .unknown, nil: return detent
        }
    }

    /// `detents [medium, large] · at medium · largest undimmed medium · grabber · …`: the whole
    /// configuration and its reading, for detail views.
    @_spi(Package) public var fields: [(name: String, value: String)] {
        var out: [(String, String)] = []
        out.append(("detents", "[" + detents.map { VisibleText.escaped($0) }.joined(separator: ", ") + "]"))
        out.append(("selectedDetent", selectedDetent.map { VisibleText.escaped($0) } ?? "nil (the smallest)"))
        out.append(("largestUndimmedDetent", largestUndimmedDetent.map { VisibleText.escaped($0) } ?? "nil (every detent dimmed)"))
        out.append(("prefersGrabberVisible", String(prefersGrabberVisible)))
        out.append(("prefersEdgeAttachedInCompactHeight", String(prefersEdgeAttachedInCompactHeight)))
        if let v = prefersPageSizing { out.append(("prefersPageSizing", String(v))) }
        if let v = appearance { out.append(("appearance", v.rawValue)) }
        if let v = background { out.append(("background", v.rawValue)) }
        return out
    }
}
