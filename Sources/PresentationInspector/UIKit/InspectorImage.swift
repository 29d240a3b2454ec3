#if canImport(UIKit)
import UIKit
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

/// The image (executable, framework or test bundle) this copy of the inspector is loaded from, and
/// whether it is the copy the Objective-C runtime serves (``LoadedCopies``).
enum InspectorImage {
    /// The notice of a second copy, worked out once: nil in the copy in use.
    static let secondCopyNotice: String? = {
        var info = Dl_info()
        guard dladdr(#dsohandle, &info) != 0, let path = info.dli_fname else { return nil }
        // The runtime keeps the first class registered under a name; a later image's is ignored.
        let serving = NSClassFromString("PresentationInspectorOverlayWindow").flatMap { class_getImageName($0) }.map { String(cString: $0) }
        return LoadedCopies.secondCopyNotice(ownImage: String(cString: path), servingImage: serving)
    }()
}
#endif
