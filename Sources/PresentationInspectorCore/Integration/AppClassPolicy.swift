/// Where the app's own code lives, so that the iOS layer hooks and delegates app classes only.
///
/// `Bundle(for:)` answers the bundle whose image defines a class: `…/MyApp.app` for the app's
/// executable (and Xcode's debug dylib), `…/MyApp.app/Frameworks/Kit.framework` for an embedded
/// framework, and a system path for UIKit's classes — `/System/Library/…` on a device, but
/// `…/iOS 17.0.simruntime/Contents/Resources/RuntimeRoot/System/Library/…` in the Simulator,
/// which is why a `/System/` prefix test is not enough. A class is the app's when its bundle lies
/// inside the app's bundle, or, in an app extension (`MyApp.app/PlugIns/Share.appex`), inside the
/// containing app, whose `Frameworks` folder the extension loads.
///
/// An embedded framework is not the app's merely for being embedded: third-party frameworks
/// (an SDK's `Frameworks/Vendor.framework`) manage their own delegates. A framework counts only
/// when its bundle identifier starts with the app's organisation prefix (the app's bundle
/// identifier without its last component: `com.acme.` for `com.acme.MyApp`), as the app's own
/// modules do; one without an identifier does not count. Code linked into the executable
/// (static libraries and Swift packages) cannot be told apart by bundle and counts as the app's.
///
/// Swift generic classes are instantiated at run time, outside every image, and `Bundle(for:)`
/// answers the main bundle for them whatever module defines them; for those the module in the
/// mangled name decides (``systemSwiftModules``).
@_spi(Package) public struct AppCodeLocation: Sendable, Equatable {
    /// The folders whose code is the app's, normalized (see ``normalizedPath(_:)``).
    @_spi(Package) public let roots: [String]
    /// The folders holding embedded frameworks (`…/MyApp.app/Frameworks` and the private
    /// frameworks path), whose bundles count only by ``organisationPrefix``.
    @_spi(Package) public let frameworkFolders: [String]
    /// The bundle-identifier prefix of the app's own frameworks (`com.acme.`), nil when the app's
    /// identifier is unknown or has a single component (then no embedded framework counts).
    @_spi(Package) public let organisationPrefix: String?
    /// Whether the main bundle is an app extension's: Xcode gives an extension's bundle the
    /// `.appex` extension. An extension has no `UIApplication.shared` (unavailable to extensions).
    @_spi(Package) public let isAppExtension: Bool

    /// Swift modules whose classes are never the app's, even when `Bundle(for:)` says so.
    @_spi(Package) public static let systemSwiftModules: Set<String> = [
        "SwiftUI", "SwiftUICore", "UIKit", "UIKitCore", "Foundation", "Swift", "PhotosUI", "StoreKit",
        "MapKit", "AVKit", "QuickLook", "MessageUI", "SafariServices", "WebKit", "AuthenticationServices",
    ]

    /// The location of an app whose main bundle is at `mainBundlePath` (`Bundle.main.bundlePath`);
    /// `privateFrameworksPath` (`Bundle.main.privateFrameworksPath`) counts too when it lies elsewhere.
    /// `mainBundleIdentifier` (`Bundle.main.bundleIdentifier`) gives ``organisationPrefix``; in an
    /// extension it is the extension's (`com.acme.MyApp.Share`), whose containing app's is one
    /// component shorter. An empty main bundle path makes no class the app's.
    @_spi(Package) public init(mainBundlePath: String, privateFrameworksPath: String? = nil, mainBundleIdentifier: String? = nil) {
        var roots: [String] = []
        var frameworkFolders: [String] = []
        var appIdentifier = mainBundleIdentifier.map { $0.split(separator: ".").map(String.init) } ?? []
        let main = Self.normalizedPath(mainBundlePath)
        isAppExtension = main.hasSuffix(".appex")
        if main != "/" && !main.isEmpty {
            roots.append(main)
            frameworkFolders.append(main + "/Frameworks")
            // An extension's main bundle is `X.app/PlugIns/E.appex` (or `Extensions/`): the app is two levels up.
            let parts = main.split(separator: "/")
            if parts.count >= 3, parts[parts.count - 2] == "PlugIns" || parts[parts.count - 2] == "Extensions",
               parts[parts.count - 3].hasSuffix(".app") {
                let app = "/" + parts.dropLast(2).joined(separator: "/")
                roots.append(app)
                frameworkFolders.append(app + "/Frameworks")
                if !appIdentifier.isEmpty { appIdentifier.removeLast() }
            }
            if let frameworks = privateFrameworksPath.map(Self.normalizedPath), frameworks != "/", !frameworks.isEmpty {
                if !frameworkFolders.contains(frameworks) { frameworkFolders.append(frameworks) }
                if !roots.contains(where: { Self.path(frameworks, isInside: $0) }) { roots.append(frameworks) }
            }
        }
        self.roots = roots
        self.frameworkFolders = frameworkFolders
        organisationPrefix = appIdentifier.count >= 2 ? appIdentifier.dropLast().joined(separator: ".") + "." : nil
    }

