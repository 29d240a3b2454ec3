/// A system view controller whose presentation UIKit shapes by rules of its own (DESIGN
/// "System controllers"), named by its UIKit class.
///
/// A subclass counts as its system class (SwiftUI's `.alert` presents a subclass of
/// `UIAlertController`).
public enum SystemControllerKind: String, Sendable, CaseIterable {
    /// `UIAlertController`: an alert or an action sheet, by ``AlertControllerStyle``.
    case alertController = "UIAlertController"
    /// `UIActivityViewController`: the share sheet.
    case activityViewController = "UIActivityViewController"
    /// `UIImagePickerController`.
    case imagePickerController = "UIImagePickerController"
    /// `UIDocumentPickerViewController`.
    case documentPickerViewController = "UIDocumentPickerViewController"
    /// `SFSafariViewController`.
    case safariViewController = "SFSafariViewController"
    /// `MFMailComposeViewController`.
    case mailComposeViewController = "MFMailComposeViewController"
    /// `MFMessageComposeViewController`.
    case messageComposeViewController = "MFMessageComposeViewController"
    /// `UISearchController`.
    case searchController = "UISearchController"
    /// `GroupActivitySharingController` (GroupActivities, iOS 15.4): always a pageSheet.
    case groupActivitySharingController = "GroupActivitySharingController"

    /// The UIKit class name, as scenario files and logs write it.
    public var name: String { rawValue }

    /// The kind a class name names, nil for any other class.
    public init?(name: String) { self.init(rawValue: name) }

    /// The kind of the first of `classNames` — a class, then its superclasses, as the runtime
    /// names them — that is a system controller. SwiftUI's dialogs present a subclass of
    /// `UIAlertController` (`SwiftUI.PlatformAlertController`), which counts as one; its
    /// `.sheet`, `.fullScreenCover` and `.popover` present hosting controllers, which are none.
    @_spi(Package) public init?(firstOf classNames: some Sequence<String>) {
        guard let kind = classNames.lazy.compactMap(SystemControllerKind.init(name:)).first else { return nil }
        self = kind
    }

    /// Whether UIKit shows it as a popover in regular width, which then needs an anchor
    /// (an action sheet, a share sheet).
    @_spi(Package) public static func isPopoverInRegularWidth(_ kind: SystemControllerKind?, alertStyle: AlertControllerStyle?) -> Bool {
        switch kind {
        case .alertController: alertStyle == .actionSheet
        case .activityViewController: true
        default: false
        }
    }

    /// Whether the model predicts the style UIKit shows `kind` with in `sizeClass` (DESIGN
    /// "System controllers"): an action sheet or share sheet in regular width (a popover), and
    /// every controller that is not a system one. False: the style is observed only, and what
    /// UIKit reports for it is no disagreement with the model.
    @_spi(Package) public static func predictsStyle(_ kind: SystemControllerKind?, alertStyle: AlertControllerStyle?,
                                                      sizeClass: SizeClass) -> Bool {
        switch kind {
        case nil: true
        case .alertController: alertStyle == .actionSheet && sizeClass == .regular
        case .activityViewController: sizeClass == .regular
        case .groupActivitySharingController: true
        default: false
        }
    }
}

/// `UIAlertController.Style`: `preferredStyle`, fixed when the alert controller is made.
public enum AlertControllerStyle: String, Sendable, CaseIterable {
    /// An action sheet: a popover in regular width.
    case actionSheet
    /// An alert, shown modally for the app in every width.
    case alert
}

/// An iOS version (`17.4`): where UIKit's behaviour changed between versions the model
/// follows the version a scenario's environment names or the device runs.
public struct SystemVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The major version (`17` in `17.4`).
    public var major: Int
    /// The minor version (`4` in `17.4`).
    public var minor: Int

    /// The oldest and newest majors accepted: `UIAlertController` and popover presentation
    /// controllers arrived with iOS 8; far above today's release is a typing mistake.
    public static let majorRange = 8...99

    /// Creates a version; `major` must be in ``majorRange`` and `minor` in 0…99.
    public init?(major: Int, minor: Int = 0) {
        guard Self.majorRange.contains(major), (0...99).contains(minor) else { return nil }
        self.major = major
        self.minor = minor
    }

    /// A version the package names itself (the version table's rows), in range by construction.
    init(constant major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Parses `"17"`, `"17.4"` or `"17.4.1"` (the patch is ignored); nil for anything else or
    /// out of range.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0 else { return nil }
        self.init(major: major, minor: minor)
    }

    /// `17.4`.
    public var description: String { "\(major).\(minor)" }

    /// Earlier versions order first.
    public static func < (a: SystemVersion, b: SystemVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}
