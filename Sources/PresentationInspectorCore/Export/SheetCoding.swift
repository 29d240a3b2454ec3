/// The log form of ``SheetState``: an event's `sheet` object (docs/FORMATS.md).
extension EventCoding {
    /// The most detents one sheet's object may list: far beyond any real sheet.
    static let maximumSheetDetents = 1_000

    /// Writes `"sheet":{…}` when the event records a sheet.
    static func writeSheet(_ s: SheetState?, _ w: inout JSONWriter) {
        guard let s else { return }
        w.key("sheet")
        writeSheetObject(s, &w)
    }

    /// Writes a sheet's object (`{"detents":[…],…}`).
    @_spi(Package) public static func writeSheetObject(_ s: SheetState, _ w: inout JSONWriter) {
        w.beginObject()
        w.key("detents"); w.beginArray()
        for d in s.detents { w.string(d) }
        w.endArray()
        if let v = s.selectedDetent { w.field("selectedDetent", v) }
        if let v = s.largestUndimmedDetent { w.field("largestUndimmedDetent", v) }
        w.field("prefersGrabberVisible", s.prefersGrabberVisible)
        w.field("prefersEdgeAttachedInCompactHeight", s.prefersEdgeAttachedInCompactHeight)
        if let v = s.prefersPageSizing { w.field("prefersPageSizing", v) }
        if let v = s.appearance { w.field("appearance", v.rawValue) }
        if let v = s.background { w.field("background", v.rawValue) }
        w.endObject()
    }

    /// Reads an event's `sheet`; unknown members are ignored like unknown event fields, known ones
    /// are checked. A missing `detents` is UIKit's default (`[large]`), a missing boolean false.
    static func decodeSheet(_ value: JSONValue) throws(EventDecodingError) -> SheetState? {
        if value == .null { return nil }
        guard let o = value.objectValue else {
            throw EventDecodingError(key: "sheet", message: "expected an object, found \(value.typeDescription)")
        }
        let members = ObjectMembers(object: o, path: "sheet")
        var s = SheetState()
        if let v = o["detents"], v != .null {
            guard let a = v.arrayValue, a.count <= maximumSheetDetents else {
                throw EventDecodingError(key: "sheet.detents", message: "expected an array of at most \(maximumSheetDetents) detent identifiers, found \(v.typeDescription)")
            }
            var detents: [String] = []
            detents.reserveCapacity(a.count)
            for (i, d) in a.enumerated() {
                guard let id = d.stringValue else { throw EventDecodingError(key: "sheet.detents[\(i)]", message: "expected a string, found \(d.typeDescription)") }
                detents.append(id)
            }
            s.detents = detents
        }
        s.selectedDetent = try members.string("selectedDetent")
        s.largestUndimmedDetent = try members.string("largestUndimmedDetent")
        s.prefersGrabberVisible = try members.bool("prefersGrabberVisible") ?? false
        s.prefersEdgeAttachedInCompactHeight = try members.bool("prefersEdgeAttachedInCompactHeight") ?? false
        s.prefersPageSizing = try members.bool("prefersPageSizing")
        s.appearance = try members.named("appearance", SheetAppearance.init(rawValue:), SheetAppearance.allCases.map(\.rawValue))
        s.background = try members.named("background", SheetBackground.init(rawValue:), SheetBackground.allCases.map(\.rawValue))
        return s
    }
}