    /// Whether a bundle at `bundlePath` is the app's bundle or lies inside one of its ``roots``.
    @_spi(Package) public func containsBundle(atPath bundlePath: String) -> Bool {
        let path = Self.normalizedPath(bundlePath)
        return roots.contains { Self.path(path, isInside: $0) }
    }

    /// Whether the class named `name` (`NSStringFromClass`), defined in the bundle at
    /// `bundlePath` (`Bundle(for:)`) whose identifier is `bundleIdentifier`, is the app's: inside
    /// the app, and, for a bundle in a frameworks folder, identified with ``organisationPrefix``.
    @_spi(Package) public func isAppClass(named name: String, bundlePath: String, bundleIdentifier: String? = nil) -> Bool {
        if let module = SwiftClassName.moduleName(name), Self.systemSwiftModules.contains(module) { return false }
        guard containsBundle(atPath: bundlePath) else { return false }
        let path = Self.normalizedPath(bundlePath)
        guard frameworkFolders.contains(where: { path.hasPrefix($0 + "/") }) else { return true }
        guard let organisationPrefix, let bundleIdentifier else { return false }
        return bundleIdentifier.hasPrefix(organisationPrefix)
    }

    /// `path` with `.` and `..` resolved, repeated and trailing slashes removed, and the device's
    /// `/private/var/…` written as `/var/…` (the same folder through a symbolic link).
    @_spi(Package) public static func normalizedPath(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        if parts.count >= 2, parts[0] == "private", parts[1] == "var" || parts[1] == "tmp" { parts.removeFirst() }
        return "/" + parts.joined(separator: "/")
    }

    private static func path(_ path: String, isInside root: String) -> Bool {
        path == root || path.hasPrefix(root + "/")
    }
}

/// One class of a runtime class hierarchy: its name and the bundle defining it.
@_spi(Package) public struct RuntimeClass: Sendable, Equatable {
    /// `NSStringFromClass` of the class.
    @_spi(Package) public var name: String
    /// `Bundle(for:).bundlePath` of the class.
    @_spi(Package) public var bundlePath: String
    /// `Bundle(for:).bundleIdentifier` of the class.
    @_spi(Package) public var bundleIdentifier: String?

    /// Creates a class description.
    @_spi(Package) public init(name: String, bundlePath: String, bundleIdentifier: String? = nil) {
        self.name = name
        self.bundlePath = bundlePath
        self.bundleIdentifier = bundleIdentifier
    }
}

/// What a hook on a delegate class's optional method does (``AppClassPolicy/delegateHookPlan(classImplementsMethod:delegateRespondsToMethod:)``).
@_spi(Package) public enum DelegateHookPlan: Sendable, Equatable {
    /// The class or a superclass implements it: hook it, calling that implementation.
    case replace
    /// Nobody implements it and the delegate does not answer it: add it (UIKit then calls it).
    case add
    /// The delegate answers it by forwarding: no hook, or the forwarded call would be swallowed.
    case leaveAlone
}

