extension Event {
    /// Whether the event names a controller by id, type name or title: the match behind
    /// `pi events --controller` and `pinspect timeline --controller`, so a developer can use
    /// whatever they read on screen ("Photos") as well as what the log calls it ("library").
    ///
    /// Ids and type names match as ``mentions(_:)`` does; titles are compared exactly, on every
    /// controller the event names and on its chain and ancestry.
    public func names(controller idTypeOrTitle: String) -> Bool {
        if mentions(idTypeOrTitle) { return true }
        return controllers.contains { $0.title == idTypeOrTitle } || chain.contains { $0.title == idTypeOrTitle }
            || ancestry.contains { $0.title == idTypeOrTitle }
    }
}
