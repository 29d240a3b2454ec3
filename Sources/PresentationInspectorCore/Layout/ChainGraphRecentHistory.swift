/// The history graph a live view keeps: the recent part of the recording, so that its size does
/// not grow with every controller the app ever presented.
extension ChainGraph {
    /// The most controllers ``recentHistory(events:maxControllers:)`` keeps.
    @_spi(Package) public static let recentHistoryLimit = ChainGraph.drawnNodeLimit

    /// The history graph (``make(events:at:)`` without `at`) of the longest run of latest events
    /// that names at most `maxControllers` controllers, and at least the latest event. When older
    /// events are left out, ``note`` says from which event the history starts.
    /// - Parameters:
    ///   - events: A recording, oldest first.
    ///   - maxControllers: The most controllers the kept events may name (at least 1).
    @_spi(Package) public static func recentHistory(events: [Event], maxControllers: Int = recentHistoryLimit) -> ChainGraph {
        var named = Set<String>()
        var start = events.endIndex
        while start > events.startIndex {
            let ids = events[start - 1].controllers.map(\.id)
            let added = Set(ids).subtracting(named).count
            if start < events.endIndex && named.count + added > max(maxControllers, 1) { break }
            named.formUnion(ids)
            start -= 1
        }
        var graph = make(events: Array(events[start...]))
        if start > events.startIndex {
            graph.note = "history since event #\(events[start].seq): \(groupedThousands(start - events.startIndex)) older events not drawn"
        }
        return graph
    }
}
