#if canImport(UIKit) && canImport(PresentationSimulator)
import UIKit
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// How the conformance world configures a sheet as an app does (UISheetPresentationController's
/// overview: "Before you present your view controller, configure the sheet presentation controller
/// in its sheetPresentationController property"): the scenario's sheet keys, set on the presented
/// controller's sheet just before the world presents it, on the live sheet by a `set` step, and
/// `selectDetent` as the app's change of `selectedDetentIdentifier`.
@MainActor
enum ConformanceSheets {
    /// Sets `spec`'s sheet keys on `vc`'s sheet presentation controller (nil for a style that is no sheet).
    static func configure(_ vc: UIViewController, as spec: Scenario.Controller) {
        guard let sheet = vc.sheetPresentationController else { return }
        if let ids = spec.detents { sheet.detents = ids.map(detent) }
        sheet.selectedDetentIdentifier = spec.selectedDetent.map(identifier)
        sheet.largestUndimmedDetentIdentifier = spec.largestUndimmedDetent.map(identifier)
        if let v = spec.prefersGrabberVisible { sheet.prefersGrabberVisible = v }
        if let v = spec.prefersEdgeAttachedInCompactHeight { sheet.prefersEdgeAttachedInCompactHeight = v }
        if #available(iOS 17.0, *), let v = spec.prefersPageSizing { sheet.prefersPageSizing = v }
    }

    /// A `set` step's sheet key, kept in `spec` (the next present sets it) and set on the live sheet
    /// when `vc` is presented as one. False for a property that is no sheet key.
    static func apply(_ property: Scenario.Property, to vc: UIViewController, spec: inout Scenario.Controller) -> Bool {
        switch property {
        case .detents(let v): spec.detents = v
        case .selectedDetent(let v): spec.selectedDetent = v
        case .largestUndimmedDetent(let v): spec.largestUndimmedDetent = v
        case .prefersGrabberVisible(let v): spec.prefersGrabberVisible = v
        case .prefersEdgeAttachedInCompactHeight(let v): spec.prefersEdgeAttachedInCompactHeight = v
        case .prefersPageSizing(let v): spec.prefersPageSizing = v
        default: return false
        }
        if vc.presentingViewController != nil { configure(vc, as: spec) }
        return true
    }

    /// The app sets the presented sheet's `selectedDetentIdentifier` (the hooks record the change).
    static func select(_ detent: String?, in vc: UIViewController) {
        guard vc.presentingViewController != nil, let sheet = vc.sheetPresentationController else { return }
        sheet.animateChanges { sheet.selectedDetentIdentifier = detent.map(identifier) }
    }

    static func identifier(_ id: String) -> UISheetPresentationController.Detent.Identifier {
        switch id {
        case SheetState.medium: .medium
        case SheetState.large: .large
        default: .init(id)
        }
    }

    /// A system detent by its identifier; a custom one (iOS 16 and later) a third of the height.
    static func detent(_ id: String) -> UISheetPresentationController.Detent {
        switch id {
        case SheetState.medium: return .medium()
        case SheetState.large: return .large()
        default:
            guard #available(iOS 16.0, *) else { return .medium() }
            return .custom(identifier: identifier(id)) { context in context.maximumDetentValue / 3 }
        }
    }
}
#endif
