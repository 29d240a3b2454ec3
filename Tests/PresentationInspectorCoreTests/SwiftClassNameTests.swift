@_spi(Package) import PresentationInspectorCore
import XCTest

/// Runtime names of Swift classes, as `NSStringFromClass` returns them on a device.
final class SwiftClassNameTests: XCTestCase {
    func testSwiftUISheetHostingControllerReadsAsItsSwiftName() {
        let raw = "_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_"
        XCTAssertEqual(SwiftClassName.readable(raw), "PresentationHostingController<AnyView>")
        XCTAssertEqual(SwiftClassName.swiftUIRole(raw), "SwiftUI sheet")
        XCTAssertEqual(SwiftClassName.recordedTypeName(raw), "PresentationHostingController<AnyView> (SwiftUI sheet)")
    }

    func testAppClassesKeepTheirModule() {
        XCTAssertEqual(SwiftClassName.readable("_TtC5MyApp14ListController"), "MyApp.ListController")
        XCTAssertEqual(SwiftClassName.readable("_TtCC5MyApp5Outer5Inner"), "MyApp.Outer.Inner")
        XCTAssertNil(SwiftClassName.swiftUIRole("_TtC5MyApp14ListController"))
    }

    func testGenericArgumentsFromTheAppAndTheStandardLibrary() {
        XCTAssertEqual(SwiftClassName.readable("_TtGC7SwiftUI19UIHostingControllerV5MyApp11ContentView_"),
                       "UIHostingController<MyApp.ContentView>")
        XCTAssertEqual(SwiftClassName.swiftUIRole("_TtGC7SwiftUI19UIHostingControllerV5MyApp11ContentView_"), "SwiftUI view")
        XCTAssertEqual(SwiftClassName.readable("_TtGC5MyApp6HolderSiSS_"), "MyApp.Holder<Int, String>")
        XCTAssertEqual(SwiftClassName.readable("_TtGC5MyApp4PairVS_1AVS_1B_"), "MyApp.Pair<MyApp.A, MyApp.B>")
    }

    func testUnmangledNamesAreUnchanged() {
        for name in ["UINavigationController", "MyApp.ListController", "NSKVONotifying_Foo", ""] {
            XCTAssertEqual(SwiftClassName.readable(name), name)
        }
    }

    func testGarbageNeverTrapsAndComesBackRaw() {
        let garbage = ["_Tt", "_TtC", "_TtC5", "_TtC5MyApp", "_TtC5MyApp99Short", "_TtC99999999999999999999X",
                       "_TtGC7SwiftUI29PresentationHostingController", "_TtGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
                       "_TtS9_", "_TtCS_3Foo", "_TtC5MyApp14ListControllerTRAILING", "_TtC0", "_Tt\u{1}\u{ff}"]
        for g in garbage { XCTAssertEqual(SwiftClassName.readable(g), g, g) }
        // Random bytes after the prefix: must terminate and never trap.
        var rng = SplitMix64(seed: 0x5EED_0010)  // seeded: a failure repeats
        let alphabet = Array("CVOGS_s0123456789AbcZ")
        for _ in 0..<2_000 {
            let s = "_Tt" + String((0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            _ = SwiftClassName.recordedTypeName(s)
        }
    }
}
