import Classification
import EventModel
import Geometry

/// Where classified input goes: the pointer's location, the one touch under way, and what each
/// input means for them. A value; the ``InteractionSystem`` carries out the route it returns.
///
/// - The pointer starts at the scene's centre, follows relative `motion`, and stays inside the
///   scene; an absolute `position` from a pointer puts it where the fraction of the scene says.
/// - A pointer button going down starts a touch (`indirectPointer`) at the pointer, which moves
///   with it and ends when that button comes up. A finger or pencil `position` that is down starts
///   or moves a touch (`direct`, `pencil`); one that is up ends it.
/// - The classifier's press decisions reach the touch: its `longPress` began holds it, its `drag`
///   began drags it, and a `drag` cancelled (the device went away) or Escape cancels it.
///
/// ```
/// idle ──button down / finger down──▶ touching ──motion / position──▶ touching (moved)
///                                       │ ──longPress began──▶ held    ──drag began──▶ dragging
///                                       └─button up / finger up──▶ idle (ended)
///                                       └─Escape / drag cancelled──▶ idle (cancelled)
/// ```
struct PointerRouter {
    /// What to do with one classified input.
    enum Route: Equatable {
        /// Nothing reaches the recognizers (pointer motion with no touch, a key, a tap).
        case none
        /// A touch went down.
        case begin(TouchSample)
        /// The touch moved.
        case move(TouchSample)
        /// The classifier's long press began for the touch.
        case hold(TouchSample)
        /// The classifier's drag began for the touch.
        case drag(TouchSample)
        /// The touch lifted.
        case end(TouchSample)
        /// The touch was taken away.
        case cancel
        /// A scroll, in points (wheel detents already converted).
        case scroll(ScrollSample)
    }

    private struct Touch {
        var touchType: TouchType
        var button: PointerButton?
        var buttons: ButtonMask
        var location: Point
        var isDragging = false
    }

    /// The scene's size: the pointer's bounds and what absolute positions map onto.
    var sceneSize: Size
    /// Where the pointer is, in window coordinates.
    private(set) var pointerLocation: Point
    private var touch: Touch?

    /// Creates a router with the pointer at the scene's centre.
    init(sceneSize: Size) {
        self.sceneSize = sceneSize
        pointerLocation = Point(x: sceneSize.width / 2, y: sceneSize.height / 2)
    }

    /// Whether a touch is down.
    var isTouchDown: Bool { touch != nil }

    /// Routes one input.
    /// - Parameters:
    ///   - event: The classified input (with finite geometry).
    ///   - lineHeight: How far one wheel detent (120 units of v120) scrolls, in points.
    mutating func route(_ event: ClassifiedEvent, lineHeight: Double) -> Route {
        switch event {
        case .motion(let delta):
            pointerLocation = clampedToScene(pointerLocation + delta)
            guard let active = touch, active.touchType == .indirectPointer else { return .none }
            return move(to: pointerLocation)
        case .position(let fraction, let touchType, let isDown, _):
            let location = clampedToScene(Point(x: fraction.x * sceneSize.width, y: fraction.y * sceneSize.height))
            switch touchType {
            case .indirectPointer:
                pointerLocation = location
                guard let active = touch, active.touchType == .indirectPointer else { return .none }
                return move(to: location)
            case .direct, .pencil:
                if isDown {
                    guard let active = touch else {
                        return begin(Touch(touchType: touchType, buttons: .primary, location: location))
                    }
                    return active.touchType == touchType ? move(to: location) : .none
                }
                guard let active = touch, active.touchType == touchType else { return .none }
                return end(at: location)
            }
        case .button(let button, let state, _, _):
            switch state {
            case .down:
                guard touch == nil else { return .none }
                return begin(
                    Touch(
                        touchType: .indirectPointer, button: button, buttons: ButtonMask(button),
                        location: pointerLocation))
            case .up:
                guard let active = touch, active.touchType == .indirectPointer, active.button == button else {
                    return .none
                }
                return end(at: pointerLocation)
            }
        case .scroll(let source, let delta, let v120, let phase, let velocity):
            var points = delta
            if source == .discrete, let v120 { points = v120 * (lineHeight / 120) }
            return .scroll(ScrollSample(source: source, delta: points, phase: phase, velocity: velocity ?? .zero))
        case .key(let code, let state, _, _, _):
            return code == .escape && state == .down ? cancel() : .none
        case .longPress(let phase, let touchType, _):
            // A long press that is cancelled because it turned into a drag keeps its touch.
            guard phase == .began, let active = touch, active.touchType == touchType else { return .none }
            return .hold(sample(of: active))
        case .drag(let phase, let touchType, _, _):
            guard var active = touch, active.touchType == touchType else { return .none }
            switch phase {
            case .began:
                active.isDragging = true
                touch = active
                return .drag(sample(of: active))
            case .cancelled:
                return cancel()
            case .changed, .ended:
                // The motion and the release that go with these arrive as their own inputs.
                return .none
            }
        case .tap, .gesture:
            return .none
        }
    }

    /// Takes the touch away, as if the system did.
    mutating func cancel() -> Route {
        guard touch != nil else { return .none }
        touch = nil
        return .cancel
    }

    private mutating func begin(_ new: Touch) -> Route {
        touch = new
        return .begin(sample(of: new))
    }

    private mutating func move(to location: Point) -> Route {
        guard var active = touch else { return .none }
        active.location = location
        touch = active
        return .move(sample(of: active))
    }

    private mutating func end(at location: Point) -> Route {
        guard var active = touch else { return .none }
        active.location = location
        touch = nil
        return .end(sample(of: active))
    }

    private func sample(of touch: Touch) -> TouchSample {
        TouchSample(
            location: touch.location, touchType: touch.touchType, buttons: touch.buttons,
            isDragging: touch.isDragging)
    }

    private func clampedToScene(_ point: Point) -> Point {
        // The right and bottom edges belong outside the scene (see `Rect.contains`), so stop just
        // short of them.
        Point(
            x: min(max(point.x, 0), max(0, sceneSize.width.nextDown)),
            y: min(max(point.y, 0), max(0, sceneSize.height.nextDown))
        )
    }
}
