public import Geometry
public import InputEvents

/// A distance a hand moves, in millimetres: `.millimetres(0, 20)` is 2 cm down.
public struct Offset: Hashable, Sendable {
    /// Rightward, in millimetres.
    public var dx: Double
    /// Downward, in millimetres.
    public var dy: Double

    /// A movement of `dx` right and `dy` down, in millimetres.
    public static func millimetres(_ dx: Double, _ dy: Double) -> Offset { Offset(dx: dx, dy: dy) }
}

/// The input a test plays: the device and the frames a scripted device wrote.
public protocol ScriptedInput {
    /// The script with the device and its frames.
    var script: InputScript { get }
}

/// How long scripted hands take: what a person does, and what leaves each gesture clearly
/// recognised whatever the settings (a tap shorter than libinput's 180 ms tap timeout, a press
/// held longer than the 500 ms long-press duration).
public enum ScriptedTiming {
    /// How long a tap's fingers stay down: well within the 180 ms a tap may last.
    public static let tapContact = Duration.milliseconds(60)
    /// How long a click's button stays down.
    public static let clickHold = Duration.milliseconds(80)
    /// How long a long press holds before it moves or lifts: beyond the 500 ms minimum.
    public static let longPressHold = Duration.milliseconds(700)
    /// How long a key stays down: a brisk keystroke, shorter than the 600 ms repeat delay.
    public static let keyHold = Duration.milliseconds(40)
    /// One frame of a movement: a 100 Hz sensor.
    public static let frameInterval = Duration.milliseconds(10)
    /// How far apart fingers of one gesture land on a touchpad, in millimetres: fingers side by
    /// side, well over the distance at which two touches are taken for one.
    public static let fingerSpacing = 18.0

    /// The number of frames a movement over `duration` takes.
    public static func frames(over duration: Duration) -> Int {
        max(1, Int((duration / frameInterval).rounded()))
    }
}

/// A touchpad played by a script: fingers in millimetres and milliseconds, put down near the
/// middle of the pad.
///
/// ```swift
/// var touchpad = ScriptedTouchpad()
/// touchpad.twoFingerScroll(by: .millimetres(0, 20), over: .milliseconds(300))
/// touchpad.wait(.milliseconds(200))
/// touchpad.click(fingers: 2)  // a secondary click by two fingers, with --click-method fingers
/// ```
public struct ScriptedTouchpad: ScriptedInput {
    public private(set) var script: InputScript

    /// A touchpad (by default a 100 × 60 mm clickpad) with `noise` on its positions and landings.
    public init(_ device: DeviceDescription = ScriptedDevice.touchpad(), noise: SensorNoise = .none) {
        script = InputScript(device: device)
        script.noise = noise
    }

    /// Lets time pass.
    public mutating func wait(_ duration: Duration) { script.wait(duration) }

    /// Puts `count` fingers down side by side, centred on the point in percent, one after another
    /// with the noise's landing gaps; returns their slots.
    private mutating func land(_ count: Int, atPercent x: Double, _ y: Double) -> [Int] {
        let spacingPercent = script.device.physicalSize.map { ScriptedTiming.fingerSpacing / $0.width * 100 } ?? 15
        let slots = Array(0..<count)
        for slot in slots {
            if slot > 0, script.noise.isActive {
                script.sync()
                script.wait(script.nextLandingGap())
            }
            let offset = (Double(slot) - Double(count - 1) / 2) * spacingPercent
            script.put(finger: slot, atPercent: x + offset, y)
        }
        script.sync()
        return slots
    }

    /// Where fingers start so that a movement by `offset` stays on the pad: the middle, less half
    /// the movement.
    private func start(for offset: Offset) -> (x: Double, y: Double) {
        let size = script.device.physicalSize
        return (
            50 - (size.map { offset.dx / $0.width * 50 } ?? 0),
            50 - (size.map { offset.dy / $0.height * 50 } ?? 0)
        )
    }

    /// Taps with `fingers` fingers.
    public mutating func tap(fingers: Int = 1) {
        let slots = land(fingers, atPercent: 50, 50)
        script.wait(ScriptedTiming.tapContact)
        script.lift(fingers: slots)
    }

    /// Presses the pad (or its left button) with `fingers` fingers resting on it.
    public mutating func click(fingers: Int = 1) {
        let slots = land(fingers, atPercent: 50, 50)
        script.wait(ScriptedTiming.frameInterval)
        script.key(.leftButton, 1)
        script.wait(ScriptedTiming.clickHold)
        script.key(.leftButton, 0)
        script.wait(ScriptedTiming.frameInterval)
        script.lift(fingers: slots)
    }

    /// Moves `fingers` fingers together by `offset` over `duration`, then lifts them.
    public mutating func swipe(fingers: Int, by offset: Offset, over duration: Duration) {
        let (x, y) = start(for: offset)
        let slots = land(fingers, atPercent: x, y)
        script.swipe(
            fingers: slots, byMillimetres: offset.dx, offset.dy, over: duration,
            steps: ScriptedTiming.frames(over: duration))
        script.lift(fingers: slots)
    }

