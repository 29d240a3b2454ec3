"""Shared setup for the plugin's tests: the plugin's folder on sys.path, and sample replies
shaped exactly like the entry points' (copied from an InspectorDemo run)."""

import json
import os
import sys

PLUGIN_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ROOT = os.path.abspath(os.path.join(PLUGIN_DIR, "..", ".."))
if PLUGIN_DIR not in sys.path:
    sys.path.insert(0, PLUGIN_DIR)

HEADER = ('{"format":"presentation-inspector-log","version":1,"created":"2026-01-01T00:00:00.000Z",'
          '"app":{"name":"InspectorDemo"},"device":{"model":"simulated"}}')

PICKER_PRESENT = {
    "seq": 7, "time": 3.35, "thread": "main", "kind": "present", "outcome": "presented", "animated": True,
    "window": "camera-window",
    "source": {"id": "library", "type": "PhotoLibraryViewController", "title": "Photos"},
    "presented": {"id": "peoplePicker", "type": "ABPeoplePickerNavigationController", "title": "People"},
    "presenting": {"id": "photos", "type": "UINavigationController"},
    "contextProvider": {"id": "photos", "type": "UINavigationController"},
    "requestedStyle": "automatic", "effectiveStyle": "pageSheet",
    "requestedTransition": "coverVertical", "effectiveTransition": "coverVertical",
    "explanation": ["The presentation root of PhotoLibraryViewController is UINavigationController (photos).",
                    "Style pageSheet is not a context style: UINavigationController (photos) presents."],
    "diagnostics": [],
    "chain": [{"id": "camera", "type": "CameraViewController", "title": "Camera"},
              {"id": "photos", "type": "UINavigationController"},
              {"id": "peoplePicker", "type": "ABPeoplePickerNavigationController", "title": "People"}],
}

SHARE_REJECTED = {
    "seq": 13, "time": 4.85, "thread": "main", "kind": "present", "outcome": "rejected", "animated": True,
    "source": {"id": "library", "type": "PhotoLibraryViewController", "title": "Photos"},
    "presented": {"id": "share", "type": "UIActivityViewController"},
    "presenting": {"id": "photos", "type": "UINavigationController"},
    "contextProvider": {"id": "photos", "type": "UINavigationController"},
    "requestedStyle": "automatic", "effectiveStyle": "pageSheet",
    "diagnostics": [{"code": "already-presenting", "severity": "warning",
                     "message": "Attempt to present <UIActivityViewController: share> on <UINavigationController: photos> "
                                "(from <PhotoLibraryViewController: library>) which is already presenting "
                                "<ABPeoplePickerNavigationController: peoplePicker>."}],
    "chain": [],
}

CAMERA_DISMISS = {
    "seq": 14, "time": 4.85, "thread": "main", "kind": "dismiss", "outcome": "dismissed", "animated": True,
    "receiver": {"id": "camera", "type": "CameraViewController", "title": "Camera"},
    "handledBy": {"id": "camera", "type": "CameraViewController", "title": "Camera"},
    "dismissed": ["peoplePicker", "photos"],
    "dismissedControllers": [{"id": "peoplePicker", "type": "ABPeoplePickerNavigationController", "title": "People"},
                             {"id": "photos", "type": "UINavigationController"}],
    "forwarded": False, "diagnostics": [], "chain": [{"id": "camera", "type": "CameraViewController", "title": "Camera"}],
}


def line(event):
    """One compact JSONL line, as the Swift writer prints it."""
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


def events_reply(*events, dropped=0):
    header = json.loads(HEADER)
    if dropped:
        header["dropped"] = dropped
    return "\n".join([line(header)] + [line(e) for e in events]) + "\n"
