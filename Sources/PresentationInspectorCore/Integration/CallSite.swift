import Foundation

/// Finds the app's frame in a call stack, for an event's `callSite`.
///
/// The hooks see a stack like `hook block → UIKit → … → app code → UIKit …`; the call site
/// is the first frame that belongs to none of the skipped modules (the inspector, UIKit,
/// the runtime). The hooks capture a ``CapturedCallStack`` and apply the same rule to its
/// frames when the call site is first read; the functions here read lines in Darwin's
/// `Thread.callStackSymbols` format:
/// `3   MyApp   0x0000000102f1c2a4 $s5MyApp6ListVCC8showNextyyF + 120`.
@_spi(Package) public enum CallSite {
    /// Modules that never hold the app's call.
    @_spi(Package) public static let systemModules: Set<String> = [
        "PresentationInspector", "PresentationInspectorCore", "UIKitCore", "UIKit", "libobjc.A.dylib",
        "libswiftCore.dylib", "libswift_Concurrency.dylib", "CoreFoundation", "Foundation", "libdispatch.dylib",
        "SwiftUI", "SwiftUICore", "FLEX",
        // Linux (`CapturedCallStack` names modules by their file: the simulator's platform).
        "libswiftCore.so", "libswift_Concurrency.so", "libFoundation.so", "libFoundationEssentials.so", "libdispatch.so",
        "libc.so.6", "libXCTest.so", "libswiftDispatch.so", "libTesting.so",
    ]

    /// One parsed frame.
    @_spi(Package) public struct Frame: Equatable, Sendable {
        /// The image name, for example `MyApp` or `UIKitCore`.
        @_spi(Package) public var module: String
        /// The symbol, demangled when it is a Swift symbol.
        @_spi(Package) public var symbol: String
        /// The byte offset into the symbol.
        @_spi(Package) public var offset: Int?

        /// Creates a frame.
        @_spi(Package) public init(module: String, symbol: String, offset: Int?) {
            self.module = module
            self.symbol = symbol
            self.offset = offset
        }

        /// `MyApp`ListViewController.showNext() + 120`, as LLDB writes frames.
        @_spi(Package) public var description: String {
            "\(module)`\(symbol)" + (offset.map { " + \($0)" } ?? "")
        }
    }

    /// Parses one line of `Thread.callStackSymbols`; nil when it does not have the Darwin shape.
    @_spi(Package) public static func parse(_ line: String) -> Frame? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 4, Int(parts[0]) != nil, parts[2].hasPrefix("0x") else { return nil }
        var symbolParts = parts[3...]
        var offset: Int?
        if symbolParts.count >= 3, symbolParts[symbolParts.endIndex - 2] == "+", let last = symbolParts.last, let o = Int(last) {
            offset = o
            symbolParts = symbolParts.dropLast(2)
        }
        let symbol = symbolParts.joined(separator: " ")
        return Frame(module: String(parts[1]), symbol: demangle(symbol), offset: offset)
    }

    /// The first frame of `symbols` outside `skipping`, described LLDB-style.
    @_spi(Package) public static func firstAppFrame(in symbols: [String], skipping modules: Set<String> = systemModules) -> String? {
        for line in symbols {
            guard let frame = parse(line), !isSkipped(frame, modules: modules) else { continue }
            return frame.description
        }
        return nil
    }

    /// Whether a frame is never the app's call: a module of `modules` (or `libsystem…`), or an
    /// inspector symbol or thunk. SwiftPM links the inspector statically into the app's image:
    /// its own frames carry the app's image name, so they are recognised by their symbol.
    /// The standard library's and system frameworks' generic code specialised into the app's
    /// image (`generic specialization <…> of static Swift.MainActor.assumeIsolated…`) is skipped
    /// as well.
    static func isSkipped(_ frame: Frame, modules: Set<String> = systemModules) -> Bool {
        if modules.contains(frame.module) || frame.module.hasPrefix("libsystem") || isInspectorSymbol(frame.symbol) { return true }
        guard let own = ownModule(ofDemangled: frame.symbol) else { return false }
        return systemSymbolModules.contains(String(own))
    }

    /// Swift modules whose code is never the app's call, wherever it was compiled in.
    static let systemSymbolModules: Set<String> = ["Swift", "_Concurrency", "Foundation", "FoundationEssentials", "UIKit", "SwiftUI", "Dispatch"]

    /// Modules whose symbols are never the app's call, wherever they are linked.
    @_spi(Package) public static let inspectorModules = ["PresentationInspectorCore", "PresentationInspector"]

    /// Whether a (demangled) symbol belongs to the inspector itself, or is a compiler thunk
    /// (the swizzled block's reabstraction thunk), which is never the app's own code. Only the
    /// symbol's own module counts: an app function whose signature merely names an inspector
    /// type (`MyApp.DebugMenu.show(events: [PresentationInspectorCore.Event])`) is the app's.
    @_spi(Package) public static func isInspectorSymbol(_ symbol: String) -> Bool {
        if symbol.hasPrefix("thunk for ") || symbol.hasPrefix("reabstraction thunk") || symbol.hasPrefix("partial apply for thunk") { return true }
        for m in inspectorModules {
            // Still mangled: `$s21PresentationInspector…` (the first identifier is the module).
            let mangled = "$s\(m.utf8.count)\(m)"
            if symbol.hasPrefix(mangled) || symbol.hasPrefix("_" + mangled) { return true }
        }
        guard let module = ownModule(ofDemangled: symbol) else { return false }
        return inspectorModules.contains(String(module))
    }

    /// The module of the entity a demangled symbol names, past the demangler's wrappers
    /// (`closure #1 in static `, `partial apply for `, `generic specialization <…> of `…).
    static func ownModule(ofDemangled symbol: String) -> Substring? {
        var s = Substring(symbol)
        var progress = true
        while progress {
            progress = false
            for prefix in ["static ", "partial apply for ", "merged ", "@objc ", "dispatch thunk of ", "specialized "] where s.hasPrefix(prefix) {
                s = s.dropFirst(prefix.count)
                progress = true
            }
            for (wrapper, separator) in [("closure #", " in "), ("implicit closure #", " in "), ("generic specialization <", " of "),
                                         ("function signature specialization <", " of ")] where s.hasPrefix(wrapper) {
                guard let r = s.range(of: separator) else { return nil }
                s = s[r.upperBound...]
                progress = true
            }
        }
        guard let dot = s.firstIndex(of: "."), dot > s.startIndex else { return nil }
        let module = s[..<dot]
        return module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? module : nil
    }

    /// A Swift symbol (`$s…`, `_$s…`) in readable form; anything else unchanged.
    @_spi(Package) public static func demangle(_ symbol: String) -> String {
        guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") || symbol.hasPrefix("$S") else { return symbol }
        return symbol.withCString { cString -> String in
            guard let out = _swiftDemangle(cString, strlen(cString), nil, nil, 0) else { return symbol }
            defer { free(out) }
            return String(cString: out)
        }
    }
}

// The Swift runtime's demangler (exported by libswiftCore on every platform).
@_silgen_name("swift_demangle")
private func _swiftDemangle(_ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
                            _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<Int>?,
                            _ flags: UInt32) -> UnsafeMutablePointer<CChar>?