/// What the iOS layer may touch: which presentations it may become the delegate of, and which
/// delegate-class hook reports a call.
@_spi(Package) public enum AppClassPolicy {
    /// System classes an app presents or subclasses as plain containers (generic ones by their
    /// readable name without arguments: `UIHostingController<MyApp.Root>` is `UIHostingController`).
    /// A presented controller whose first system class (walking up from its own class) is another
    /// one — an image picker, an activity or mail controller, SwiftUI's sheet controller — belongs
    /// to a framework that may manage its presentation's delegate itself.
    @_spi(Package) public static let adoptableSystemControllers: Set<String> = [
        "UIViewController", "UINavigationController", "UITabBarController", "UISplitViewController",
        "UIPageViewController", "UITableViewController", "UICollectionViewController", "UIHostingController",
    ]

    /// The public presentation controller classes; UIKit's private subclasses (used by system
    /// controllers) are left alone.
    @_spi(Package) public static let adoptablePresentationControllers: Set<String> = [
        "UIPresentationController", "UISheetPresentationController", "UIPopoverPresentationController",
    ]

    /// The first class of `hierarchy` (most derived first) that is not the app's, skipping KVO's
    /// dynamic subclasses; nil when every class is the app's.
    @_spi(Package) public static func firstSystemClass(in hierarchy: [RuntimeClass], location: AppCodeLocation) -> String? {
        hierarchy.first { c in
            !c.name.hasPrefix("NSKVONotifying_") && !location.isAppClass(named: c.name, bundlePath: c.bundlePath, bundleIdentifier: c.bundleIdentifier)
        }?.name
    }

    /// Whether the inspector may set itself as the delegate of a presentation that has none: the
    /// presented controller (`presented`, most derived class first) is the app's own or a plain
    /// container, and so is its presentation controller (`presentationController`).
    @_spi(Package) public static func mayAdoptPresentation(presented: [RuntimeClass], presentationController: [RuntimeClass],
                                            location: AppCodeLocation) -> Bool {
        let controller = firstSystemClass(in: presented, location: location)
        let presentation = firstSystemClass(in: presentationController, location: location)
        return (controller.map { adoptableSystemControllers.contains(genericBaseName($0)) } ?? true)
            && (presentation.map(adoptablePresentationControllers.contains) ?? true)
    }

    /// A runtime class name in readable form without generic arguments.
    private static func genericBaseName(_ name: String) -> String {
        let readable = SwiftClassName.readable(name)
        return readable.firstIndex(of: "<").map { String(readable[..<$0]) } ?? readable
    }

    /// Whether a delegate-class hook may be installed on a class whose hierarchy is `hierarchy`
    /// (most derived first; KVO's subclass skipped): only when the class itself is the app's.
    @_spi(Package) public static func mayHookDelegateClass(_ hierarchy: [RuntimeClass], location: AppCodeLocation) -> Bool {
        guard let own = hierarchy.first(where: { !$0.name.hasPrefix("NSKVONotifying_") }) else { return false }
        return location.isAppClass(named: own.name, bundlePath: own.bundlePath, bundleIdentifier: own.bundleIdentifier)
    }

    /// What a delegate-class hook on an optional delegate method may do, from what the runtime
    /// says: whether the class (or a superclass) implements the method (`class_getInstanceMethod`
    /// is non-nil), and whether the delegate object answers `responds(to:)` true for it.
    ///
    /// A delegate that answers yes without an implementation in its class forwards the message
    /// (an `NSProxy`, a multicast delegate using `forwardingTarget(for:)` or `forwardInvocation:`):
    /// a method added to its class would take the message before the forwarding machinery runs,
    /// and with no implementation to call, the app's real delegate would never get it. Such a
    /// class is left alone.
    @_spi(Package) public static func delegateHookPlan(classImplementsMethod: Bool, delegateRespondsToMethod: Bool) -> DelegateHookPlan {
        if classImplementsMethod { return .replace }
        return delegateRespondsToMethod ? .leaveAlone : .add
    }

    /// Of the hooked classes in a receiver's `hierarchy` (class names, most derived first), the
    /// one whose hook reports the call. When a delegate class and its superclass are both hooked,
    /// a subclass that forwards to `super` runs both hooks; only the most derived one reports, so
    /// one refusal is recorded once.
    @_spi(Package) public static func reportingClass(hierarchy: [String], hooked: Set<String>) -> String? {
        hierarchy.first { hooked.contains($0) }
    }
}
