import ArgumentParser

/// Checks on the raw arguments that argument parsing cannot make itself, run before it so that
/// each mistake gets its real reason (exit 64) instead of a misleading one:
///
/// - an event number that is negative (`--at -1`, `explain -1`): parsing would read it as an
///   unknown option and report a missing value, or blame the log;
/// - an event number that is not a whole number or too large: parsing names neither;
/// - an option given twice with different values (`--format dot --format svg`): parsing would
///   silently keep the last.
enum ArgumentChecks {
    /// The commands these checks know; others (and `help`) are left to argument parsing.
    static let commands: Set<String> = ["summary", "timeline", "graph", "diagnose", "convert", "explain", "simulate", "diff", "scenario", "test"]

    /// Options of those commands that take one value; `-o` is `--output`.
    static let singleValued: Set<String> = ["--at", "--format", "--to", "--kind", "--controller", "--fail-on", "--output", "--framework", "--name"]

    /// The first mistake in `arguments` (the command line without the program name), or nil.
    static func mistake(in arguments: [String]) -> String? {
        guard let command = arguments.first, commands.contains(command) else { return nil }
        var values: [String: [String]] = [:]
        var order: [String] = []
        var seenSeq = false
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
                if name == "--at", command == "graph" || command == "convert",
                   let problem = eventNumberProblem(value!, what: "--at") { return problem }
                if values[name] == nil { order.append(name) }
                values[name, default: []].append(value!)
            } else if command == "explain", !seenSeq, name == "-" || !name.hasPrefix("-") || looksNumeric(name) {
                seenSeq = true
                if let problem = eventNumberProblem(name, what: "explain") { return problem }
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

    /// What is wrong with an event number given to `what` (`--at`, `explain`), in the words the
    /// LLDB plugin uses for the same mistakes; nil when it is a whole number from 0.
    /// Only plain ASCII digits are a number, after an optional `#` as other outputs print it
    /// (Swift's `Int("+3")` is 3; the plugin refuses it too).
    static func eventNumberProblem(_ text: String, what: String) -> String? {
        let number = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        let magnitude = number.hasPrefix("-") ? number.dropFirst() : number
        let digits = !magnitude.isEmpty && magnitude.allSatisfy { $0.isASCII && $0.isNumber }
        if digits, number.hasPrefix("-"), magnitude.contains(where: { $0 != "0" }) {
            return "\(what): the event number must be 0 or more (#N in other outputs), found \(text)"
        }
        guard digits, !number.hasPrefix("-") else {
            return "\(what): the event number must be a whole number (#N in other outputs), found '\(text)'"
        }
        guard Int(number) != nil else { return "\(what): the event number must be at most \(Int.max), found \(text)" }
        return nil
    }

    /// An event number as given on the command line (`7`, `#7`), for argument parsing's
    /// `transform`: what follows `--` is not seen by ``mistake(in:)``.
    static func eventNumber(_ what: String) -> @Sendable (String) throws -> Int {
        { text in
            if let problem = eventNumberProblem(text, what: what) { throw ValidationError(problem) }
            guard let n = Int(text.hasPrefix("#") ? text.dropFirst() : Substring(text)) else { throw ValidationError("\(what): not an event number: \(text)") }
            return n
        }
    }

    /// Whether `text` is a whole number in form, whatever its size (`-12`, `99999999999999999999`).
    static func looksNumeric(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
