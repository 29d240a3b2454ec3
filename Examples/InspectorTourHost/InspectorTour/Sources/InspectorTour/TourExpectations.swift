import PresentationInspector
@_spi(Package) import PresentationInspectorCore

/// What the tour expects UIKit to show, portable so that its tests run on Linux too.
enum TourExpectations {
    /// The style UIKit must show, where nothing can adapt it: styles that never adapt, and in
    /// regular width the sheets, the popover and `.automatic`, which UIKit maps by the iOS version
    /// (``UIKitVersions/automaticStyle``: a pageSheet before iOS 18, a formSheet from it). In
    /// compact width sheets and popovers adapt: nil, not checked.
    static func style(_ style: PresentationStyle, regularWidth: Bool, systemVersion: SystemVersion?) -> PresentationStyle? {
        switch style {
        case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext: style
        case .pageSheet, .formSheet, .popover: regularWidth ? style : nil
        case .automatic: regularWidth ? UIKitVersions.automaticStyle.value(at: UIKitVersions.rulesVersion(for: systemVersion)) : nil
        default: nil
        }
    }
}
