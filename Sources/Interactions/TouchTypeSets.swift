import EventModel

/// The sets of touch types the built-in recognizers allow, made once and shared: a set made per
/// recognizer is an allocation, and a scene makes recognizers by the thousand (sets are values,
/// so a recognizer that changes its own gets a copy).
enum TouchTypeSets {
    /// No touch: what a hover recognizer holds.
    static let none: Set<TouchType> = []
    /// Every kind of touch: a recognizer's default.
    static let all = Set(TouchType.allCases)
    /// Fingers on a touchscreen.
    static let direct: Set<TouchType> = [.direct]
    /// A pointer: mouse, touchpad, pointing stick.
    static let indirectPointer: Set<TouchType> = [.indirectPointer]
    /// A pointer or a pencil: what drags at once.
    static let indirectPointerAndPencil: Set<TouchType> = [.indirectPointer, .pencil]
}
