import Foundation

extension ControllerRef {
    /// Whether `name` names this controller: its id exactly, or its title or type name
    /// ignoring case (`Photos`, `photos` and `PHOTOS` all name a controller titled "Photos").
    @_spi(Package) public func isNamed(_ name: String) -> Bool {
        if id == name { return true }
        if type.caseInsensitiveCompare(name) == .orderedSame { return true }
        if let title, title.caseInsensitiveCompare(name) == .orderedSame { return true }
        return false
    }
}

extension Event {
    /// Whether the event names a controller by id, type name or title: the match behind
    /// `pi events --controller` and `pinspect timeline --controller`, so a developer can use
    /// whatever they read on screen ("Photos") as well as what the log calls it ("library").
    ///
    /// Ids match exactly; titles and type names ignoring case (``ControllerRef/isNamed(_:)``),
    /// on every controller the event names and on its chain and ancestry.
    @_spi(Package) public func names(controller idTypeOrTitle: String) -> Bool {
        controllers.contains { $0.isNamed(idTypeOrTitle) } || chain.contains { $0.isNamed(idTypeOrTitle) }
            || ancestry.contains { $0.isNamed(idTypeOrTitle) }
    }
}
