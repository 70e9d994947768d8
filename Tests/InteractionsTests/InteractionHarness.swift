import Classification
import EventModel
import Geometry
import InputEvents
import Interactions

/// Drives an interaction system with scripted classified input at a manual time, and records
/// every event and trace line.
///
/// It plays the classifier's part for presses: a primary pointer press, a finger and a pencil each
/// run the classifier's own press gesture, so the long presses and drags the recognizers hear
/// about come from the same machine and thresholds as in the real pipeline (pointers and pencils
/// with the pointer drag threshold, fingers with the lift delay).
final class InteractionHarness {
    let root: Node
    let system: InteractionSystem
    let sceneSize: Size
    private(set) var now = Timestamp(microseconds: 1_000_000)
    private(set) var events: [TimedPayload] = []
    private(set) var traceLines: [String] = []
    /// The classifier's press gesture for the press under way, with its touch type.
    private var press: (gesture: PressGesture, touchType: TouchType)?
    private var pressOutput: [ClassifiedInput] = []
    private var lastTouch: Point?

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

    /// Sends what the press gesture produced (a pencil's press runs the pointer's gesture, whose
    /// events name the pointer).
    private func sendPressOutput() {
        for var input in pressOutput {
            if press?.touchType == .pencil || pencilPressEnded {
                switch input.event {
                case .longPress(let phase, _, let position):
                    input.event = .longPress(phase: phase, touchType: .pencil, position: position)
                case .drag(let phase, _, let translation, let position):
                    input.event = .drag(phase: phase, touchType: .pencil, translation: translation, position: position)
                default: break
                }
            }
            events += system.handle(input)
        }
        pressOutput.removeAll()
        pencilPressEnded = false
    }

    private var pencilPressEnded = false

    /// Lets time pass, firing every deadline on the way at its own time: the press gesture's (the
    /// classifier's long press) and the system's, earliest first.
    func wait(_ duration: Duration) {
        let end = now + duration
        while true {
            let deadlines = [press?.gesture.nextDeadline, system.nextDeadline].compactMap { $0 }.filter { $0 <= end }
            guard let deadline = deadlines.min() else { break }
            if deadline > now { now = deadline }
            if let deadline = press?.gesture.nextDeadline, deadline <= now {
                press?.gesture.advance(to: deadline, into: &pressOutput)
                sendPressOutput()
            }
            events += system.advance(to: now)
        }
        now = end
        events += system.advance(to: end)
    }

    /// Starts the classifier's press gesture for a press.
    private func beginPress(_ touchType: TouchType) {
        let mode: PressGesture.Mode = touchType == .direct ? .touch : .pointer
        var gesture = PressGesture(mode: mode, thresholds: .default)
        gesture.press(at: now)
        press = (gesture, touchType)
    }

    /// Moves the press gesture, sending what it decides after the motion itself.
    private func movePress(by delta: Vector) {
        guard press != nil else { return }
        press?.gesture.move(by: delta, at: now, into: &pressOutput)
        sendPressOutput()
    }

    /// Ends the press gesture.
    private func endPress() {
        press?.gesture.release(at: now, into: &pressOutput)
        pencilPressEnded = press?.touchType == .pencil
        press = nil
        sendPressOutput()
    }

    // MARK: Pointer

    /// Moves the pointer to a window point with relative motion.
    func movePointer(to point: Point) {
        movePointer(by: point - system.pointerLocation)
    }

    func movePointer(by delta: Vector) {
        send(.motion(delta))
        if press?.touchType == .indirectPointer { movePress(by: delta) }
    }

    func press(_ button: PointerButton = .primary, trigger: ButtonTrigger = .button) {
        send(.button(button, state: .down, trigger: trigger, code: nil))
        if button == .primary, press == nil { beginPress(.indirectPointer) }
    }

    func release(_ button: PointerButton = .primary, trigger: ButtonTrigger = .button) {
        if button == .primary, press?.touchType == .indirectPointer {
            press?.gesture.release(at: now, into: &pressOutput)
            press = nil
            sendPressOutput()
        }
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

    /// Puts a contact down. The first contact on an empty surface runs the classifier's press
    /// gesture, as the touchscreen's primary contact does; a later one interrupts it.
    func touchDown(at point: Point, touchType: TouchType = .direct, contact: Int = 0) {
        send(.position(fraction(point), touchType: touchType, isDown: true, contact: contact))
        if press == nil {
            beginPress(touchType)
            pressContact = contact
            lastTouch = point
        } else {
            press?.gesture.interrupt()
        }
    }

    func touchMove(to point: Point, touchType: TouchType = .direct, contact: Int = 0) {
        send(.position(fraction(point), touchType: touchType, isDown: true, contact: contact))
        if press?.touchType == touchType, contact == pressContact, let last = lastTouch {
            lastTouch = point
            movePress(by: point - last)
        }
    }

    func touchUp(at point: Point, touchType: TouchType = .direct, contact: Int = 0) {
        send(.position(fraction(point), touchType: touchType, isDown: false, contact: contact))
        guard contact == pressContact else { return }
        if press?.touchType == touchType { endPress() }
        lastTouch = nil
    }

    /// The contact the classifier's press follows.
    private var pressContact = 0

    // MARK: Gestures

    /// Sends a classified multi-finger gesture event.
    func gesture(
        _ kind: GestureKind,
        _ phase: GesturePhase,
        fingers: Int = 2,
        touchType: TouchType = .indirectPointer,
        delta: Vector = .zero,
        scale: Double = 1,
        rotation: Double = 0,
        at point: Point? = nil
    ) {
        send(
            .gesture(
                Gesture(
                    kind: kind, phase: phase, fingers: fingers, touchType: touchType, delta: delta, scale: scale,
                    rotation: rotation, position: point.map(fraction))))
    }

    // MARK: Scrolling

    /// Turns a wheel by whole detents (positive scrolls down), of the classifier's points each.
    func wheel(detents: Double) {
        let points = ClassificationThresholds.default.pointsPerDetent
        send(
            .scroll(
                source: .discrete, delta: Vector(x: 0, y: detents * points), v120: Vector(x: 0, y: detents * 120),
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
