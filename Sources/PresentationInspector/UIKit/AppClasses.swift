#if canImport(UIKit)
import Foundation
import ObjectiveC
import PresentationInspectorCore

extension AppCodeLocation {
    /// The running app's location (its main bundle and frameworks folder).
    static let current = AppCodeLocation(mainBundlePath: Bundle.main.bundlePath,
                                         privateFrameworksPath: Bundle.main.privateFrameworksPath)
}

/// Runtime class hierarchies as ``AppClassPolicy`` reads them.
enum AppClasses {
    /// `cls` and its superclasses, most derived first, each with the bundle that defines it.
    static func hierarchy(of cls: AnyClass) -> [RuntimeClass] {
        var result: [RuntimeClass] = []
        var current: AnyClass? = cls
        while let c = current, result.count < 64 {
            result.append(RuntimeClass(name: NSStringFromClass(c), bundlePath: Bundle(for: c).bundlePath))
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
