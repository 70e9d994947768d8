import Classification
import EventModel
import Geometry

/// Where classified input goes: the pointer's location, the touches under way, and what each
/// input means for them. A value; the ``InteractionSystem`` carries out the route it returns.
///
/// - The pointer starts at the scene's centre, follows relative `motion`, and stays inside the
///   scene; an absolute `position` from a pointer puts it where the fraction of the scene says.
/// - A pointer button going down starts the pointer's touch (``TouchIdentifier/pointer``) at the
///   pointer, which moves with it and ends when that button comes up. A finger or pencil `position`
///   that is down starts or moves the touch of its contact (`direct`, `pencil`); one that is up
///   ends it. Every touch is its own: several fingers are several touches.
/// - The classifier's press decisions reach the first touch of their kind (the classifier's press
///   follows the first contact): its `longPress` began holds it, its `drag` began drags it, and a
///   `drag` cancelled (the device went away) or Escape cancels every touch.
/// - A multi-finger gesture (pinch, swipe, hold) happens at the pointer on a touchpad and at the
///   fingers' centre on a touchscreen.
///
/// ```
/// idle ──button down / finger down──▶ touching ──motion / position──▶ touching (moved)
///                                       │ ──another finger down──▶ touching (one more touch)
///                                       │ ──longPress began──▶ held    ──drag began──▶ dragging
///                                       └─button up / finger up──▶ idle when it was the last (ended)
///                                       └─Escape / drag cancelled──▶ idle (every touch cancelled)
/// ```
struct PointerRouter {
    /// What to do with one classified input.
    enum Route: Equatable {
        /// Nothing reaches the recognizers' touches (pointer motion with no button held, a key, a
        /// tap).
        case none
        /// A touch went down; `isFirst` when no other touch was down.
        case begin(TouchSample, isFirst: Bool)
        /// A touch moved.
        case move(TouchSample)
        /// The classifier's long press began for a touch.
        case hold(TouchSample)
        /// The classifier's drag began for a touch.
        case drag(TouchSample)
        /// A touch lifted.
        case end(TouchSample)
        /// Every touch was taken away.
        case cancel
        /// A scroll, in points (wheel detents already converted).
        case scroll(ScrollSample)
        /// A multi-finger gesture, and where it happens.
        case gesture(Gesture, location: Point)
    }

    private struct Touch {
        var identifier: TouchIdentifier
        var button: PointerButton?
        var buttons: ButtonMask
        var location: Point
        var isDragging = false
    }

    /// The most touches followed at once: more than any touchscreen reports (panels have 10 to 20
    /// contact slots), so that a device claiming absurdly many cannot grow the per-frame storage;
    /// contacts beyond it are ignored.
    static let maximumTouchCount = 32

    /// The scene's size: the pointer's bounds and what absolute positions map onto.
    var sceneSize: Size
    /// Where the pointer is, in window coordinates.
    private(set) var pointerLocation: Point
    /// The touches down, in the order they began.
    private var touches: [Touch] = []

    /// Creates a router with the pointer at the scene's centre.
    init(sceneSize: Size) {
        self.sceneSize = sceneSize
        pointerLocation = Point(x: sceneSize.width / 2, y: sceneSize.height / 2)
        touches.reserveCapacity(Self.maximumTouchCount)
    }

    /// Whether a touch is down.
    var isTouchDown: Bool { !touches.isEmpty }

    /// How many touches of a kind are down.
    func touchCount(of touchType: TouchType) -> Int {
        var count = 0
        for touch in touches where touch.identifier.touchType == touchType { count += 1 }
        return count
    }

