import XCTest
@_spi(Package) import PresentationInspectorCore

/// On a device the getter answers `.automatic` with the style it maps to (UIViewController.h):
/// the style the app asked for is decided from what the setter hook saw and what the getter reads.
final class RequestedStyleReadingTests: XCTestCase {
    private let iOS17 = SystemVersion(major: 17, minor: 4), iOS18 = SystemVersion(major: 18)

    private func requested(seen: PresentationStyle? = nil, read: PresentationStyle, overrides: Bool = false,
                           storyboard: Bool = false, version: SystemVersion?) -> PresentationStyle {
        RequestedStyleReading.requested(seenSet: seen, read: read, classOverridesGetter: overrides, fromStoryboard: storyboard, version: version)
    }

    func testASetSeenIsWhatTheAppAskedFor() {
        XCTAssertEqual(requested(seen: .automatic, read: .formSheet, version: iOS18), .automatic)
        XCTAssertEqual(requested(seen: .pageSheet, read: .pageSheet, version: iOS17), .pageSheet, "an explicit pageSheet on iOS 17 reads as automatic does")
        XCTAssertEqual(requested(seen: .formSheet, read: .formSheet, version: iOS18), .formSheet)
    }

    func testNoSetSeenIsTheDefaultWhereTheGetterReadsWhatAutomaticMapsTo() {
        XCTAssertEqual(requested(read: .pageSheet, version: iOS17), .automatic)
        XCTAssertEqual(requested(read: .formSheet, version: iOS18), .automatic)
        XCTAssertEqual(requested(read: .formSheet, version: nil), .automatic, "no version: the newest rules")
        // Another style, set where the hook could not see it: what the getter reads.
        XCTAssertEqual(requested(read: .pageSheet, version: iOS18), .pageSheet)
        XCTAssertEqual(requested(read: .fullScreen, version: iOS17), .fullScreen)
    }

    func testAClassThatAnswersForItselfOrAStoryboardIsReadAsItIs() {
        XCTAssertEqual(requested(read: .pageSheet, overrides: true, version: iOS17), .pageSheet)
        XCTAssertEqual(requested(read: .formSheet, storyboard: true, version: iOS18), .formSheet)
    }
}
