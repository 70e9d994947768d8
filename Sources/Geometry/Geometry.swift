/// A location in window (scene) coordinates, in points, with y growing downward.
///
/// Every layer speaks of places in these four types: the classifier's deltas and surface
/// fractions (``Vector``), the node tree's frames and the focus engine's items (``Rect``), the
/// scene file's sizes (``Size``) and the pointer's location (``Point``).
///
/// ```swift
/// let cell = Rect(x: 260, y: 70, width: 180, height: 180)
/// cell.contains(Point(x: 300, y: 100))  // true
/// Point(x: 300, y: 100) + Vector(x: 5, y: -5)  // (305, 95)
/// ```
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate; larger values are lower on screen.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, the top-left corner of the window.
    public static let zero = Point(x: 0, y: 0)

    /// Returns the distance to another point.
    @inlinable
    public func distance(to other: Point) -> Double { (other - self).length }

    /// Returns the vector from `rhs` to `lhs`.
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// Returns the point moved by a vector.
    @inlinable
    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    /// Returns the point moved back by a vector.
    @inlinable
    public static func - (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// `(x, y)`, whole numbers without a fractional part.
    public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A displacement (a pointer's motion, a drag's translation, a scroll's delta, a velocity) or a
/// position given as a fraction of a device's surface (0…1 on each axis).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component, positive to the right.
    public var x: Double
    /// The vertical component, positive downward.
    public var y: Double

    /// Creates a vector.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// No displacement, or the top-left corner of a surface.
    public static let zero = Vector(x: 0, y: 0)

    /// The Euclidean length.
    @inlinable
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Whether both components are finite numbers.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The sum.
    @inlinable
    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    /// The difference.
    @inlinable
    public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// The opposite vector.
    @inlinable
    public static prefix func - (vector: Vector) -> Vector { Vector(x: -vector.x, y: -vector.y) }

    /// The vector scaled by a factor.
    @inlinable
    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(x: lhs.x * rhs, y: lhs.y * rhs) }

    /// Adds a vector in place.
    @inlinable
    public static func += (lhs: inout Vector, rhs: Vector) { lhs = lhs + rhs }

    /// `(x, y)`, whole numbers without a fractional part.
    public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    /// `w×h`.
    public var description: String { "\(formatted(width))×\(formatted(height))" }
}

/// An axis-aligned rectangle in window coordinates (y down), as a scene file writes a frame:
/// `[x, y, width, height]`.
///
/// The top and left edges belong to the rectangle and the bottom and right edges to whatever lies
/// beyond, so that two adjacent frames never both contain a point.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent (never negative in a loaded scene).
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner's coordinates and its extent.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates a rectangle from its left, top, right and bottom edges.
    @inlinable
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    @inlinable public var minX: Double { origin.x }
    /// The top edge.
    @inlinable public var minY: Double { origin.y }
    /// The right edge (outside the rectangle for hit testing).
    @inlinable public var maxX: Double { origin.x + size.width }
    /// The bottom edge (outside the rectangle for hit testing).
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width.
    @inlinable public var width: Double { size.width }
    /// The height.
    @inlinable public var height: Double { size.height }
    /// The centre.
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    /// Whether the rectangle covers no area.
    @inlinable public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Whether a point lies inside: left and top edges included, right and bottom excluded.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether another rectangle lies entirely inside this one.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share some area (touching edges do not count).
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
    }

    /// The part of this rectangle inside another one, or nil when they share no area.
    @inlinable
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(left: left, top: top, right: right, bottom: bottom)
    }

    /// The smallest rectangle containing both.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        Rect(
            left: min(minX, other.minX),
            top: min(minY, other.minY),
            right: max(maxX, other.maxX),
            bottom: max(maxY, other.maxY)
        )
    }

    /// The rectangle moved by a vector.
    @inlinable
    public func offset(by vector: Vector) -> Rect { Rect(origin: origin + vector, size: size) }

    /// `[x, y, w, h]`, as scene files write it.
    public var description: String {
        "[\(formatted(minX)), \(formatted(minY)), \(formatted(width)), \(formatted(height))]"
    }
}

/// Returns a coordinate as scene files and messages print it: whole numbers without a fractional
/// part (`12`, `12.5`).
public func formatted(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
