/// What is known of a popover's anchor (`sourceView` with `sourceRect`, `sourceItem` or
/// `barButtonItem`) where it is read.
///
/// An anchor lives on the controller's popover presentation controller, which UIKit makes
/// lazily: reading it too early creates it (`PopoverReading`). Where it cannot be read without
/// changing the app, or does not exist, the anchor is unknown, which is not the same as missing.
public enum PopoverAnchorState: String, Sendable, CaseIterable {
    /// Its popover presentation controller has an anchor.
    case anchored
    /// Its popover presentation controller has none.
    case missing
    /// There was no popover presentation controller to read.
    case unknown
}
