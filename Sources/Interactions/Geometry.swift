public import Classification

/// A location in a scene, in points, with y growing downward (window coordinates).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate; larger values are lower on screen.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin of the scene, its top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// Returns the distance to another point, in points.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    /// Returns the vector from another point to this one.
    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// Returns the point moved by a vector.
    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle in window coordinates (y down), as a scene file writes a frame: `[x, y, width, height]`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner's coordinates and its extent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The smallest x.
    public var minX: Double { origin.x }
    /// The smallest y (the top edge).
    public var minY: Double { origin.y }
    /// The largest x (exclusive for hit testing).
    public var maxX: Double { origin.x + size.width }
    /// The largest y (the bottom edge, exclusive for hit testing).
    public var maxY: Double { origin.y + size.height }
    /// The centre.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether the point lies inside: the top and left edges belong to the rectangle, the bottom and
    /// right edges to whatever lies beyond, so that two adjacent frames never both contain a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public var description: String { "[\(origin.x), \(origin.y), \(size.width), \(size.height)]" }
}

// Arithmetic on the classifier's `Vector` stays inside this module, so that it can never clash
// with operators another module declares for the same type.
extension Vector {
    /// The vector's length.
    var length: Double { (x * x + y * y).squareRoot() }

    static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    static prefix func - (vector: Vector) -> Vector { Vector(x: -vector.x, y: -vector.y) }

    static func * (lhs: Vector, rhs: Double) -> Vector { Vector(x: lhs.x * rhs, y: lhs.y * rhs) }
}
