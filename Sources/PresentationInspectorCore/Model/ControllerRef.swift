/// A snapshot that names one view controller in recorded data.
///
/// Recorded data never holds the controller itself: only this value, so recording can never
/// keep an app's controller alive.
public struct ControllerRef: Hashable, Sendable {
    /// The three strings, kept in one shared immutable object: a reference is one pointer wide,
    /// so an event (up to ten inline references with its observation) is about 400 bytes
    /// smaller, and copying a reference retains one object instead of three strings.
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let id: String
        @usableFromInline let type: String
        @usableFromInline let title: String?
        @usableFromInline init(id: String, type: String, title: String?) {
            self.id = id
            self.type = type
            self.title = title
        }
    }

    @usableFromInline var storage: Storage

    /// The scenario id in simulation, the object's address (`0x…`) on device.
    public var id: String {
        @inlinable get { storage.id }
        set { storage = Storage(id: newValue, type: storage.type, title: storage.title) }
    }
    /// The controller's class name, for example `UINavigationController`.
    public var type: String {
        @inlinable get { storage.type }
        set { storage = Storage(id: storage.id, type: newValue, title: storage.title) }
    }
    /// The controller's title, when it has one.
    public var title: String? {
        @inlinable get { storage.title }
        set { storage = Storage(id: storage.id, type: storage.type, title: newValue) }
    }

    /// Creates a reference.
    @inlinable public init(id: String, type: String, title: String? = nil) {
        storage = Storage(id: id, type: type, title: title)
    }

    /// Whether both name the same controller with the same type and title (a shared snapshot is
    /// equal without comparing its strings).
    @inlinable public static func == (lhs: ControllerRef, rhs: ControllerRef) -> Bool {
        let l = lhs.storage, r = rhs.storage
        return l === r || (l.id == r.id && l.type == r.type && l.title == r.title)
    }

    /// Hashes the id, type and title.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.id)
        hasher.combine(storage.type)
        hasher.combine(storage.title)
    }

    /// The form UIKit uses in its console messages: `<TypeName: id>`. Control characters in
    /// the type or id are written as escapes (`\n`, `\u{1B}`), as in ``label``.
    public var consoleDescription: String { "<\(VisibleText.escaped(type)): \(VisibleText.escaped(id))>" }

    /// A short human-readable label: `TypeName "Title" (id)`, on one line: control characters
    /// in the type, title or id (a line break in a title, an escape sequence in a log from
    /// elsewhere) are written as escapes (`\n`, `\u{1B}`).
    public var label: String { "\(label: self)" }
}

extension DefaultStringInterpolation {
    /// Appends `ref`'s ``ControllerRef/label`` in place: explanation sentences name several
    /// controllers on every recorded event, and a label made as a string of its own first, then
    /// copied into the sentence, cost a third of writing a log.
    mutating func appendInterpolation(label ref: ControllerRef) {
        appendLiteral(VisibleText.escaped(ref.type))
        let title = ref.title.map { VisibleText.escaped($0) } ?? ""
        if title.isEmpty {
            appendLiteral(" (")
        } else {
            appendLiteral(" \"")
            appendLiteral(title)
            appendLiteral("\" (")
        }
        appendLiteral(VisibleText.escaped(ref.id))
        appendLiteral(")")
    }
}

extension ControllerRef: CustomReflectable {
    /// The id, type and title as the reference's children, so that `print`, `dump`, test failure
    /// messages and the debugger's `po` show them as plain fields, not the shared storage object.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "type": type, "title": title as Any], displayStyle: .struct)
    }
}
