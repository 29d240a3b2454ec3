/// Whether this copy of the inspector is the only one in the process.
///
/// A package linked statically into an app and again into a test bundle the app hosts loads twice:
/// two sets of hooks on the same `UIViewController` methods, two recordings, and Objective-C classes
/// implemented in both images (the runtime serves one of them). The iOS layer asks the Objective-C
/// runtime which image serves the inspector's own class name (`PresentationInspectorOverlayWindow`)
/// and compares it with the image its own code is in; a copy that is not the one served is the
/// second, and neither hooks nor records (docs/IOS.md, "Hosted test bundles").
@_spi(Package) public enum LoadedCopies {
    /// The one-line notice for the copy in image `ownImage` when the runtime serves the inspector's
    /// classes from `servingImage`; nil when that is this copy's image, or the runtime names none.
    @_spi(Package) public static func secondCopyNotice(ownImage: String, servingImage: String?) -> String? {
        guard let servingImage, servingImage != ownImage else { return nil }
        return "PresentationInspector: a second copy is loaded (in \(VisibleText.escaped(ownImage)); the one in use is in "
            + "\(VisibleText.escaped(servingImage))): it neither hooks nor records. Link the package into one image only "
            + "(PresentationInspectorTesting's Testing article, \"Hosted test bundles\")."
    }
}

/// Says a sentence once per process however often it is asked to.
@_spi(Package) public final class OnceNotice: Sendable {
    private let said = Locked(false)

    @_spi(Package) public init() {}

    /// `text`, the first time only; nil after.
    @_spi(Package) public func text(_ text: String) -> String? {
        said.withLock { already in
            defer { already = true }
            return already ? nil : text
        }
    }
}
