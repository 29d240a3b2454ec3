/// A point in layout coordinates (points; y grows downwards, as in UIKit and SVG).
@_spi(Package) public struct LayoutPoint: Hashable, Sendable {
    /// Horizontal coordinate (left edge for rectangles).
    @_spi(Package) public var x: Double
    /// Vertical coordinate, growing downwards (top edge for rectangles).
    @_spi(Package) public var y: Double

    /// Creates a point.
    @_spi(Package) public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A size in layout coordinates.
@_spi(Package) public struct LayoutSize: Hashable, Sendable {
    /// Horizontal extent.
    @_spi(Package) public var width: Double
    /// Vertical extent.
    @_spi(Package) public var height: Double

    /// Creates a size.
    @_spi(Package) public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// An axis-aligned rectangle in layout coordinates.
///
/// The layouts use their own geometry types so that the core stays free of any UI framework;
/// the iOS overlay converts them to `CGRect`.
@_spi(Package) public struct LayoutRect: Hashable, Sendable {
    /// Horizontal coordinate (left edge for rectangles).
    @_spi(Package) public var x: Double
    /// Vertical coordinate, growing downwards (top edge for rectangles).
    @_spi(Package) public var y: Double
    /// Horizontal extent.
    @_spi(Package) public var width: Double
    /// Vertical extent.
    @_spi(Package) public var height: Double

    /// Creates a rectangle from its origin and size.
    @_spi(Package) public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The right edge.
    @_spi(Package) public var maxX: Double { x + width }
    /// The bottom edge.
    @_spi(Package) public var maxY: Double { y + height }
    /// The horizontal centre.
    @_spi(Package) public var midX: Double { x + width / 2 }
    /// The vertical centre.
    @_spi(Package) public var midY: Double { y + height / 2 }

    /// Whether the two rectangles share interior area (touching edges do not count).
    @_spi(Package) public func overlaps(_ other: LayoutRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle (edges included).
    @_spi(Package) public func contains(_ other: LayoutRect) -> Bool {
        other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY
    }
}

/// Rough text metrics for laying out labels without a font engine: every character is given
/// the same advance. Renderers use a monospaced or small font so labels fit the boxes.
@_spi(Package) public enum TextMetrics {
    /// The advance of one character at the layouts' label font size (12 pt).
    @_spi(Package) public static let characterWidth = 7.2
    /// The height of one label line.
    @_spi(Package) public static let lineHeight = 15.0

    /// The width `text` is given in a layout.
    @_spi(Package) public static func width(of text: String) -> Double { Double(text.count) * characterWidth }
}
