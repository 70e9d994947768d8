import EventModel
import Geometry
import InputEvents

/// Edge scrolling on a touchpad: one finger that lands in the strip along the right edge scrolls
/// vertically as it moves along it, one that lands along the bottom edge scrolls horizontally.
///
/// ```
/// none       --one touch lands in an edge-----------------------> armed(edge)     (no motion)
/// none       --one touch lands elsewhere / more touches---------> area
/// armed      --moved 3 mm along the edge / 300 ms passed--------> scrolling       edge scroll began
/// armed      --moved out of the edge before that----------------> area            (the pointer moves)
/// scrolling  --the finger moves---------------------------------> scrolling       scroll began / changed
/// scrolling  --the finger lifts / another lands-----------------> area / none     scroll ended
/// area       --the last finger lifts----------------------------> none
/// ```
///
/// The start distance is large on purpose: a finger that starts near the edge to move the pointer
/// across the pad must not lock into scrolling by accident; a small scroll needs a short rest in
/// the edge first. Once scrolling, the finger may leave the strip and goes on scrolling along the
/// edge's axis until it lifts. On a timeline, with `L` the landing in the edge and `|` the lock
/// timeout:
///
/// ```
/// L--3 mm--|       scrolling from the 3 mm
/// L--------|--move scrolling from |, the first movement begins it
/// ```
struct EdgeScroll {
    private enum Edge: Hashable, Sendable {
        case right
        case bottom
        /// The corner: the first movement picks the edge.
        case corner
    }

    private enum State: Hashable, Sendable {
        case none
        case armed(edge: Edge, slot: Int, origin: Vector, deadline: Timestamp)
        case scrolling(vertical: Bool, slot: Int, began: Bool)
        case area
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// Edge scrolling was recognised (for explanations).
        case recognised(vertical: Bool)
        /// Scroll movement, in points.
        case scroll(Vector, phase: ScrollPhase)
        /// A begun scroll ended, with its release velocity in points per second.
        case scrollEnded(velocity: Vector)
    }

    private var state = State.none
    private var velocity = VelocityTracker()
    /// Whether edge scrolling is the pad's scroll method; changed only at rest.
    var isEnabled: Bool
    private let rightEdge: Double
    /// Where the bottom strip starts, or nil on a pad too short for one.
    private let bottomEdge: Double?
    private let startDistance: Double
    private let lockTimeout: Int64
    private let pointsPerMillimetre: Double
    private let velocityWindow: Int64

    init(isEnabled: Bool, size: PhysicalSize, isClickpad: Bool, thresholds: ClassificationThresholds) {
        self.isEnabled = isEnabled
        let width = thresholds.edgeScrollWidth
        rightEdge = size.width - width
        bottomEdge =
            isClickpad || size.height >= thresholds.edgeScrollMinimumHeightForHorizontal
            ? size.height - width : nil
        startDistance = thresholds.edgeScrollStartDistance
        lockTimeout = thresholds.edgeScrollLockTimeout.flooredMicroseconds
        pointsPerMillimetre = thresholds.scrollPointsPerMillimetre
        velocityWindow = thresholds.scrollVelocityWindow.flooredMicroseconds
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .none: "none"
        case .armed: "armed"
        case .scrolling(_, _, let began): began ? "scrolling" : "scrollArmed"
        case .area: "area"
        }
    }

    /// Whether nothing is under way.
    var isIdle: Bool { state == .none }

    /// Whether the finger belongs to edge scrolling: it moves no pointer.
    var holdsFinger: Bool {
        switch state {
        case .armed, .scrolling: true
        case .none, .area: false
        }
    }

    /// When a finger resting in the edge starts scrolling.
    var nextDeadline: Timestamp? {
        guard case .armed(_, _, _, let deadline) = state else { return nil }
        return deadline
    }

    private func edge(at position: Vector) -> Edge? {
        let isRight = position.x >= rightEdge
        let isBottom = bottomEdge.map { position.y >= $0 } ?? false
        switch (isRight, isBottom) {
        case (true, true): return .corner
        case (true, false): return .right
        case (false, true): return .bottom
        case (false, false): return nil
        }
    }

    /// A frame ended with these contacts on the pad.
    ///
    /// Every tracked contact counts, palms too: the edge palm zones lie where the scroll edges
    /// are, and a finger held by edge scrolling moves no pointer anyway.
    mutating func frame(active: SlotSet, contacts: [Contact], at time: Timestamp) -> Action? {
        guard isEnabled else { return nil }
        var remaining = active
        guard let first = remaining.next(), remaining.next() == nil else {
            let ended = end(at: time)
            state = active.count == 0 ? .none : .area
            return ended
        }
        let contact = contacts[first]
        switch state {
        case .none:
            guard contact.isNew, let edge = edge(at: contact.position) else {
                state = .area
                return nil
            }
            state = .armed(
                edge: edge, slot: first, origin: contact.position,
                deadline: Timestamp(microseconds: time.microseconds + lockTimeout))
            return nil
        case .armed(let edge, let slot, let origin, _):
            guard slot == first else {
                state = .area
                return nil
            }
            let moved = contact.position - origin
            let vertical: Bool
            switch edge {
            case .right:
                guard contact.position.x >= rightEdge else {
                    state = .area
                    return nil
                }
                guard abs(moved.y) >= startDistance else { return nil }
                vertical = true
            case .bottom:
                guard let bottomEdge, contact.position.y >= bottomEdge else {
                    state = .area
                    return nil
                }
                guard abs(moved.x) >= startDistance else { return nil }
                vertical = false
            case .corner:
                guard max(abs(moved.x), abs(moved.y)) >= startDistance else { return nil }
                vertical = abs(moved.y) >= abs(moved.x)
            }
            state = .scrolling(vertical: vertical, slot: slot, began: false)
            velocity.reset()
            return .recognised(vertical: vertical)
        case .scrolling(let vertical, let slot, let began):
            guard slot == first else {
                let ended = end(at: time)
                state = .area
                return ended
            }
            let raw = vertical ? Vector(x: 0, y: contact.delta.y) : Vector(x: contact.delta.x, y: 0)
            guard raw != .zero else { return nil }
            let delta = raw * pointsPerMillimetre
            velocity.add(delta, at: time)
            state = .scrolling(vertical: vertical, slot: slot, began: true)
            return .scroll(delta, phase: began ? .changed : .began)
        case .area:
            return nil
        }
    }

    /// Fires the lock timeout: a finger resting in an edge starts scrolling.
    mutating func advance(to time: Timestamp) -> Action? {
        guard case .armed(let edge, let slot, _, let deadline) = state, deadline <= time else { return nil }
        let vertical = edge != .bottom
        state = .scrolling(vertical: vertical, slot: slot, began: false)
        velocity.reset()
        return .recognised(vertical: vertical)
    }

    /// Ends a begun scroll.
    private mutating func end(at time: Timestamp) -> Action? {
        guard case .scrolling(_, _, let began) = state else { return nil }
        state = .area
        guard began else { return nil }
        let release = velocity.velocity(at: time, window: velocityWindow)
        velocity.reset()
        return .scrollEnded(velocity: release)
    }

    /// Ends everything (a button was pressed, or the device went away).
    mutating func reset(at time: Timestamp) -> Action? {
        let ended = end(at: time)
        state = .none
        return ended
    }
}
