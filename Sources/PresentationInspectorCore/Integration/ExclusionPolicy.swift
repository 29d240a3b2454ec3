/// Which presentations the inspector leaves out of its recording.
///
/// A call is excluded when any controller it involves is excluded (by exact class name, by
/// class-name prefix, or by the app's predicate) or when it happens in a window of an
/// excluded class. Excluded calls go straight to UIKit: nothing is resolved or recorded.
@_spi(Package) public struct ExclusionPolicy: Sendable {
    /// Controller class names excluded exactly (as `NSStringFromClass` spells them).
    @_spi(Package) public var controllerTypeNames: Set<String> { didSet { controllerNameLengths = NameLengths(controllerTypeNames) } }
    /// Controller class-name prefixes excluded (for example a module prefix `MyDebugTools.`).
    @_spi(Package) public var controllerTypePrefixes: [String]
    /// Window class names whose controllers are excluded.
    @_spi(Package) public var windowTypeNames: Set<String> { didSet { windowNameLengths = NameLengths(windowTypeNames) } }
    /// The app's own rule: return true to exclude a controller.
    @_spi(Package) public var predicate: (@Sendable (ControllerRef) -> Bool)?

    // Every hooked call checks its controllers' and windows' class names: a name whose length no
    // excluded name has is not looked up (hashing it cost more than the rest of the check).
    private var controllerNameLengths: NameLengths
    private var windowNameLengths: NameLengths

    /// Creates a policy.
    @_spi(Package) public init(controllerTypeNames: Set<String> = [], controllerTypePrefixes: [String] = [],
                windowTypeNames: Set<String> = [], predicate: (@Sendable (ControllerRef) -> Bool)? = nil) {
        self.controllerTypeNames = controllerTypeNames
        self.controllerTypePrefixes = controllerTypePrefixes
        self.windowTypeNames = windowTypeNames
        self.predicate = predicate
        controllerNameLengths = NameLengths(controllerTypeNames)
        windowNameLengths = NameLengths(windowTypeNames)
    }

    /// The Objective-C name of the overlay's window class (fixed with `@objc(...)` so it
    /// does not depend on the module name).
    @_spi(Package) public static let overlayWindowTypeName = "PresentationInspectorOverlayWindow"
    /// The prefix of every Swift class of the `PresentationInspector` module.
    @_spi(Package) public static let inspectorModulePrefix = "PresentationInspector."

    /// Excludes nothing (unless a predicate is added).
    @_spi(Package) public static let none = ExclusionPolicy()

    /// Excludes the inspector's own UI and FLEX's: FLEX draws in a `FLEXWindow` and presents
    /// its tools in `FLEXNavigationController`s from `FLEXExplorerViewController` (which calls
    /// `super`, so a `UIViewController` hook sees it).
    @_spi(Package) public static let inspectorAndFLEX = ExclusionPolicy(
        controllerTypeNames: ["FLEXNavigationController", "FLEXExplorerViewController"],
        controllerTypePrefixes: [inspectorModulePrefix],
        windowTypeNames: ["FLEXWindow", overlayWindowTypeName])

    /// Whether this controller is excluded on its own (class name or predicate).
    @_spi(Package) public func excludes(_ controller: ControllerRef) -> Bool {
        if excludesType(controller.type) { return true }
        if let predicate { return predicate(controller) }
        return false
    }

    @inline(__always) private func excludesType(_ type: String) -> Bool {
        // Plain loops: every hooked call runs this, and closures over `self` copied the policy.
        if controllerNameLengths.mayContain(type), controllerTypeNames.contains(type) { return true }
        for prefix in controllerTypePrefixes where type.hasPrefix(prefix) { return true }
        return false
    }

    /// Whether a call is excluded: any of its controllers is, or any of the windows involved
    /// (class names; `nil` for a controller whose view is in no window) is.
    @_spi(Package) public func excludesCall(controllers: [ControllerRef], windowTypeNames windows: [String?]) -> Bool {
        for case let window? in windows where excludesWindow(window) { return true }
        for controller in controllers where excludes(controller) { return true }
        return false
    }

    /// ``excludesCall(controllers:windowTypeNames:)`` for the hooks' calls: one or two
    /// controllers and the window of the first, with no arrays to make (every hooked call runs it).
    @_spi(Package) public func excludesCall(_ controller: ControllerRef, _ other: ControllerRef? = nil, windowTypeName window: String?) -> Bool {
        if let window, excludesWindow(window) { return true }
        if excludes(controller) { return true }
        if let other, excludes(other) { return true }
        return false
    }

    /// The call check for a hook that has not taken the controller's snapshot: whether a call on
    /// a controller of class `typeName` (as recorded) in a window of class `window` is excluded,
    /// or nil when only the snapshot can tell (the app's predicate reads it; then use
    /// ``excludesCall(_:_:windowTypeName:)``). A snapshot reads the title and takes locks on a device.
    @_spi(Package) public func excludesCall(typeName: String, windowTypeName window: String?) -> Bool? {
        if let window, excludesWindow(window) { return true }
        if excludesType(typeName) { return true }
        return predicate == nil ? false : nil
    }

    @inline(__always) private func excludesWindow(_ name: String) -> Bool {
        !windowTypeNames.isEmpty && windowNameLengths.mayContain(name) && windowTypeNames.contains(name)
    }

    /// ``excludes(_:)`` as the hook handler's `ignore` closure; nil when the policy can
    /// exclude nothing, so the handler skips the check.
    @_spi(Package) public var controllerPredicate: (@Sendable (ControllerRef) -> Bool)? {
        if controllerTypeNames.isEmpty && controllerTypePrefixes.isEmpty && predicate == nil { return nil }
        let policy = self
        return { policy.excludes($0) }
    }
}

/// The UTF-8 lengths of a set of names, as bits (lengths of 63 bytes and more share the last): a
/// name that is not a member is told without hashing it when it is ASCII and no member has its
/// length. Only then: Swift's strings compare by canonical equivalence, so a name with other
/// scalars can equal a member of another length (`"Cafe\u{301}" == "Café"`); a member that is not
/// ASCII makes every length possible.
private struct NameLengths: Sendable {
    private var bits: UInt64 = 0

    init(_ names: Set<String>) {
        for name in names { bits |= Self.isASCII(name) ? Self.bit(name) : .max }
    }

    func mayContain(_ name: String) -> Bool { bits & Self.bit(name) != 0 || !Self.isASCII(name) }

    private static func bit(_ name: String) -> UInt64 { 1 << UInt64(min(name.utf8.count, 63)) }

    /// Eight bytes at a time where the string's bytes are contiguous (native and small strings).
    private static func isASCII(_ name: String) -> Bool {
        let contiguous = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var i = 0
            while i + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                i += 8
            }
            while i < bytes.count {
                if bytes[i] >= 0x80 { return false }
                i += 1
            }
            return true
        }
        return contiguous ?? name.utf8.allSatisfy { $0 < 0x80 }
    }
}