    /// Scrolls with two fingers moving by `offset` over `duration`.
    public mutating func twoFingerScroll(by offset: Offset, over duration: Duration) {
        swipe(fingers: 2, by: offset, over: duration)
    }

    /// Moves the pointer with one finger moving by `offset` over `duration`.
    public mutating func move(by offset: Offset, over duration: Duration) {
        swipe(fingers: 1, by: offset, over: duration)
    }

    /// Two fingers moving apart (`scale` above 1) or together, over `duration`.
    public mutating func pinch(scale: Double, over duration: Duration) {
        let slots = land(2, atPercent: 50, 50)
        let frames = ScriptedTiming.frames(over: duration)
        // The fingers start `fingerSpacing` apart; each moves half the change in spacing.
        let step = ScriptedTiming.fingerSpacing * (scale - 1) / 2 / Double(frames)
        script.step(
            [(finger: slots[0], dx: -step, dy: 0), (finger: slots[1], dx: step, dy: 0)], frames: frames,
            every: ScriptedTiming.frameInterval)
        script.lift(fingers: slots)
    }
}

/// A touchscreen played by a script: touches at points of the scene it covers.
///
/// ```swift
/// var screen = ScriptedTouchscreen(covering: Size(width: 1024, height: 768))
/// screen.longPress(at: Point(x: 548, y: 358))
/// screen.drag(from: Point(x: 548, y: 358), to: Point(x: 648, y: 358), over: .milliseconds(300))
/// ```
public struct ScriptedTouchscreen: ScriptedInput {
    public private(set) var script: InputScript
    /// The size of the scene the screen shows, in points.
    public let sceneSize: Size

    /// A touchscreen (by default 200 × 120 mm) showing a scene of `sceneSize` points.
    public init(
        _ device: DeviceDescription = ScriptedDevice.touchscreen(), covering sceneSize: Size,
        noise: SensorNoise = .none
    ) {
        script = InputScript(device: device)
        script.noise = noise
        self.sceneSize = sceneSize
    }

    /// Lets time pass.
    public mutating func wait(_ duration: Duration) { script.wait(duration) }

    private func percent(_ point: Point) -> (x: Double, y: Double) {
        (point.x / sceneSize.width * 100, point.y / sceneSize.height * 100)
    }

    /// The millimetres of the screen a movement of `delta` points covers.
    private func millimetres(_ delta: Vector) -> (dx: Double, dy: Double) {
        guard let size = script.device.physicalSize else { return (delta.x, delta.y) }
        return (delta.x / sceneSize.width * size.width, delta.y / sceneSize.height * size.height)
    }

    /// Touches `points` with one finger each, one after another with the noise's landing gaps.
    private mutating func touch(_ points: [Point]) -> [Int] {
        for (slot, point) in points.enumerated() {
            if slot > 0, script.noise.isActive {
                script.sync()
                script.wait(script.nextLandingGap())
            }
            let (x, y) = percent(point)
            script.put(finger: slot, atPercent: x, y)
        }
        script.sync()
        return Array(points.indices)
    }

    /// Taps at `point`.
    public mutating func tap(at point: Point) {
        let slots = touch([point])
        script.wait(ScriptedTiming.tapContact)
        script.lift(fingers: slots)
    }

    /// Presses at `point` and holds still for `duration`, then lifts.
    public mutating func longPress(at point: Point, holding duration: Duration = ScriptedTiming.longPressHold) {
        let slots = touch([point])
        script.wait(duration)
        script.lift(fingers: slots)
    }

    /// Touches at `start`, holds (a touch drags only after a hold), moves to `end` over
    /// `duration` and lifts.
    public mutating func drag(
        from start: Point, to end: Point, over duration: Duration,
        holdingFirst hold: Duration = ScriptedTiming.longPressHold
    ) {
        let slots = touch([start])
        script.wait(hold)
        let (dx, dy) = millimetres(end - start)
        script.swipe(
            fingers: slots, byMillimetres: dx, dy, over: duration, steps: ScriptedTiming.frames(over: duration))
        script.lift(fingers: slots)
    }

    /// Moves `fingers` fingers, side by side from `start`, by `delta` points over `duration`.
    public mutating func swipe(fingers: Int, from start: Point, by delta: Vector, over duration: Duration) {
        let spacing = sceneSize.width * ScriptedTiming.fingerSpacing / (script.device.physicalSize?.width ?? 200)
        let points = (0..<fingers).map { Point(x: start.x + Double($0) * spacing, y: start.y) }
        let slots = touch(points)
        let (dx, dy) = millimetres(delta)
        script.swipe(
            fingers: slots, byMillimetres: dx, dy, over: duration, steps: ScriptedTiming.frames(over: duration))
        script.lift(fingers: slots)
    }
}

