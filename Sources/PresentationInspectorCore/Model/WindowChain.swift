/// One window's presentation chain at a moment: what `pi chain` and the overlay show.
public struct WindowChain: Hashable, Sendable {
    /// The window's identifier in the recording.
    public var id: String
    /// The window's `windowLevel`.
    public var level: Double
    /// Whether it is the key window.
    public var isKey: Bool
    /// The window's root, then each presented controller, root first (an event's `chain`: with
    /// presentations in several branches, one branch's after the other's).
    public var chain: [ControllerRef]
    /// Each entry's presentation level, parallel to ``chain``: 0 for the root, one more than the
    /// level of the tree its presenting controller sits in for a presented controller. Two
    /// presentations side by side (the navigation controllers of a split, each defining its
    /// context) share a level, so a view draws them as siblings, not one above the other.
    public var levels: [Int]
    /// The sheet each entry is presented in, parallel to ``chain`` (nil for the root and for any
    /// other presentation), with the model's reading: what `pi chain` shows of detents and of the
    /// controllers that stay interactive below an undimmed sheet.
    public var sheets: [SheetState?]

    /// A window's chain; without `levels` (or with a count that does not match `chain`), the
    /// entries are taken as one stack: the level of each is its position. Without `sheets` (or
    /// with a count that does not match), no entry is known to be a sheet.
    public init(id: String, level: Double, isKey: Bool, chain: [ControllerRef], levels: [Int]? = nil, sheets: [SheetState?]? = nil) {
        self.id = id; self.level = level; self.isKey = isKey; self.chain = chain
        if let levels, levels.count == chain.count { self.levels = levels } else { self.levels = Array(chain.indices) }
        if let sheets, sheets.count == chain.count { self.sheets = sheets } else { self.sheets = Array(repeating: nil, count: chain.count) }
    }
}
