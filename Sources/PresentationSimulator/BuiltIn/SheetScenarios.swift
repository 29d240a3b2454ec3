extension BuiltInScenarios {
    /// A map under a drawer sheet that rests undimmed at its medium detent: the map's button stays
    /// within the user's reach and presents again, UIKit refuses ("already presenting"), and the
    /// diagnosis says why (DESIGN "Sheets"); dragged to large, the drawer dims the map; the fix
    /// presents from the drawer.
    public static let drawer = BuiltInScenario(
        key: "map-drawer",
        summary: "An iPhone map app on iOS 17 keeps a drawer sheet undimmed at its medium detent: the map stays interactive, its place button presents again and UIKit refuses (already-presenting, with the undimmed sheet's story); dragged to large the drawer dims the map; presenting from the drawer works.",
        json: """
        { "name": "Map under an undimmed drawer",
          "environment": { "idiom": "phone", "iOS": "17.4" },
          "controllers": [
            { "id": "map", "type": "MapViewController", "title": "Map" },
            { "id": "drawer", "type": "PlacesDrawerViewController", "title": "Places", "modalPresentationStyle": "pageSheet",
              "detents": ["medium", "large"], "selectedDetent": "medium", "largestUndimmedDetent": "medium",
              "prefersGrabberVisible": true, "isModalInPresentation": false },
            { "id": "placeCard", "type": "PlaceCardViewController", "title": "Coffee Bar", "modalPresentationStyle": "pageSheet",
              "detents": ["medium"] } ],
          "windows": [ { "id": "mapWindow", "root": "map", "key": true } ],
          "steps": [
            { "comment": "The drawer rests at medium, undimmed: the map below stays interactive.",
              "present": "drawer", "from": "map" },
            { "advance": 0.5 },
            { "comment": "The user taps a pin on the map: the map presents while it already presents the drawer.",
              "present": "placeCard", "from": "map" },
            { "advance": 0.5 },
            { "comment": "The user drags the drawer up: at large it dims the map.",
              "selectDetent": "large", "in": "drawer" },
            { "advance": 0.5 },
            { "selectDetent": "medium", "in": "drawer" },
            { "advance": 0.5 },
            { "comment": "The fix: present from the drawer, the top of the chain.",
              "present": "placeCard", "from": "drawer" },
            { "advance": 0.5 },
            { "dismiss": "placeCard" },
            { "advance": 0.5 } ] }
        """)
}
