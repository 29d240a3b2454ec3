/// One window's presentation chain at a moment: what `pi chain` and the overlay show.
public struct WindowChain: Hashable, Sendable {
    public var id: String
    public var level: Double
    public var isKey: Bool
    /// The window's root, then each presented controller, root first.
    public var chain: [ControllerRef]

    public init(id: String, level: Double, isKey: Bool, chain: [ControllerRef]) {
        self.id = id; self.level = level; self.isKey = isKey; self.chain = chain
    }
}
