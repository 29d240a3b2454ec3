import Foundation

/// Readable names for the Objective-C runtime names of Swift classes.
///
/// Generic and private Swift classes reach `NSStringFromClass` in the old mangling: a SwiftUI
/// `.sheet` arrives as `_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_`. This parser
/// reads the small subset those names use (classes, structs, enums, nesting, generic arguments,
/// substitutions, a few standard types) and gives up — returning the raw name — on anything
/// else. It never traps: every index is checked and the input length bounds the work.
@_spi(Package) public enum SwiftClassName {
    /// Modules whose names are left out of readable names (users know where these types live).
    static let familiarModules: Set<String> = ["Swift", "SwiftUI", "UIKit", "Foundation", "__C", "So"]

    /// The readable form of a runtime class name: `PresentationHostingController<AnyView>`,
    /// `MyApp.ListController`. Names that are not mangled, or that this parser does not
    /// understand, come back unchanged.
    @_spi(Package) public static func readable(_ raw: String) -> String {
        guard raw.hasPrefix("_Tt") else { return raw }
        var p = Parser(Array(raw.utf8.dropFirst(3)))
        guard let t = p.type(), p.atEnd else { return raw }
        return t.rendered
    }

    /// The Swift module a runtime class name names: `MyApp.ListController` → `MyApp`,
    /// `_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_` → `SwiftUI`; nil for
    /// Objective-C names and for mangled names this parser does not understand.
    @_spi(Package) public static func moduleName(_ raw: String) -> String? {
        if raw.hasPrefix("_Tt") {
            var p = Parser(Array(raw.utf8.dropFirst(3)))
            guard let t = p.type(), p.atEnd else { return nil }
            return t.module
        }
        guard let dot = raw.firstIndex(of: "."), dot != raw.startIndex else { return nil }
        return String(raw[..<dot])
    }

    /// What a SwiftUI hosting controller stands for, or nil for other classes:
    /// `"SwiftUI sheet"` for SwiftUI's presentation hosting controller.
    @_spi(Package) public static func swiftUIRole(_ raw: String) -> String? {
        let name = readable(raw)
        guard raw.contains("SwiftUI") || name.contains("HostingController") else { return nil }
        if name.hasPrefix("PresentationHostingController") { return "SwiftUI sheet" }
        if name.hasPrefix("UIHostingController") || name.contains("HostingController") { return "SwiftUI view" }
        return nil
    }

    /// The name recorded for a controller: the readable name, followed by its SwiftUI role
    /// when it has one (`PresentationHostingController<AnyView> (SwiftUI sheet)`).
    /// Cached per raw name (an app has a few hundred classes): the iOS layer asks on every
    /// present for the presentation controller's class, and parsing plus the role's substring
    /// searches cost tens of thousands of instructions (device-path benchmark).
    @_spi(Package) public static func recordedTypeName(_ raw: String) -> String {
        if let known = recordedNames.name(for: raw) { return known }
        let name = readable(raw)
        let recorded = swiftUIRole(raw).map { "\(name) (\($0))" } ?? name
        recordedNames.store(recorded, for: raw)
        return recorded
    }

    private static let recordedNames = RecordedNameCache()

    /// A parsed nominal type.
    struct TypeName {
        var module: String?
        var path: [String]
        var arguments: [TypeName] = []

        var rendered: String {
            var s = ""
            if let module, !SwiftClassName.familiarModules.contains(module) { s = module + "." }
            s += path.joined(separator: ".")
            if !arguments.isEmpty { s += "<" + arguments.map(\.rendered).joined(separator: ", ") + ">" }
            return s
        }
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0
        /// Modules and types in the order they appeared: `S_` is the first, `S0_` the second…
        var substitutions: [TypeName] = []

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }
        func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }
        mutating func take(_ c: Character) -> Bool {
            guard let b = peek(), b == c.asciiValue else { return false }
            i += 1
            return true
        }

        /// A length-prefixed identifier: `14ListController`.
        mutating func identifier() -> String? {
            var n = 0, digits = 0
            while let b = peek(), b >= 48, b <= 57 {
                n = n * 10 + Int(b - 48)
                digits += 1; i += 1
                guard n <= bytes.count else { return nil }
            }
            guard digits > 0, n > 0, i + n <= bytes.count else { return nil }
            defer { i += n }
            return String(decoding: bytes[i..<(i + n)], as: UTF8.self)
        }

        /// `S_`, `S0_`, `S1_`…: an earlier module or type.
        mutating func substitution() -> TypeName? {
            let start = i
            guard take("S") else { return nil }
            if take("_") { return substitutions.first }
            var n = 0, digits = 0
            while let b = peek(), b >= 48, b <= 57, digits < 6 { n = n * 10 + Int(b - 48); digits += 1; i += 1 }
            if digits > 0, take("_"), n + 1 < substitutions.count { return substitutions[n + 1] }
            i = start
            return nil
        }

        /// A context: a module name, `s` (Swift), a substitution, or an enclosing nominal type.
        mutating func context() -> TypeName? {
            if take("s") { return TypeName(module: "Swift", path: []) }
            if let b = peek(), b == UInt8(ascii: "C") || b == UInt8(ascii: "V") || b == UInt8(ascii: "O") { return nominal() }
            if peek() == UInt8(ascii: "S") { return substitution() }
            guard let m = identifier() else { return nil }
            let t = TypeName(module: m, path: [])
            substitutions.append(t)
            return t
        }

        /// `C`/`V`/`O` context identifier.
        mutating func nominal() -> TypeName? {
            guard take("C") || take("V") || take("O") else { return nil }
            guard let ctx = context(), let name = identifier() else { return nil }
            let t = TypeName(module: ctx.module, path: ctx.path + [name])
            substitutions.append(t)
            return t
        }

        /// A type: nominal, generic (`G` type args… `_`), a substitution, or a standard type.
        mutating func type(depth: Int = 0) -> TypeName? {
            guard depth < 32, let b = peek() else { return nil }
            switch b {
            case UInt8(ascii: "G"):
                i += 1
                guard var base = type(depth: depth + 1) else { return nil }
                var args: [TypeName] = []
                while !take("_") {
                    guard args.count < 64, let a = type(depth: depth + 1) else { return nil }
                    args.append(a)
                }
                base.arguments = args
                return base
            case UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "O"):
                return nominal()
            case UInt8(ascii: "S"):
                if let s = substitution() { return s }
                i += 1
                guard let k = peek() else { return nil }
                i += 1
                let known: [UInt8: String] = [UInt8(ascii: "i"): "Int", UInt8(ascii: "S"): "String", UInt8(ascii: "b"): "Bool",
                                              UInt8(ascii: "d"): "Double", UInt8(ascii: "f"): "Float", UInt8(ascii: "u"): "UInt"]
                guard let name = known[k] else { return nil }
                return TypeName(module: "Swift", path: [name])
            default:
                return nil
            }
        }
    }
}

/// Raw class name → recorded name, bounded (starts over past 1,024 names).
private final class RecordedNameCache: @unchecked Sendable {
    private let lock = InspectorLock()
    private var names: [String: String] = [:]

    func name(for raw: String) -> String? {
        lock.lock(); defer { lock.unlock() }
        return names[raw]
    }

    func store(_ name: String, for raw: String) {
        lock.lock(); defer { lock.unlock() }
        if names.count >= 1_024 { names.removeAll(keepingCapacity: true) }
        names[raw] = name
    }
}
