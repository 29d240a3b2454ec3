import ArgumentParser
@_spi(Package) import PresentationInspectorCore

/// `pinspect uikit-versions`: the rules of UIKit's that changed between iOS versions, as the
/// model applies them, with Apple's words for each (DESIGN "UIKit by iOS version" shows this output).
struct UIKitVersionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uikit-versions",
        abstract: "Print the UIKit rules that depend on the iOS version, with their sources.",
        discussion: """
        Each rule lists, from each iOS version on, what the model applies, then the page or
        SDK header that states it (in its own words) and what the model does with it. The
        model follows the version a log's events name (rulesIOS) or a scenario's
        environment.iOS; without one, the newest modelled.
        """)

    func run() throws {
        try writeStandardOutput(Self.text)
    }

    /// The table as the command prints it.
    static var text: String {
        var out = "Modelled: iOS \(UIKitVersions.oldestSupported) (the package's deployment target) to iOS \(UIKitVersions.newestModelled); a newer iOS follows the newest rules.\n"
        for rule in UIKitVersions.table {
            out += "\n\(rule.name)\n"
            for row in rule.rows { out += "  from iOS \(row.since): \(row.value)\n" }
            for e in rule.evidence { out += "  source: \(e.source) (\(e.location)): \"\(e.quote)\"\n" }
            out += "  model: \(rule.note)\n"
        }
        return out
    }
}
