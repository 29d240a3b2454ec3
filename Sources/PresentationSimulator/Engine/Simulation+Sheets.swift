@_spi(Package) import PresentationInspectorCore

extension Simulation {
    // MARK: Sheets

    /// The presented sheet `sheet` comes to rest at `detent` (nil: the smallest), dragged by the user
    /// or set by the app: records `sheet-detent-changed` (DESIGN "Sheets").
    public func selectDetent(_ detent: String?, in sheet: SimController) throws(SimulationError) {
        try selectDetent(detent, in: sheet, context: .main)
    }

    /// ``selectDetent(_:in:)``, the change reported in `context`.
    @_spi(Package) public func selectDetent(_ detent: String?, in sheet: SimController, context: CallContext) throws(SimulationError) {
        guard sheet.presenting != nil, let style = sheet.effectiveStyle else {
            throw SimulationError(key: "in", message: "\(sheet.id) is not presented, so it has no sheet to rest at a detent")
        }
        guard style.isSheet else {
            throw SimulationError(key: "in", message: "\(sheet.id) is presented as \(style.name), not as a sheet: only a page or form sheet (or a popover adapted to one) has detents")
        }
        if let detent, !sheet.detents.contains(detent) {
            throw SimulationError(key: "selectDetent", message: "\(sheet.id)'s sheet has no detent \"\(detent)\" (its detents: \(sheet.detents.joined(separator: ", ")))")
        }
        sheet.selectedDetent = detent
        handler.sheetDetentChanged(sheet: sheet, context: context)
    }
}
