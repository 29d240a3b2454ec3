/// A snapshot that names one view controller in recorded data.
///
/// Recorded data never holds the controller itself: only this value, so recording can never
/// keep an app's controller alive.
public struct ControllerRef: Hashable, Sendable {
    /// The scenario id in simulation, the object's address (`0x…`) on device.
    public var id: String
    /// The controller's class name, for example `UINavigationController`.
    public var type: String
    /// The controller's title, when it has one.
    public var title: String?

    /// Creates a reference.
    public init(id: String, type: String, title: String? = nil) {
        self.id = id
        self.type = type
        self.title = title
    }

    /// The form UIKit uses in its console messages: `<TypeName: id>`.
    public var consoleDescription: String { "<\(type): \(id)>" }

    /// A short human-readable label: `TypeName "Title" (id)`.
    public var label: String {
        // Appends into one buffer sized up front: explanations use labels on every recorded
        // event, and interpolation cost twice as much here (issue 6 profile).
        var s = ""
        if let title, !title.isEmpty {
            s.reserveCapacity(type.utf8.count + title.utf8.count + id.utf8.count + 6)
            s += type; s += " \""; s += title; s += "\" ("; s += id; s += ")"
        } else {
            s.reserveCapacity(type.utf8.count + id.utf8.count + 3)
            s += type; s += " ("; s += id; s += ")"
        }
        return s
    }
}
