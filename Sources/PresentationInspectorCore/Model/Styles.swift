/// `UIModalPresentationStyle`, with UIKit's raw values.
public enum PresentationStyle: Int, CaseIterable, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2

    /// The name used in scenario files and logs (the Swift case name).
    public var name: String {
        switch self {
        case .fullScreen: "fullScreen"
        case .pageSheet: "pageSheet"
        case .formSheet: "formSheet"
        case .currentContext: "currentContext"
        case .custom: "custom"
        case .overFullScreen: "overFullScreen"
        case .overCurrentContext: "overCurrentContext"
        case .popover: "popover"
        case .none: "none"
        case .automatic: "automatic"
        }
    }

    /// Parses a name as written by ``name``.
    public init?(name: String) {
        guard let style = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = style
    }

    /// Whether the presenting controller is found through `definesPresentationContext`.
    public var isContextStyle: Bool { self == .currentContext || self == .overCurrentContext }

    /// Whether the presented view is drawn over the presenting one, which stays in the window.
    /// `fullScreen` and `currentContext` remove the covered views once the transition ends.
    public var keepsCoveredViewsInWindow: Bool { !(self == .fullScreen || self == .currentContext) }

    /// Whether the style is a sheet that the user can swipe down.
    public var isSheet: Bool { self == .pageSheet || self == .formSheet }

    /// Whether the model predicts this style in effect where the height is compact or not: there
    /// Apple documents that a sheet "defaults to a full screen appearance", not the style UIKit
    /// reports, so a sheet's style is observed only.
    @_spi(Package) public func isPredicted(inCompactHeight: Bool) -> Bool { !(inCompactHeight && isSheet) }
}

/// `UIModalTransitionStyle`, with UIKit's raw values, and the zoom of `preferredTransition`.
public enum TransitionStyle: Int, CaseIterable, Sendable {
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    case partialCurl = 3
    /// `UIViewController.preferredTransition`'s zoom (iOS 18 and later): no `UIModalTransitionStyle`
    /// has it, so its raw value is the package's own, outside UIKit's.
    case zoom = 100

    /// The name used in scenario files and logs.
    public var name: String {
        switch self {
        case .coverVertical: "coverVertical"
        case .flipHorizontal: "flipHorizontal"
        case .crossDissolve: "crossDissolve"
        case .partialCurl: "partialCurl"
        case .zoom: "zoom"
        }
    }

    /// The four styles `modalTransitionStyle` can hold (not ``zoom``).
    @_spi(Package) public static let modalStyles: [TransitionStyle] = [.coverVertical, .flipHorizontal, .crossDissolve, .partialCurl]

    /// Parses a name as written by ``name``.
    public init?(name: String) {
        guard let style = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = style
    }
}

/// A size class of the environment a presentation happens in: horizontal or vertical, or the
/// one the presentation rules see (compact where the width or the height is).
public enum SizeClass: String, Sendable, CaseIterable {
    case compact, regular

    /// The size class the presentation rules see: compact when the width or the height is, since a
    /// popover "for horizontally or vertically compact environments … behaves the same as
    /// formSheet" (Apple, UIModalPresentationStyle.popover); regular when both are (an iPad).
    @_spi(Package) public static func rulesSee(horizontal: SizeClass, vertical: SizeClass) -> SizeClass {
        horizontal == .compact || vertical == .compact ? .compact : .regular
    }
}
