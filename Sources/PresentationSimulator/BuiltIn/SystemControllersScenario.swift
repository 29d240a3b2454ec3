extension BuiltInScenarios {
    /// UIKit's own controllers on an iPhone: an alert, an anchored action sheet, and an action
    /// sheet and a share sheet without anchors, which an iPad would raise for.
    public static let systemControllers = BuiltInScenario(
        key: "iphone-action-sheets",
        summary: "On an iPhone a photo screen shows an alert after a failed upload, an action sheet anchored to its bar button, then an action sheet and a share sheet without anchors: all four appear on the iPhone, and other-size-class says an iPad would crash on the last two (DESIGN \"System controllers\").",
        json: """
        { "name": "Photos: alerts, action sheets and a share sheet on iPhone",
          "environment": { "idiom": "phone" },
          "controllers": [
            { "id": "photoNav", "type": "UINavigationController", "children": ["photo"] },
            { "id": "photo", "type": "PhotoViewController", "title": "Photo" },
            { "id": "uploadFailed", "type": "UIAlertController", "preferredStyle": "alert", "title": "Upload Failed" },
            { "id": "photoActions", "type": "UIAlertController", "preferredStyle": "actionSheet",
              "popoverAnchor": "barButtonItem", "title": "Delete Photo?" },
            { "id": "moreActions", "type": "UIAlertController", "preferredStyle": "actionSheet" },
            { "id": "photoShare", "type": "UIActivityViewController" } ],
          "windows": [ { "id": "photos", "root": "photoNav", "key": true } ],
          "steps": [
            { "comment": "A network callback reports the failed upload: an alert is UIKit's own presentation in every width, never a sheet.",
              "present": "uploadFailed", "from": "photo", "animated": false },
            { "comment": "OK: the alert dismisses itself; UIKit forwards to the presenting controller.", "dismiss": "uploadFailed", "animated": false },
            { "comment": "The trash button: an action sheet anchored to it (barButtonItem), right on every device.",
              "present": "photoActions", "from": "photo", "animated": false },
            { "dismiss": "photoActions", "animated": false },
            { "comment": "A long press: an action sheet without an anchor. It appears on the iPhone; on an iPad it is a popover and UIKit raises (other-size-class).",
              "present": "moreActions", "from": "photo", "animated": false },
            { "dismiss": "moreActions", "animated": false },
            { "comment": "Share without an anchor: presented modally on the iPhone; an iPad raises (other-size-class).",
              "present": "photoShare", "from": "photo", "animated": false },
            { "dismiss": "photoShare", "animated": false } ] }
        """)
}
