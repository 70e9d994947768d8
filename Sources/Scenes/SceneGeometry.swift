/// A point in scene (window) coordinates: points, origin at the top left, y down.
public struct ScenePoint: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `(x, y)`.
    public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A width and a height in points.
public struct SceneSize: Hashable, Sendable, CustomStringConvertible {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `w×h`.
    public var description: String { "\(formatted(width))×\(formatted(height))" }
}

/// An axis-aligned rectangle in scene (window) coordinates, y down.
///
/// ```swift
/// let cell = SceneRect(x: 260, y: 70, width: 180, height: 180)
/// cell.maxX  // 440
/// cell.intersects(SceneRect(x: 400, y: 100, width: 10, height: 10))  // true
/// ```
public struct SceneRect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width (never negative in a loaded scene).
    public var width: Double
    /// The height (never negative in a loaded scene).
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates a rectangle from its left, top, right and bottom edges.
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The empty rectangle at the origin.
    public static let zero = SceneRect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { x }
    /// The top edge.
    public var minY: Double { y }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }
    /// The centre.
    public var center: ScenePoint { ScenePoint(x: midX, y: midY) }
    /// The size.
    public var size: SceneSize { SceneSize(width: width, height: height) }
    /// Whether the rectangle covers no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the two rectangles share some area (touching edges do not count).
    public func intersects(_ other: SceneRect) -> Bool {
        other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
    }

    /// Whether `point` lies inside (left and top edges included, right and bottom excluded).
    public func contains(_ point: ScenePoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: SceneRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The smallest rectangle containing both.
    public func union(_ other: SceneRect) -> SceneRect {
        SceneRect(
            left: min(minX, other.minX),
            top: min(minY, other.minY),
            right: max(maxX, other.maxX),
            bottom: max(maxY, other.maxY)
        )
    }

    /// `[x, y, w, h]`, as scene files write it.
    public var description: String { "[\(formatted(x)), \(formatted(y)), \(formatted(width)), \(formatted(height))]" }
}

/// Prints whole numbers without a fractional part.
func formatted(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
