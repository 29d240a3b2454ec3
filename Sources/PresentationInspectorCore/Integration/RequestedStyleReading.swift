/// What an app asked for as `modalPresentationStyle`, from what a device lets the inspector see.
///
/// UIKit's getter does not return `.automatic`: "If this property has been set to
/// UIModalPresentationAutomatic, reading it will always return a concrete presentation style"
/// (UIViewController.h), a pageSheet before iOS 18 and a formSheet from it. The version table
/// (`other-ios-version`, a replay on another version) needs to know that the app left
/// `.automatic`, so the iOS layer watches the setter (observation only: it records the value and
/// calls UIKit's own) and decides here, where the rule is tested:
/// - a value the setter was seen receiving is what the app asked for (`.automatic` included);
/// - a class that overrides the getter (UIKit's system controllers, which "participate in the
///   resolution", or the app's own) answers for itself: what it reads;
/// - a controller from a storyboard may have had its style set without the setter: what it reads;
/// - otherwise no one set it, and UIViewController's default holds ("Defaults to
///   UIModalPresentationAutomatic on iOS starting in iOS 13.0", UIViewController.h) — when what it
///   reads is what `.automatic` maps to in `version`; anything else was set unseen: what it reads.
@_spi(Package) public enum RequestedStyleReading {
    @_spi(Package) public static func requested(seenSet: PresentationStyle?, read: PresentationStyle, classOverridesGetter: Bool,
                                               fromStoryboard: Bool, version: SystemVersion?) -> PresentationStyle {
        if let seenSet { return seenSet }
        if classOverridesGetter || fromStoryboard { return read }
        let automatic = UIKitVersions.automaticStyle.value(at: UIKitVersions.rulesVersion(for: version))
        return read == automatic ? .automatic : read
    }
}