/// The buttons a scripted mouse presses, by what they mean.
public enum ScriptedMouseButton: Hashable, Sendable {
    /// The left button.
    case primary
    /// The right button.
    case secondary
    /// The middle button.
    case middle

    /// The kernel's button.
    public var code: KeyCode {
        switch self {
        case .primary: .leftButton
        case .secondary: .rightButton
        case .middle: .middleButton
        }
    }
}

/// A mouse played by a script, over a scene whose pointer starts at the centre. One count of
/// motion is one point, as with the flat acceleration profile at 1000 dpi.
///
/// ```swift
/// var mouse = ScriptedMouse(in: Size(width: 1024, height: 768))
/// mouse.click(.secondary, at: Point(x: 350, y: 160))
/// ```
public struct ScriptedMouse: ScriptedInput {
    public private(set) var script: InputScript
    /// Where the pointer is, in scene points.
    public private(set) var location: Point

    /// A mouse (by default one with a high-resolution wheel) over a scene of `sceneSize` points.
    public init(_ device: DeviceDescription = ScriptedDevice.mouse(highResolution: true), in sceneSize: Size) {
        script = InputScript(device: device)
        location = Point(x: sceneSize.width / 2, y: sceneSize.height / 2)
    }

    /// Lets time pass.
    public mutating func wait(_ duration: Duration) { script.wait(duration) }

    /// Moves the pointer to `point` in one frame.
    public mutating func move(to point: Point) {
        let dx = Int32((point.x - location.x).rounded())
        let dy = Int32((point.y - location.y).rounded())
        guard dx != 0 || dy != 0 else { return }
        script.move(dx: dx, dy: dy)
        location = Point(x: location.x + Double(dx), y: location.y + Double(dy))
        script.wait(ScriptedTiming.frameInterval)
    }

    /// Clicks `button`, at `point` if given.
    public mutating func click(_ button: ScriptedMouseButton = .primary, at point: Point? = nil) {
        if let point { move(to: point) }
        script.key(button.code, 1)
        script.wait(ScriptedTiming.clickHold)
        script.key(button.code, 0)
        script.wait(ScriptedTiming.frameInterval)
    }

    /// Presses `button` at `start`, moves to `end` over `duration`, and releases.
    public mutating func drag(
        _ button: ScriptedMouseButton = .primary, from start: Point, to end: Point, over duration: Duration
    ) {
        move(to: start)
        script.key(button.code, 1)
        let frames = ScriptedTiming.frames(over: duration)
        for frame in 1...frames {
            script.wait(ScriptedTiming.frameInterval)
            let fraction = Double(frame) / Double(frames)
            let target = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            let dx = Int32((target.x - location.x).rounded())
            let dy = Int32((target.y - location.y).rounded())
            if dx != 0 || dy != 0 {
                script.move(dx: dx, dy: dy)
                location = Point(x: location.x + Double(dx), y: location.y + Double(dy))
            }
        }
        script.wait(ScriptedTiming.frameInterval)
        script.key(button.code, 0)
        script.wait(ScriptedTiming.frameInterval)
    }

    /// Turns the wheel by `notches` detents (positive: toward the user, scrolling down).
    public mutating func scroll(notches: Int) {
        let highResolution = script.device.supports(RelativeAxis.wheelHighResolution)
        for _ in 0..<abs(notches) {
            // The kernel's wheel axes are positive away from the user.
            let sign: Int32 = notches > 0 ? -1 : 1
            script.add(.wheel, sign)
            if highResolution { script.add(.wheelHighResolution, sign * 120) }
            script.sync()
            script.wait(ScriptedTiming.frameInterval * 5)
        }
    }
}

/// A keyboard played by a script.
///
/// ```swift
/// var keyboard = ScriptedKeyboard()
/// keyboard.press(.tab)
/// keyboard.press(.tab, with: [.leftShift])
/// ```
public struct ScriptedKeyboard: ScriptedInput {
    public private(set) var script: InputScript

    /// A keyboard (by default a US layout's full set of keys).
    public init(_ device: DeviceDescription = ScriptedDevice.keyboard()) {
        script = InputScript(device: device)
    }

    /// Lets time pass.
    public mutating func wait(_ duration: Duration) { script.wait(duration) }

    /// Presses and releases `key`, with `modifiers` held around it.
    public mutating func press(_ key: KeyCode, with modifiers: [KeyCode] = []) {
        for modifier in modifiers { stroke(modifier, 1) }
        stroke(key, 1)
        script.wait(ScriptedTiming.keyHold)
        stroke(key, 0)
        for modifier in modifiers.reversed() { stroke(modifier, 0) }
        script.wait(ScriptedTiming.keyHold)
    }

    /// Presses each key in turn.
    public mutating func press(_ keys: [KeyCode]) {
        for key in keys { press(key) }
    }

    private mutating func stroke(_ key: KeyCode, _ value: Int32) {
        script.key(key, value)
    }
}
