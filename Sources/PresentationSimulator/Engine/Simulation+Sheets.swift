@_spi(Package) import PresentationInspectorCore

extension Simulation {
    // MARK: Sheets

    /// The presented sheet `sheet` comes to rest at `detent` (nil: the smallest), dragged by the user
    /// or set by the app: records `sheet-detent-changed` (DESIGN "Sheets").
    public func selectDetent(_ detent: String?, in sheet: SimController) throws(SimulationError) {
        try selectDetent(detent, in: sheet, context: .main)
    }

    /// ``selectDetent(_:in:)``, the change reported in `context`.
    /// A controller not presented as a sheet has no sheet on screen to rest anywhere: the step changes
    /// its `selectedDetent` only (as an app's setter would), records nothing, and the console says so.
    @_spi(Package) public func selectDetent(_ detent: String?, in sheet: SimController, context: CallContext) throws(SimulationError) {
        guard sheet.presenting != nil, let style = sheet.effectiveStyle, style.isSheet else {
            if let detent, !sheet.detents.contains(detent) {
                throw SimulationError(key: "selectDetent", message: "\(sheet.id)'s sheet has no detent \"\(detent)\" (its detents: \(sheet.detents.joined(separator: ", ")))")
            }
            sheet.selectedDetent = detent
            let shown = sheet.presenting == nil ? "is not presented" : "is presented as \(sheet.effectiveStyle?.name ?? "?"), not as a sheet"
            log("selectDetent on \(sheet.ref.consoleDescription) ignored: it \(shown), so no sheet rests at a detent.")
            return
        }
        if let detent, !sheet.detents.contains(detent) {
            throw SimulationError(key: "selectDetent", message: "\(sheet.id)'s sheet has no detent \"\(detent)\" (its detents: \(sheet.detents.joined(separator: ", ")))")
        }
        sheet.selectedDetent = detent
        handler.sheetDetentChanged(sheet: sheet, context: context)
    }
}
