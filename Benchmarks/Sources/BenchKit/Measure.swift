import CHeapInfo
import Foundation

/// Clocks, memory readings and small statistics shared by `pibench` and `pistress`.
public enum Measure {
    /// Monotonic nanoseconds.
    public static func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Resident set size of this process in bytes (`/proc/self/statm`), or 0 where unavailable.
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Peak resident set size in bytes (`VmHWM` in `/proc/self/status`).
    public static func peakResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kb * 1024
        }
        return 0
    }

    /// Heap bytes in use according to the C allocator (glibc `mallinfo2`).
    public static func heapInUse() -> Int { Int(cheapinfo_heap_in_use()) }

    /// Hands free heap memory back to the system (glibc `malloc_trim`).
    public static func trimHeap() { cheapinfo_trim() }

    /// The median of `values` (the mean of the two middle ones for an even count).
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let s = values.sorted()
        let m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }

    /// The `p`-th percentile (0...100) of `values`, nearest rank.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let s = values.sorted()
        let rank = Int((p / 100 * Double(s.count - 1)).rounded())
        return s[min(max(rank, 0), s.count - 1)]
    }

    /// Prints `fields` as one JSON object line on standard output (what the scripts parse).
    public static func emit(_ fields: KeyValuePairs<String, Any>) {
        var parts: [String] = []
        for (k, v) in fields {
            let value: String
            switch v {
            case let s as String: value = "\"\(s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
            case let d as Double: value = d.isFinite ? String(format: "%.6g", d) : "null"
            case let b as Bool: value = b ? "true" : "false"
            default: value = "\(v)"
            }
            parts.append("\"\(k)\":\(value)")
        }
        print("{" + parts.joined(separator: ",") + "}")
        fflush(nil)
    }
}

/// A tiny command-line reader: `--name value` options and `--flag`s.
public struct Options {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// Arguments that are not options, in order.
    public private(set) var positional: [String] = []

    public init(_ args: [String]) {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a.hasPrefix("--") {
                let name = String(a.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    values[String(name[..<eq])] = String(name[name.index(after: eq)...])
                } else if i + 1 < args.count, !args[i + 1].hasPrefix("--") {
                    values[name] = args[i + 1]
                    i += 1
                } else {
                    flags.insert(name)
                }
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    public func string(_ name: String, _ fallback: String) -> String { values[name] ?? fallback }
    public func optionalString(_ name: String) -> String? { values[name] }
    public func int(_ name: String, _ fallback: Int) -> Int {
        guard let v = values[name] else { return fallback }
        // Accept 1_000_000, 1e6, 100k and 1M.
        let t = v.replacingOccurrences(of: "_", with: "").lowercased()
        if let n = Int(t) { return n }
        if t.hasSuffix("k"), let n = Double(t.dropLast()) { return Int(n * 1_000) }
        if t.hasSuffix("m"), let n = Double(t.dropLast()) { return Int(n * 1_000_000) }
        if let d = Double(t) { return Int(d) }
        fail("--\(name) needs an integer, got \"\(v)\"")
    }
    public func double(_ name: String, _ fallback: Double) -> Double {
        guard let v = values[name] else { return fallback }
        guard let d = Double(v) else { fail("--\(name) needs a number, got \"\(v)\"") }
        return d
    }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// Prints `message` to standard error and exits with status 64 (usage error).
public func fail(_ message: String, status: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}