    /// Routes one input (with finite geometry).
    mutating func route(_ event: ClassifiedEvent) -> Route {
        switch event {
        case .motion(let delta, _):
            pointerLocation = clampedToScene(pointerLocation + delta)
            return movePointerTouch()
        case .touch(let phase, let fraction, let contact):
            // A touchscreen's finger: a direct touch from its landing to its lift.
            let touch = ClassifiedEvent.position(fraction, touchType: .direct, isDown: phase != .up, contact: contact)
            return route(touch)
        case .position(let fraction, let touchType, let isDown, let contact):
            let location = sceneLocation(of: fraction)
            switch touchType {
            case .indirectPointer:
                pointerLocation = location
                return movePointerTouch()
            case .direct, .pencil:
                let identifier = TouchIdentifier(touchType: touchType, contact: contact)
                guard let index = touches.firstIndex(where: { $0.identifier == identifier }) else {
                    guard isDown, touches.count < Self.maximumTouchCount else { return .none }
                    return begin(Touch(identifier: identifier, buttons: .primary, location: location))
                }
                return isDown ? move(index, to: location) : end(index, at: location)
            }
        case .button(let button, let state, _, _):
            let index = touches.firstIndex { $0.identifier == .pointer }
            switch state {
            case .down:
                guard index == nil, touches.count < Self.maximumTouchCount else { return .none }
                return begin(
                    Touch(identifier: .pointer, button: button, buttons: ButtonMask(button), location: pointerLocation))
            case .up:
                guard let index, touches[index].button == button else { return .none }
                return end(index, at: pointerLocation)
            }
        case .scroll(let source, let delta, _, let phase, let velocity):
            // The stream's points are what the content moves: a wheel detent is the classifier's
            // points per detent, times the scroll factor.
            return .scroll(ScrollSample(source: source, delta: delta, phase: phase, velocity: velocity ?? .zero))
        case .key(let code, let state, _, _, _):
            return code == .escape && state == .down ? cancel() : .none
        case .longPress(let phase, let touchType, _):
            // A long press that is cancelled because it turned into a drag keeps its touch.
            guard phase == .began, let index = touches.firstIndex(where: { $0.identifier.touchType == touchType })
            else { return .none }
            return .hold(sample(of: touches[index]))
        case .drag(let phase, let touchType, _, _):
            guard let index = touches.firstIndex(where: { $0.identifier.touchType == touchType }) else { return .none }
            switch phase {
            case .began:
                touches[index].isDragging = true
                return .drag(sample(of: touches[index]))
            case .cancelled:
                return cancel()
            case .changed, .ended:
                // The motion and the release that go with these arrive as their own inputs.
                return .none
            }
        case .gesture(let gesture):
            return .gesture(gesture, location: gesture.position.map(sceneLocation(of:)) ?? pointerLocation)
        case .tap:
            return .none
        }
    }

    /// Takes every touch away, as if the system did.
    mutating func cancel() -> Route {
        guard !touches.isEmpty else { return .none }
        touches.removeAll(keepingCapacity: true)
        return .cancel
    }

    /// The pointer moved: its touch moves with it, if a button holds one.
    private mutating func movePointerTouch() -> Route {
        guard let index = touches.firstIndex(where: { $0.identifier == .pointer }) else { return .none }
        return move(index, to: pointerLocation)
    }

    private mutating func begin(_ new: Touch) -> Route {
        touches.append(new)
        return .begin(sample(of: new), isFirst: touches.count == 1)
    }

    private mutating func move(_ index: Int, to location: Point) -> Route {
        touches[index].location = location
        return .move(sample(of: touches[index]))
    }

    private mutating func end(_ index: Int, at location: Point) -> Route {
        var ended = touches.remove(at: index)
        ended.location = location
        return .end(sample(of: ended))
    }

    private func sample(of touch: Touch) -> TouchSample {
        TouchSample(
            location: touch.location, touchType: touch.identifier.touchType, contact: touch.identifier.contact,
            buttons: touch.buttons, isDragging: touch.isDragging)
    }

    func sceneLocation(of fraction: Vector) -> Point {
        clampedToScene(Point(x: fraction.x * sceneSize.width, y: fraction.y * sceneSize.height))
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
