import XCTest
@_spi(Package) import PresentationInspectorCore

/// Which classes the iOS layer hooks and delegates: app classes only, decided by bundle path.
final class IntegrationAppClassPolicyTests: XCTestCase {
    private let deviceApp = "/private/var/containers/Bundle/Application/6F1C/MyApp.app"
    private let simulatorApp = "/Users/dev/Library/Developer/CoreSimulator/Devices/A1B2/data/Containers/Bundle/Application/C3D4/MyApp.app"
    private let simulatorUIKit = "/Library/Developer/CoreSimulator/Volumes/iOS_21A328/Library/Developer/CoreSimulator/Profiles/Runtimes/"
        + "iOS 17.0.simruntime/Contents/Resources/RuntimeRoot/System/Library/PrivateFrameworks/UIKitCore.framework"

    func testTheSimulatorRuntimeRootIsNotTheApp() {
        let location = AppCodeLocation(mainBundlePath: simulatorApp, privateFrameworksPath: simulatorApp + "/Frameworks")
        XCTAssertFalse(location.containsBundle(atPath: simulatorUIKit), "UIKit in the Simulator's runtime root is a system class")
        XCTAssertFalse(location.containsBundle(atPath: "/System/Library/PrivateFrameworks/UIKitCore.framework"))
        XCTAssertFalse(location.containsBundle(atPath: "/usr/lib/swift"))
        XCTAssertTrue(location.containsBundle(atPath: simulatorApp))
        XCTAssertTrue(location.containsBundle(atPath: simulatorApp + "/Frameworks/Kit.framework"))
    }

    func testPathsAreComparedByFolderNotByPrefix() {
        let location = AppCodeLocation(mainBundlePath: deviceApp)
        XCTAssertFalse(location.containsBundle(atPath: deviceApp + "Extra/Kit.framework"), "MyApp.appExtra is another folder")
        XCTAssertTrue(location.containsBundle(atPath: "/var/containers/Bundle/Application/6F1C/MyApp.app/Frameworks/Kit.framework/"),
                      "/private/var and /var are the same folder; trailing slashes do not matter")
        XCTAssertTrue(location.containsBundle(atPath: deviceApp + "/Frameworks/../Frameworks/./Kit.framework"))
        XCTAssertFalse(location.containsBundle(atPath: deviceApp + "/../Other.app"))
    }

    func testAnExtensionCountsItsContainingAppsFrameworks() {
        let location = AppCodeLocation(mainBundlePath: deviceApp + "/PlugIns/Share.appex")
        XCTAssertTrue(location.containsBundle(atPath: deviceApp + "/Frameworks/Kit.framework"))
        XCTAssertTrue(location.containsBundle(atPath: deviceApp + "/PlugIns/Share.appex"))
        XCTAssertFalse(location.containsBundle(atPath: "/System/Library/Frameworks/UIKit.framework"))
        XCTAssertEqual(AppCodeLocation(mainBundlePath: "/Applications/Tool/PlugIns/Share.appex").roots,
                       ["/Applications/Tool/PlugIns/Share.appex"], "no .app two levels up: only the extension")
    }

    func testAFrameworksFolderOutsideTheBundleCounts() {
        let location = AppCodeLocation(mainBundlePath: "/opt/App.app", privateFrameworksPath: "/opt/Shared/Frameworks")
        XCTAssertEqual(location.roots, ["/opt/App.app", "/opt/Shared/Frameworks"])
        XCTAssertTrue(location.containsBundle(atPath: "/opt/Shared/Frameworks/Kit.framework"))
        XCTAssertEqual(AppCodeLocation(mainBundlePath: "/opt/App.app", privateFrameworksPath: "/opt/App.app/Frameworks").roots,
                       ["/opt/App.app"], "a folder inside the bundle adds nothing")
    }

    func testAnEmptyOrRootMainBundleMakesNothingTheApps() {
        XCTAssertFalse(AppCodeLocation(mainBundlePath: "").containsBundle(atPath: "/anything"))
        XCTAssertFalse(AppCodeLocation(mainBundlePath: "/").containsBundle(atPath: "/System/Library/Frameworks/UIKit.framework"))
    }

    func testGenericSystemClassesAreDecidedByTheirModule() {
        let location = AppCodeLocation(mainBundlePath: deviceApp)
        // Generic classes are made at run time: Bundle(for:) answers the main bundle for them.
        XCTAssertFalse(location.isAppClass(named: "_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_", bundlePath: deviceApp))
        XCTAssertTrue(location.isAppClass(named: "_TtGC5MyApp9ContainerSS_", bundlePath: deviceApp))
        XCTAssertTrue(location.isAppClass(named: "MyApp.SheetDelegate", bundlePath: deviceApp))
        XCTAssertFalse(location.isAppClass(named: "MyApp.SheetDelegate", bundlePath: simulatorUIKit))
        XCTAssertEqual(SwiftClassName.moduleName("MyApp.ListController"), "MyApp")
        XCTAssertNil(SwiftClassName.moduleName("UINavigationController"))
        XCTAssertNil(SwiftClassName.moduleName("_TtGC7SwiftUI"), "not understood: no module")
    }

