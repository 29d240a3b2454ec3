// The product apps import. It re-exports the portable core; on iOS the UIKit layer
// (hooks, overlay, FLEX integration) lives beside this file.
@_exported import PresentationInspectorCore
