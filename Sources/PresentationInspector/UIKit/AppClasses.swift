#if canImport(UIKit)
import Foundation
import ObjectiveC
@_spi(Package) import PresentationInspectorCore

extension AppCodeLocation {
    /// The running app's location (its main bundle, frameworks folder and bundle identifier).
    static let current = AppCodeLocation(mainBundlePath: Bundle.main.bundlePath,
                                         privateFrameworksPath: Bundle.main.privateFrameworksPath,
                                         mainBundleIdentifier: Bundle.main.bundleIdentifier)
}

/// Runtime class hierarchies as ``AppClassPolicy`` reads them.
enum AppClasses {
    /// `cls` and its superclasses, most derived first, each with the bundle that defines it
    /// (path and identifier).
    static func hierarchy(of cls: AnyClass) -> [RuntimeClass] {
        var result: [RuntimeClass] = []
        var current: AnyClass? = cls
        while let c = current, result.count < 64 {
            let bundle = Bundle(for: c)
            result.append(RuntimeClass(name: NSStringFromClass(c), bundlePath: bundle.bundlePath, bundleIdentifier: bundle.bundleIdentifier))
            current = class_getSuperclass(c)
        }
        return result
    }

    /// The names of `cls` and its superclasses, most derived first.
    static func names(of cls: AnyClass) -> [String] {
        var result: [String] = []
        var current: AnyClass? = cls
        while let c = current, result.count < 64 {
            result.append(NSStringFromClass(c))
            current = class_getSuperclass(c)
        }
        return result
    }
}
#endif