    private func chain(_ names: [(String, String)]) -> [RuntimeClass] { names.map { RuntimeClass(name: $0.0, bundlePath: $0.1) } }

    func testTheInspectorNeverBecomesTheDelegateOfASystemControllersSheet() {
        let location = AppCodeLocation(mainBundlePath: deviceApp)
        let uikit = "/System/Library/PrivateFrameworks/UIKitCore.framework"
        let sheet = chain([("UISheetPresentationController", uikit), ("UIPresentationController", uikit)])
        let app = chain([("MyApp.EditorController", deviceApp), ("UIViewController", uikit)])
        XCTAssertTrue(AppClassPolicy.mayAdoptPresentation(presented: app, presentationController: sheet, location: location))
        let nav = chain([("UINavigationController", uikit), ("UIViewController", uikit)])
        XCTAssertTrue(AppClassPolicy.mayAdoptPresentation(presented: nav, presentationController: sheet, location: location))
        let picker = chain([("UIImagePickerController", uikit), ("UINavigationController", uikit), ("UIViewController", uikit)])
        XCTAssertFalse(AppClassPolicy.mayAdoptPresentation(presented: picker, presentationController: sheet, location: location))
        let appPicker = chain([("MyApp.AvatarPicker", deviceApp)]) + picker
        XCTAssertFalse(AppClassPolicy.mayAdoptPresentation(presented: appPicker, presentationController: sheet, location: location),
                       "an app subclass of a system controller is still managed by the system class")
        let activity = chain([("UIActivityViewController", uikit), ("UIViewController", uikit)])
        XCTAssertFalse(AppClassPolicy.mayAdoptPresentation(presented: activity, presentationController: sheet, location: location))
        let simulatorActivity = chain([("UIActivityViewController", simulatorUIKit), ("UIViewController", simulatorUIKit)])
        XCTAssertFalse(AppClassPolicy.mayAdoptPresentation(presented: simulatorActivity, presentationController: sheet, location: location),
                       "the same refusal in the Simulator")
        let privatePopover = chain([("_UIActivityPopoverPresentationController", uikit), ("UIPopoverPresentationController", uikit)])
        XCTAssertFalse(AppClassPolicy.mayAdoptPresentation(presented: app, presentationController: privatePopover, location: location))
        // SwiftUI: the app's own hosting controller is a container; SwiftUI's sheet controller is not.
        let hosting = chain([("MyApp.SettingsHost", deviceApp), ("_TtGC7SwiftUI19UIHostingControllerV5MyApp8Settings_", deviceApp),
                             ("UIViewController", uikit)])
        XCTAssertTrue(AppClassPolicy.mayAdoptPresentation(presented: hosting, presentationController: sheet, location: location))
        let swiftUISheet = chain([("_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_", deviceApp),
                                  ("_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_", deviceApp), ("UIViewController", uikit)])
        XCTAssertFalse(AppClassPolicy.mayAdoptPresentation(presented: swiftUISheet, presentationController: sheet, location: location))
        let kvo = chain([("NSKVONotifying_MyApp.EditorController", deviceApp + "/nowhere")]) + app
        XCTAssertTrue(AppClassPolicy.mayAdoptPresentation(presented: kvo, presentationController: sheet, location: location))
    }

    func testDelegateHooksGoToAppClassesOnly() {
        let location = AppCodeLocation(mainBundlePath: simulatorApp)
        XCTAssertTrue(AppClassPolicy.mayHookDelegateClass(chain([("MyApp.SheetCoordinator", simulatorApp)]), location: location))
        XCTAssertTrue(AppClassPolicy.mayHookDelegateClass(
            chain([("NSKVONotifying_MyApp.SheetCoordinator", "/dynamic"), ("MyApp.SheetCoordinator", simulatorApp)]), location: location))
        XCTAssertFalse(AppClassPolicy.mayHookDelegateClass(chain([("_UISheetPresentationControllerDelegate", simulatorUIKit)]), location: location),
                       "a UIKit delegate in the Simulator's runtime root: the old /System/ test let it through")
        XCTAssertFalse(AppClassPolicy.mayHookDelegateClass(
            chain([("_TtC7SwiftUI28SheetPresentationCoordinator", simulatorApp)]), location: location))
        XCTAssertFalse(AppClassPolicy.mayHookDelegateClass([], location: location))
    }

    func testOneRefusalIsReportedByTheMostDerivedHookedClass() {
        let hierarchy = ["NSKVONotifying_MyApp.Child", "MyApp.Child", "MyApp.Base", "NSObject"]
        XCTAssertEqual(AppClassPolicy.reportingClass(hierarchy: hierarchy, hooked: ["MyApp.Base", "MyApp.Child"]), "MyApp.Child")
        XCTAssertEqual(AppClassPolicy.reportingClass(hierarchy: hierarchy, hooked: ["MyApp.Base"]), "MyApp.Base",
                       "a subclass inheriting the hooked method reports through its superclass's hook")
        XCTAssertNil(AppClassPolicy.reportingClass(hierarchy: hierarchy, hooked: ["Other"]))
    }

