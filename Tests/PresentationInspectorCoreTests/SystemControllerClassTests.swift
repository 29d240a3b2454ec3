import XCTest
@_spi(Package) import PresentationInspectorCore

/// How the iOS adapter tells a system controller from the class chain the runtime gives it
/// (a class, then its superclasses): SwiftUI's presentations as the UIKit controllers they are.
final class SystemControllerClassTests: XCTestCase {
    func testSwiftUIsAlertAndConfirmationDialogAreAlertControllers() {
        for name in ["SwiftUI.PlatformAlertController", "_TtC7SwiftUI23PlatformAlertController"] {
            XCTAssertEqual(SystemControllerKind(firstOf: [name, "UIAlertController", "UIViewController", "UIResponder", "NSObject"]),
                           .alertController, name)
        }
    }

    func testSwiftUIsSheetsAndPopoversAreNoSystemControllers() {
        let hosting = ["_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_", "_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_",
                       "UIViewController", "UIResponder", "NSObject"]
        XCTAssertNil(SystemControllerKind(firstOf: hosting))
    }

    func testTheNearestSystemClassDecidesAndOnlyExactNamesCount() {
        XCTAssertEqual(SystemControllerKind(firstOf: ["MyApp.ShareSheet", "UIActivityViewController", "UIViewController"]), .activityViewController)
        XCTAssertEqual(SystemControllerKind(firstOf: ["SFSafariViewController", "UIViewController"]), .safariViewController)
        XCTAssertNil(SystemControllerKind(firstOf: ["MyApp.UIAlertControllerLookalike", "UIViewController"]))
        XCTAssertNil(SystemControllerKind(firstOf: []))
    }
}
