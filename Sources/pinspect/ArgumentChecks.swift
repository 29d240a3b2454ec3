/// Checks on the raw arguments that argument parsing cannot make itself, run before it so that
/// each mistake gets its real reason (exit 64) instead of a misleading one:
///
/// - an event number that is negative (`--at -1`, `explain -1`): parsing would read it as an
///   unknown option and report a missing value, or blame the log;
/// - an option given twice with different values (`--format dot --format svg`): parsing would
///   silently keep the last.
enum ArgumentChecks {
    /// The commands these checks know; others (and `help`) are left to argument parsing.
    static let commands: Set<String> = ["summary", "timeline", "graph", "diagnose", "convert", "explain", "simulate", "diff"]

    /// Options of those commands that take one value; `-o` is `--output`.
    static let singleValued: Set<String> = ["--at", "--format", "--to", "--kind", "--controller", "--fail-on", "--output"]

    /// The first mistake in `arguments` (the command line without the program name), or nil.
    static func mistake(in arguments: [String]) -> String? {
        guard let command = arguments.first, commands.contains(command) else { return nil }
        var values: [String: [String]] = [:]
        var order: [String] = []
        var i = 1
        while i < arguments.count {
            var name = arguments[i]
            if name == "--" { break }
            var value: String?
            if name.hasPrefix("--"), let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if name == "-o" { name = "--output" }
            if singleValued.contains(name) {
                if value == nil {
                    guard i + 1 < arguments.count else { return nil }  // parsing reports the missing value
                    i += 1
                    value = arguments[i]
                }
                if name == "--at", let v = value, let n = Int(v), n < 0 {
                    return "--at: the event number must be 0 or more (#N in other outputs), found \(v)"
                }
                if values[name] == nil { order.append(name) }
                values[name, default: []].append(value!)
            } else if command == "explain", name.count > 1, name.hasPrefix("-"), Int(name) != nil {
                return "explain: the event number must be 0 or more (#N in other outputs), found \(name)"
            }
            i += 1
        }
        for name in order {
            let given = values[name]!
            var distinct: [String] = []
            for v in given where !distinct.contains(v) { distinct.append(v) }
            if distinct.count > 1 {
                let shown = distinct.map { "'\($0)'" }.joined(separator: ", ")
                return "\(name) was given \(given.count) times with different values (\(shown)); give it once"
            }
        }
        return nil
    }
}
