/// The direction of a focus movement.
public struct FocusHeading: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bits.
    public var rawValue: UInt

    /// Creates a heading from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// No direction (a programmatic update).
    public static let none: FocusHeading = []
    /// Up.
    public static let up = FocusHeading(rawValue: 1 << 0)
    /// Down.
    public static let down = FocusHeading(rawValue: 1 << 1)
    /// Left.
    public static let left = FocusHeading(rawValue: 1 << 2)
    /// Right.
    public static let right = FocusHeading(rawValue: 1 << 3)
    /// Next in the Tab loop.
    public static let next = FocusHeading(rawValue: 1 << 4)
    /// Previous in the Tab loop.
    public static let previous = FocusHeading(rawValue: 1 << 5)
    /// The first item.
    public static let first = FocusHeading(rawValue: 1 << 8)
    /// The last item.
    public static let last = FocusHeading(rawValue: 1 << 9)

    /// The event-stream name: `up`, `down`, `left`, `right`, `next`, `previous`, `first`, `last` or `none`.
    public var description: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .next: "next"
        case .previous: "previous"
        case .first: "first"
        case .last: "last"
        case .none: "none"
        default: "0x\(String(rawValue, radix: 16))"
        }
    }
}
