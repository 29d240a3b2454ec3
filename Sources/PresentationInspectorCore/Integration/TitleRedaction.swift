import Foundation

/// Removes controller titles from recorded data before it leaves the app.
///
/// Titles can hold user data (a contact's name, a document's title). Redaction drops the
/// `title` of every controller reference and rewrites the sentences that quoted it
/// (explanation steps and diagnostic messages use ``ControllerRef/label``), so no title
/// survives anywhere in an exported event.
@_spi(Package) public enum TitleRedaction {
    /// `ref` without its title.
    @_spi(Package) public static func redact(_ ref: ControllerRef) -> ControllerRef {
        ControllerRef(id: ref.id, type: ref.type, title: nil)
    }

    /// `event` with every title removed, including from its sentences.
    @_spi(Package) public static func redact(_ event: Event) -> Event {
        let titled = event.controllers + event.chain + event.ancestry + (event.observed.map(\.controllers) ?? [])
        var e = event.mappingControllers(redact)
        let replacements = labelReplacements(titled)
        if !replacements.isEmpty {
            e.explanation = e.explanation.map { rewrite($0, replacements) }
            e.diagnostics = e.diagnostics.map { d in
                var d = d
                d.message = rewrite(d.message, replacements)
                return d
            }
        }
        return e
    }

    /// Every event redacted.
    @_spi(Package) public static func redact(_ events: [Event]) -> [Event] { events.map(redact) }

    /// `chain` with every title removed.
    @_spi(Package) public static func redact(_ chain: WindowChain) -> WindowChain {
        var c = chain
        c.chain = c.chain.map(redact)
        return c
    }

    /// Label with title → label without, longest first so a label containing another is
    /// rewritten whole.
    private static func labelReplacements(_ refs: [ControllerRef]) -> [(String, String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        for ref in refs where ref.title.map({ !$0.isEmpty }) ?? false {
            let label = ref.label
            if seen.insert(label).inserted { out.append((label, redact(ref).label)) }
        }
        return out.sorted { $0.0.count > $1.0.count }
    }

    private static func rewrite(_ text: String, _ replacements: [(String, String)]) -> String {
        var t = text
        for (from, to) in replacements where t.contains(from) {
            t = t.replacingOccurrences(of: from, with: to)
        }
        return t
    }
}
