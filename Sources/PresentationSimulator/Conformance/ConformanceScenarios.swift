/// Scenarios only the conformance run uses, besides every built-in one: what the built-in
/// scenarios show in one size class, checked against UIKit in the other.
public enum ConformanceScenarios {
    /// UIKit's own controllers on an iPad: an alert, an action sheet and a share sheet with
    /// anchors, then an action sheet and a share sheet without one. UIKit raises for the last
    /// two, so the run leaves them out and lists them with the model's rejection
    /// (`popover-without-anchor`); the built-in `iphone-action-sheets` shows the same presents
    /// going ahead in compact width.
    public static let iPadSystemControllers = BuiltInScenario(
        key: "ipad-action-sheets",
        summary: "On an iPad an alert, an action sheet anchored to a bar button and a share sheet anchored to a view are shown and dismissed; an action sheet and a share sheet without anchors are rejected (UIKit raises: left out of the run).",
        json: """
        { "name": "iPad: alerts, action sheets and share sheets",
          "environment": { "idiom": "pad", "horizontalSizeClass": "regular" },
          "controllers": [
            { "id": "padPhotoNav", "type": "UINavigationController", "children": ["padPhoto"] },
            { "id": "padPhoto", "type": "PhotoViewController", "title": "Photo" },
            { "id": "padUploadFailed", "type": "UIAlertController", "preferredStyle": "alert", "title": "Upload Failed" },
            { "id": "padPhotoActions", "type": "UIAlertController", "preferredStyle": "actionSheet",
              "popoverAnchor": "barButtonItem", "title": "Delete Photo?" },
            { "id": "padShareAnchored", "type": "UIActivityViewController", "popoverAnchor": "sourceView" },
            { "id": "padMoreActions", "type": "UIAlertController", "preferredStyle": "actionSheet" },
            { "id": "padShare", "type": "UIActivityViewController" } ],
          "windows": [ { "id": "padPhotos", "root": "padPhotoNav", "key": true } ],
          "steps": [
            { "comment": "An alert: UIKit's own presentation, never a popover or a sheet.",
              "present": "padUploadFailed", "from": "padPhoto" },
            { "advance": 0.5 },
            { "dismiss": "padUploadFailed" },
            { "advance": 0.5 },
            { "comment": "An anchored action sheet: a popover.", "present": "padPhotoActions", "from": "padPhoto" },
            { "advance": 0.5 },
            { "dismiss": "padPhotoActions" },
            { "advance": 0.5 },
            { "comment": "An anchored share sheet: a popover.", "present": "padShareAnchored", "from": "padPhoto" },
            { "advance": 0.5 },
            { "dismiss": "padShareAnchored" },
            { "advance": 0.5 },
            { "comment": "No anchor: UIKit raises (popover-without-anchor).", "present": "padMoreActions", "from": "padPhoto" },
            { "comment": "No anchor: UIKit raises (popover-without-anchor).", "present": "padShare", "from": "padPhoto" } ] }
        """)

    /// Every conformance-only scenario.
    public static let all: [BuiltInScenario] = [iPadSystemControllers]
}
