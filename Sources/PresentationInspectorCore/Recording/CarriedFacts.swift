/// What the events a ``Recorder``'s ring dropped said that still holds, given to the oldest event
/// it keeps when read: each controller's facts (recorded once, then only their changes, so a ring
/// that forgot them would leave a replay nothing to rebuild from) and the presentations still
/// standing (``ControllerFacts/presentedBy``, ``ControllerFacts/presentedAs``). Kept beside the
/// ring, one entry per controller, so a drop costs a few dictionary updates, not a copy of a list.
struct CarriedFacts {
    /// The most controllers it keeps (``ControllerFactsTracker/capacity``): past that it forgets
    /// them all, as the tracker does.
    static let capacity = ControllerFactsTracker.capacity

    private var facts: [String: ControllerFacts] = [:]
    /// The controllers in the order the log first named them.
    private var order: [String] = []

    var isEmpty: Bool { facts.isEmpty }

    /// `newer` read after what is kept, as a reader of the log reads it: a controller that left its
    /// parent is no longer among that parent's children.
    mutating func merge(_ newer: ControllerFacts) {
        guard let before = facts[newer.id] else {
            if facts.count >= Self.capacity { removeAll() }
            facts[newer.id] = newer
            order.append(newer.id)
            return
        }
        facts[newer.id] = before.updated(by: newer)
        if let old = before.parent, old != newer.parent, let list = facts[old]?.children {
            facts[old]?.children = list.filter { $0 != newer.id }
        }
    }

    /// `presented` was presented by `presenter` with `style` in effect.
    mutating func present(_ presented: ControllerRef, by presenter: String?, as style: PresentationStyle?) {
        if facts[presented.id] == nil { merge(ControllerFacts(id: presented.id, type: presented.type, title: presented.title)) }
        facts[presented.id]?.presentedBy = presenter
        facts[presented.id]?.presentedAs = presenter == nil ? nil : style
    }

    /// The style a presentation adapted to when its transition ended.
    mutating func adapt(_ id: String, to style: PresentationStyle) {
        if facts[id]?.presentedBy != nil { facts[id]?.presentedAs = style }
    }

    /// `ids` are presented no more.
    mutating func remove(_ ids: [String]) {
        for id in ids where facts[id]?.presentedBy != nil {
            facts[id]?.presentedBy = nil
            facts[id]?.presentedAs = nil
        }
    }

    /// The oldest kept event's facts: everything carried, then its own (newer) over them.
    func given(to own: [ControllerFacts]) -> [ControllerFacts] {
        guard !facts.isEmpty else { return own }
        var out = order.compactMap { facts[$0] }
        for f in own { out.merge(f) }
        return out
    }

    mutating func removeAll() {
        facts.removeAll()
        order.removeAll()
    }
}
