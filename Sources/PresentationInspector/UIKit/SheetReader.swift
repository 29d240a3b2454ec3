#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// Reads a presented controller's sheet from UIKit (``SheetState``): its sheet presentation
/// controller's detents and preferences. Only of a controller that is presented: UIKit made its
/// presentation controller then, and reading `sheetPresentationController` earlier would create
/// one (DESIGN "Observation first"). The model's reading (appearance, background) is the core's.
///
/// A detent's `identifier` is public from iOS 16: on iOS 15 a sheet's detents cannot be named,
/// so no sheet is read there (docs/IOS.md).
@MainActor
enum SheetReader {
    /// The sheet presentation controller `vc` is shown in, nil when it is not presented as a sheet.
    /// `activePresentationController` "returns the adaptive presentation controller" when a popover
    /// adapted to a sheet (UIViewController.h, iOS 16).
    static func sheetController(of vc: UIViewController) -> UISheetPresentationController? {
        guard #available(iOS 16.0, *), ControllerFactsReader.isPresented(vc) else { return nil }
        return vc.activePresentationController as? UISheetPresentationController
    }

    /// The sheet `vc` is presented in, nil when it is not presented as a sheet.
    static func state(of vc: UIViewController) -> SheetState? {
        sheetController(of: vc).flatMap(state(of:))
    }

    /// A sheet presentation controller's configuration, nil before iOS 16.
    static func state(of sheet: UISheetPresentationController) -> SheetState? {
        guard #available(iOS 16.0, *) else { return nil }
        var s = SheetState(detents: sheet.detents.map { name($0.identifier) },
                           selectedDetent: sheet.selectedDetentIdentifier.map(name),
                           largestUndimmedDetent: sheet.largestUndimmedDetentIdentifier.map(name),
                           prefersGrabberVisible: sheet.prefersGrabberVisible,
                           prefersEdgeAttachedInCompactHeight: sheet.prefersEdgeAttachedInCompactHeight)
        if #available(iOS 17.0, *) { s.prefersPageSizing = sheet.prefersPageSizing }
        return s
    }

    /// `medium`, `large`, or a custom detent's own identifier (UIKit's random one when the app gave none).
    static func name(_ id: UISheetPresentationController.Detent.Identifier) -> String {
        switch id {
        case .medium: SheetState.medium
        case .large: SheetState.large
        default: id.rawValue
        }
    }
}

/// Sees the app set a presented sheet's `selectedDetentIdentifier` (UIKit does not tell the
/// delegate then: "Not called if selectedDetentIdentifier is programmatically set",
/// UISheetPresentationController.h): the hook of the setter calls UIKit's own with the value,
/// unchanged, then reports the sheet (``PresentationHooksHandler/sheetDetentChanged(sheet:context:)``,
/// which records nothing when nothing changed).
enum SelectedDetentHook {
    private typealias SetterIMP = @convention(c) (UISheetPresentationController, Selector, NSString?) -> Void

    static let setter = MethodHook(UISheetPresentationController.self,
                                   #selector(setter: UISheetPresentationController.selectedDetentIdentifier), typeEncoding: "v@:@")

    /// Installs the hook (idempotent).
    static func install() {
        let selector = setter.selector
        setter.install(block: { (sheet: UISheetPresentationController, identifier: NSString?) in
            if let imp = setter.originalImplementation { unsafeBitCast(imp, to: SetterIMP.self)(sheet, selector, identifier) }
            guard setter.isActive, Thread.isMainThread else { return }
            let handed = MainThreadValue(sheet)
            MainActor.assumeIsolated { SheetDismissObserver.reportDetent(of: handed.value) }
        } as @convention(block) (UISheetPresentationController, NSString?) -> Void)
    }

    /// Restores UIKit's setter (idempotent).
    static func uninstall() { setter.uninstall() }
}
#endif
