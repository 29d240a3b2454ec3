import XCTest
@_spi(Package) import PresentationInspectorCore

/// A second copy of the package in one process (an app-hosted test bundle that links it again)
/// knows it is one, and says so in one line, once.
final class LoadedCopiesTests: XCTestCase {
    func testTheCopyTheRuntimeServesIsNoSecondCopy() {
        XCTAssertNil(LoadedCopies.secondCopyNotice(ownImage: "/App.app/App", servingImage: "/App.app/App"))
        XCTAssertNil(LoadedCopies.secondCopyNotice(ownImage: "/App.app/App", servingImage: nil), "the runtime names none: no claim")
    }

    func testASecondCopyNamesBothImagesOnOneLine() throws {
        let notice = try XCTUnwrap(LoadedCopies.secondCopyNotice(ownImage: "/App.app/PlugIns/AppTests.xctest/AppTests",
                                                                 servingImage: "/App.app/App"))
        XCTAssertFalse(notice.contains("\n"))
        XCTAssertTrue(notice.contains("a second copy is loaded (in /App.app/PlugIns/AppTests.xctest/AppTests; the one in use is in /App.app/App)"), notice)
        XCTAssertTrue(notice.contains("it neither hooks nor records"), notice)
        let hostile = try XCTUnwrap(LoadedCopies.secondCopyNotice(ownImage: "/a\nb", servingImage: "/c"))
        XCTAssertFalse(hostile.contains("\n"), "a path is shown with its control characters escaped")
    }

    func testANoticeIsSaidOnce() {
        let once = OnceNotice()
        XCTAssertEqual(once.text("hello"), "hello")
        XCTAssertNil(once.text("hello"))
        XCTAssertNil(once.text("other"))
    }
}
