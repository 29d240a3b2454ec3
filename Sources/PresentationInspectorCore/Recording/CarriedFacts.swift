/// What the events a ``Recorder``'s ring dropped said that still holds, given to the oldest event
/// it keeps when read: each controller's facts (recorded once, then only their changes, so a ring
/// that forgot them would leave a replay nothing to rebuild from) and the presentations still
/// standing (``ControllerFacts/presentedBy``, ``ControllerFacts/presentedAs``). Kept beside the
/// ring, one entry per controller, so a drop costs a few dictionary updates, not a copy of a list.
struct CarriedFacts {
    /// The most controllers it keeps (``ControllerFactsTracker/capacity``): past that it forgets
    /// them all, as the tracker does.
    static let capacity = ControllerFactsTracker.capacity

    /// The controllers in the order the log first named them, and where each is in that list: a
    /// dictionary of the facts themselves keeps about twice as many buckets as entries, each as
    /// large as the facts (~170 bytes), and a full ring pays for these once it drops events.
    private var facts: [ControllerFacts] = []
    private var index: [String: Int] = [:]

    /// How many controllers it carries (tests: bounded however many events the ring replaces).
    var count: Int { facts.count }

    var isEmpty: Bool { facts.isEmpty }

    /// `newer` read after what is kept, as a reader of the log reads it: a controller that left its
    /// parent is no longer among that parent's children.
    mutating func merge(_ newer: ControllerFacts) {
        guard let i = index[newer.id] else {
            if facts.count >= Self.capacity { removeAll() }
            index[newer.id] = facts.count
            facts.append(newer)
            return
        }
        let before = facts[i]
        facts[i] = before.updated(by: newer)
        if let old = before.parent, old != newer.parent, let j = index[old], let list = facts[j].children {
            facts[j].children = list.filter { $0 != newer.id }
        }
    }

    /// `presented` was presented by `presenter` with `style` in effect.
    mutating func present(_ presented: ControllerRef, by presenter: String?, as style: PresentationStyle?) {
        if index[presented.id] == nil { merge(ControllerFacts(id: presented.id, type: presented.type, title: presented.title)) }
        guard let i = index[presented.id] else { return }
        facts[i].presentedBy = presenter
        facts[i].presentedAs = presenter == nil ? nil : style
    }

    /// The style a presentation adapted to when its transition ended.
    mutating func adapt(_ id: String, to style: PresentationStyle) {
        if let i = index[id], facts[i].presentedBy != nil { facts[i].presentedAs = style }
    }

    /// `ids` are presented no more.
    mutating func remove(_ ids: [String]) {
        for id in ids {
            guard let i = index[id], facts[i].presentedBy != nil else { continue }
            facts[i].presentedBy = nil
            facts[i].presentedAs = nil
        }
    }

    /// The oldest kept event's facts: everything carried, then its own (newer) over them.
    func given(to own: [ControllerFacts]) -> [ControllerFacts] {
        guard !facts.isEmpty else { return own }
        var out = facts
        for f in own { out.merge(f) }
        return out
    }

    mutating func removeAll() {
        facts.removeAll()
        index.removeAll()
    }
}