    func testThirdPartyFrameworksAreNotTheApps() {
        let location = AppCodeLocation(mainBundlePath: deviceApp, privateFrameworksPath: deviceApp + "/Frameworks",
                                       mainBundleIdentifier: "com.acme.MyApp")
        XCTAssertEqual(location.organisationPrefix, "com.acme.")
        XCTAssertTrue(location.isAppClass(named: "MyAppKit.SheetCoordinator", bundlePath: deviceApp + "/Frameworks/MyAppKit.framework",
                                          bundleIdentifier: "com.acme.MyAppKit"), "the app's own framework")
        XCTAssertFalse(location.isAppClass(named: "Vendor.PaymentSheetDelegate", bundlePath: deviceApp + "/Frameworks/Vendor.framework",
                                           bundleIdentifier: "com.vendor.Vendor"), "an embedded SDK manages its own delegates")
        XCTAssertFalse(location.isAppClass(named: "Vendor.PaymentSheetDelegate", bundlePath: deviceApp + "/Frameworks/Vendor.framework"),
                       "a framework without an identifier is not the app's")
        XCTAssertFalse(location.isAppClass(named: "X.Delegate", bundlePath: deviceApp + "/Frameworks/X.framework", bundleIdentifier: "com.acmeevil.X"),
                       "the prefix ends at a dot")
        XCTAssertTrue(location.isAppClass(named: "MyApp.SheetDelegate", bundlePath: deviceApp, bundleIdentifier: "com.acme.MyApp"),
                      "the executable (and what is linked into it) is the app's")
        XCTAssertTrue(location.isAppClass(named: "MyAppTests.Delegate", bundlePath: deviceApp + "/PlugIns/MyAppTests.xctest"),
                      "a hosted test bundle is the app's")
        let vendor = [RuntimeClass(name: "Vendor.PaymentSheetDelegate", bundlePath: deviceApp + "/Frameworks/Vendor.framework",
                                   bundleIdentifier: "com.vendor.Vendor")]
        XCTAssertFalse(AppClassPolicy.mayHookDelegateClass(vendor, location: location))
        let own = [RuntimeClass(name: "MyAppKit.Coordinator", bundlePath: deviceApp + "/Frameworks/MyAppKit.framework",
                                bundleIdentifier: "com.acme.MyAppKit")]
        XCTAssertTrue(AppClassPolicy.mayHookDelegateClass(own, location: location))
        let uikit = "/System/Library/PrivateFrameworks/UIKitCore.framework"
        let vendorController = [RuntimeClass(name: "Vendor.CheckoutController", bundlePath: deviceApp + "/Frameworks/Vendor.framework",
                                             bundleIdentifier: "com.vendor.Vendor"), RuntimeClass(name: "UIViewController", bundlePath: uikit)]
        let sheet = [RuntimeClass(name: "UISheetPresentationController", bundlePath: uikit)]
        XCTAssertFalse(AppClassPolicy.mayAdoptPresentation(presented: vendorController, presentationController: sheet, location: location),
                       "an SDK's controller is not adopted")
    }

    func testAnExtensionsFrameworksUseTheContainingAppsOrganisation() {
        let location = AppCodeLocation(mainBundlePath: deviceApp + "/PlugIns/Share.appex", mainBundleIdentifier: "com.acme.MyApp.Share")
        XCTAssertEqual(location.organisationPrefix, "com.acme.")
        XCTAssertTrue(location.isAppExtension)
        XCTAssertFalse(AppCodeLocation(mainBundlePath: deviceApp).isAppExtension)
        XCTAssertTrue(location.isAppClass(named: "Kit.C", bundlePath: deviceApp + "/Frameworks/Kit.framework", bundleIdentifier: "com.acme.Kit"))
        XCTAssertFalse(location.isAppClass(named: "V.C", bundlePath: deviceApp + "/Frameworks/V.framework", bundleIdentifier: "io.vendor.V"))
        XCTAssertNil(AppCodeLocation(mainBundlePath: deviceApp, mainBundleIdentifier: "MyApp").organisationPrefix,
                     "a one-component identifier names no organisation")
    }

    func testADelegateAnsweringByForwardingIsNotGivenTheMethod() {
        XCTAssertEqual(AppClassPolicy.delegateHookPlan(classImplementsMethod: true, delegateRespondsToMethod: true), .replace)
        XCTAssertEqual(AppClassPolicy.delegateHookPlan(classImplementsMethod: false, delegateRespondsToMethod: false), .add)
        XCTAssertEqual(AppClassPolicy.delegateHookPlan(classImplementsMethod: false, delegateRespondsToMethod: true), .leaveAlone,
                       "an NSProxy or multicast delegate forwards the message: an added method would swallow it")
    }
}
