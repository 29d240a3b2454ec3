extension BuiltInScenarios {
    /// An iPad app tested on iOS 17 whose default sheet becomes a smaller formSheet from iOS 18
    /// (`other-ios-version`, DESIGN rule 12); an explicit style looks the same on every version.
    public static let sheetsByVersion = BuiltInScenario(
        key: "ipad-sheets-by-version",
        summary: "An iPad app on iOS 17.4 presents a settings sheet left at .automatic: a pageSheet there, a smaller formSheet from iOS 18 (other-ios-version); a composer with an explicit formSheet looks the same on every version.",
        json: """
        { "name": "iPad on iOS 17: default sheets change in iOS 18",
          "environment": { "idiom": "pad", "horizontalSizeClass": "regular", "iOS": "17.4" },
          "controllers": [
            { "id": "notes", "type": "NotesViewController", "title": "Notes" },
            { "id": "prefsNav", "type": "UINavigationController", "children": ["prefs"] },
            { "id": "prefs", "type": "SettingsViewController", "title": "Settings" },
            { "id": "composer", "type": "ComposeViewController", "title": "New Note", "modalPresentationStyle": "formSheet" } ],
          "windows": [ { "id": "notesWindow", "root": "notes", "key": true } ],
          "steps": [
            { "comment": "Left at .automatic: a pageSheet on iOS 17, a formSheet from iOS 18.",
              "present": "prefsNav", "from": "notes" },
            { "advance": 0.5 },
            { "dismiss": "prefs" },
            { "advance": 0.5 },
            { "comment": "An explicit formSheet: the same on every version.",
              "present": "composer", "from": "notes" },
            { "advance": 0.5 },
            { "dismiss": "composer" },
            { "advance": 0.5 } ] }
        """)
}
