/// One window's presentation chain at a moment: what `pi chain` and the overlay show.
public struct WindowChain: Hashable, Sendable {
    /// The window's identifier in the recording.
    public var id: String
    /// The window's `windowLevel`.
    public var level: Double
    /// Whether it is the key window.
    public var isKey: Bool
    /// The window's root, then each presented controller, root first.
    public var chain: [ControllerRef]

    /// A chain with every field given.
    public init(id: String, level: Double, isKey: Bool, chain: [ControllerRef]) {
        self.id = id; self.level = level; self.isKey = isKey; self.chain = chain
    }
}
