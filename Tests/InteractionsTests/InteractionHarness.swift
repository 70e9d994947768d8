import Classification
import EventModel
import Geometry
import InputEvents
import Interactions

/// Drives an interaction system with scripted classified input at a manual time, and records
/// every event and trace line.
final class InteractionHarness {
    let root: Node
    let system: InteractionSystem
    let sceneSize: Size
    private(set) var now = Timestamp(microseconds: 1_000_000)
    private(set) var events: [TimedPayload] = []
    private(set) var traceLines: [String] = []

    init(root: Node, thresholds: InteractionThresholds = InteractionThresholds()) {
        self.root = root
        self.sceneSize = root.frame.size
        self.system = InteractionSystem(root: root, sceneSize: root.frame.size, thresholds: thresholds)
        system.trace = { [unowned self] line in self.traceLines.append(line) }
    }

    /// A window of 1000 × 800 with the given children.
    convenience init(children: [Node], thresholds: InteractionThresholds = InteractionThresholds()) {
        let root = Node(identifier: "window", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        for child in children { root.addChild(child) }
        self.init(root: root, thresholds: thresholds)
    }

    var actions: [TimedAction] { TimedAction.actions(in: events) }

    var offsets: [(time: Timestamp, offset: Vector)] {
        events.compactMap { event in
            if case .contentOffset(_, let offset) = event.payload, case let time = event.time { return (time, offset) }
            return nil
        }
    }

    func clearEvents() { events.removeAll() }

    func send(_ event: ClassifiedEvent) {
        events += system.handle(ClassifiedInput(time: now, event: event))
    }

    /// Lets time pass, firing every deadline on the way at its own time.
    func wait(_ duration: Duration) {
        let end = now + duration
        while let deadline = system.nextDeadline, deadline <= end {
            events += system.advance(to: deadline)
            if deadline > now { now = deadline }
        }
        now = end
        events += system.advance(to: end)
    }

    // MARK: Pointer

    /// Moves the pointer to a window point with relative motion.
    func movePointer(to point: Point) {
        send(.motion(delta: point - system.pointerLocation))
    }

    func movePointer(by delta: Vector) { send(.motion(delta: delta)) }

    func press(_ button: PointerButton = .primary, trigger: ButtonTrigger = .button) {
        send(.button(button, state: .down, trigger: trigger, code: nil))
    }

    func release(_ button: PointerButton = .primary, trigger: ButtonTrigger = .button) {
        send(.button(button, state: .up, trigger: trigger, code: nil))
    }

    func click(_ button: PointerButton = .primary, trigger: ButtonTrigger = .button, at point: Point) {
        movePointer(to: point)
        press(button, trigger: trigger)
        wait(.milliseconds(80))
        release(button, trigger: trigger)
    }

    // MARK: Touchscreen

    private func fraction(_ point: Point) -> Vector {
        Vector(x: point.x / sceneSize.width, y: point.y / sceneSize.height)
    }

    func touchDown(at point: Point, touchType: TouchType = .direct) {
        send(.position(fraction(point), touchType: touchType, isDown: true))
    }

    func touchMove(to point: Point, touchType: TouchType = .direct) {
        send(.position(fraction(point), touchType: touchType, isDown: true))
    }

    func touchUp(at point: Point, touchType: TouchType = .direct) {
        send(.position(fraction(point), touchType: touchType, isDown: false))
    }

    // MARK: Scrolling

    /// Turns a wheel by whole detents (positive scrolls down).
    func wheel(detents: Double) {
        send(
            .scroll(
                source: .discrete, delta: Vector(x: 0, y: detents * 15), v120: Vector(x: 0, y: detents * 120),
                phase: nil, velocity: nil))
    }

    /// A two-finger touchpad scroll: one event per delta, `interval` apart, then `ended` with a
    /// velocity.
    func touchpadScroll(_ deltas: [Vector], interval: Duration = .milliseconds(10), endVelocity: Vector) {
        for (index, delta) in deltas.enumerated() {
            if index > 0 { wait(interval) }
            send(
                .scroll(
                    source: .continuous, delta: delta, v120: nil, phase: index == 0 ? .began : .changed, velocity: nil))
        }
        wait(interval)
        send(.scroll(source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: endVelocity))
    }
}
