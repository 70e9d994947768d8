public import InputEvents

/// Descriptions of typical devices for scripted tests, with the capabilities the kernel would
/// report.
public enum ScriptedDevice {
    private static func codes(_ values: [UInt16]) -> Set<UInt16> { Set(values) }

    /// A USB mouse with left, right, middle, side and extra buttons and a vertical and horizontal
    /// wheel; `highResolution` adds `REL_WHEEL_HI_RES` and `REL_HWHEEL_HI_RES`.
    public static func mouse(
        name: String = "Scripted Mouse", vendorID: UInt16 = 0x1234, productID: UInt16 = 0x5678,
        highResolution: Bool = false
    ) -> DeviceDescription {
        var relative: [UInt16] = [RelativeAxis.x, .y, .wheel, .horizontalWheel].map(\.rawValue)
        if highResolution {
            relative += [
                RelativeAxis.wheelHighResolution.rawValue, RelativeAxis.horizontalWheelHighResolution.rawValue,
            ]
        }
        return DeviceDescription(
            name: name,
            identity: DeviceIdentity(busType: 0x03, vendorID: vendorID, productID: productID, version: 0x0111),
            supportedCodes: [
                .synchronization: codes([0, 1, 2]),
                .key: codes(
                    [KeyCode.leftButton, .rightButton, .middleButton, .sideButton, .extraButton].map(\.rawValue)),
                .relative: codes(relative),
            ]
        )
    }

    /// A multitouch touchpad of the given size in millimetres, with `resolution` units per
    /// millimetre and `slots` slots (five by default; many older pads track two and count further
    /// fingers only with their tool keys). A clickpad has one button under the surface
    /// (`INPUT_PROP_BUTTONPAD`); otherwise it has left and right buttons.
    public static func touchpad(
        name: String = "Scripted Touchpad",
        width: Double = 100,
        height: Double = 60,
        resolution: Int32 = 40,
        isClickpad: Bool = true,
        vendorID: UInt16 = 0x06cb,
        busType: UInt16 = 0x18,
        hasPressure: Bool = true,
        slots: Int = 5,
        productID: UInt16 = 0x0001
    ) -> DeviceDescription {
        let maxX = Int32(width * Double(resolution))
        let maxY = Int32(height * Double(resolution))
        var axes: [AbsoluteAxis: AbsoluteAxisInfo] = [
            .x: AbsoluteAxisInfo(minimum: 0, maximum: maxX, resolution: resolution),
            .y: AbsoluteAxisInfo(minimum: 0, maximum: maxY, resolution: resolution),
            .multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: Int32(max(slots, 1) - 1)),
            .multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: maxX, resolution: resolution),
            .multitouchPositionY: AbsoluteAxisInfo(minimum: 0, maximum: maxY, resolution: resolution),
            .multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
        ]
        if hasPressure {
            axes[.multitouchPressure] = AbsoluteAxisInfo(minimum: 0, maximum: 255)
        }
        var keys: [KeyCode] = [
            .leftButton, .touch, .toolFinger, .toolDoubleTap, .toolTripleTap, .toolQuadTap, .toolQuintTap,
        ]
        if !isClickpad { keys.append(.rightButton) }
        return DeviceDescription(
            name: name,
            identity: DeviceIdentity(busType: busType, vendorID: vendorID, productID: productID, version: 0x0100),
            properties: isClickpad ? [.pointer, .buttonPad] : [.pointer],
            supportedCodes: [
                .synchronization: codes([0, 1, 2, 3]),
                .key: codes(keys.map(\.rawValue)),
                .absolute: codes(axes.keys.map(\.rawValue)),
            ],
            absoluteAxes: axes
        )
    }

    /// A direct-touch screen of the given size in millimetres, ten slots.
    public static func touchscreen(
        name: String = "Scripted Touchscreen",
        width: Double = 200,
        height: Double = 120,
        resolution: Int32 = 10
    ) -> DeviceDescription {
        let maxX = Int32(width * Double(resolution))
        let maxY = Int32(height * Double(resolution))
        let axes: [AbsoluteAxis: AbsoluteAxisInfo] = [
            .x: AbsoluteAxisInfo(minimum: 0, maximum: maxX, resolution: resolution),
            .y: AbsoluteAxisInfo(minimum: 0, maximum: maxY, resolution: resolution),
            .multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: 9),
            .multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: maxX, resolution: resolution),
            .multitouchPositionY: AbsoluteAxisInfo(minimum: 0, maximum: maxY, resolution: resolution),
            .multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
        ]
        return DeviceDescription(
            name: name,
            identity: DeviceIdentity(busType: 0x18, vendorID: 0, productID: 0, version: 0),
            properties: [.direct],
            supportedCodes: [
                .synchronization: codes([0, 1, 2, 3]),
                .key: codes([KeyCode.touch.rawValue]),
                .absolute: codes(axes.keys.map(\.rawValue)),
            ],
            absoluteAxes: axes
        )
    }

    /// A keyboard with the keys `KEY_ESC` through `KEY_MICMUTE`.
    public static func keyboard(name: String = "Scripted Keyboard") -> DeviceDescription {
        DeviceDescription(
            name: name,
            identity: DeviceIdentity(busType: 0x03, vendorID: 0x046d, productID: 0xc31c, version: 0x0110),
            supportedCodes: [
                .synchronization: codes([0, 1]),
                .key: codes(Array(1..<0xf9)),
                .miscellaneous: codes([MiscellaneousCode.scan.rawValue]),
            ]
        )
    }
}

/// Writes event frames for a device in device-independent units: positions in percent of the
/// surface, movements in millimetres, time in `Duration`s.
///
/// ```swift
/// var script = InputScript(device: ScriptedDevice.touchpad())
/// script.put(finger: 0, atPercent: 40, 50)
/// script.put(finger: 1, atPercent: 60, 50)
/// script.sync()
/// script.swipe(fingers: [0, 1], byMillimetres: 0, 12, over: .milliseconds(120))
/// script.lift(fingers: [0, 1])
/// let frames = script.frames
/// ```
public struct InputScript {
    /// The device the frames are written for.
    public let device: DeviceDescription
    /// The frames written so far.
    public private(set) var frames: [EventFrame] = []
    /// The time of the next frame.
    public private(set) var now: Timestamp
    private var pending: [InputEvent] = []
    private var fingers: [Int: (x: Int32, y: Int32)] = [:]
    private var currentSlot = 0
    private var nextTrackingID: Int32 = 100
    private var reportedToolCount = 0
    /// Fingers the pad counts without tracking them in a slot, as a pad with fewer slots than
    /// fingers does: the tool keys of the next `sync()` report them besides the fingers put down.
    ///
    /// ```swift
    /// var script = InputScript(device: ScriptedDevice.touchpad(slots: 2))
    /// script.put(finger: 0, atPercent: 40, 50)
    /// script.put(finger: 1, atPercent: 55, 50)
    /// script.untrackedFingers = 1  // a third finger: BTN_TOOL_TRIPLETAP
    /// script.sync()
    /// ```
    ///
    /// A negative number makes the keys report fewer fingers than the slots track, as firmware
    /// that keeps a slot open after its finger lifted does.
    public var untrackedFingers = 0
    /// What the sensor adds to the positions a script writes: nothing by default. With
    /// ``SensorNoise/realistic(seed:)``, every position is written off by up to the noise's
    /// wobble, and while fingers rest a frame comes every sensor interval with the fingers
    /// wobbling where they are, as real touchpads and touchscreens report.
    public var noise = SensorNoise.none {
        didSet { generator = SensorNoise.Generator(seed: noise.seed) }
    }
    private var generator = SensorNoise.Generator(seed: 0)

    /// Starts a script at `start`.
    public init(device: DeviceDescription, start: Timestamp = Timestamp(microseconds: 1_000_000)) {
        self.device = device
        now = start
    }

    /// Lets time pass before the next frame; with ``noise`` and fingers down, the sensor reports
    /// the resting fingers every ``SensorNoise/interval`` meanwhile.
    public mutating func wait(_ duration: Duration) {
        let end = now + duration
        if noise.isActive, !fingers.isEmpty, pending.isEmpty {
            while now + noise.interval < end {
                now += noise.interval
                for slot in fingers.keys.sorted() {
                    guard let position = fingers[slot] else { continue }
                    self.position(slot: slot, x: position.x, y: position.y)
                }
                sync()
            }
        }
        now = end
    }

    /// Adds a raw event to the frame being written.
    public mutating func add(_ type: EventType, _ code: UInt16, _ value: Int32) {
        pending.append(InputEvent(time: now, type: type, code: code, value: value))
    }

    /// Adds a key or button event.
    public mutating func add(_ key: KeyCode, _ value: Int32) { add(.key, key.rawValue, value) }

    /// Adds a relative axis event.
    public mutating func add(_ axis: RelativeAxis, _ value: Int32) { add(.relative, axis.rawValue, value) }

    /// Ends the frame with a `SYN_REPORT` (after the tool keys that changed, for touch devices).
    public mutating func sync() {
        if !fingers.isEmpty || untrackedFingers > 0 || reportedToolCount > 0 {
            let count = max(0, fingers.count + untrackedFingers)
            if count != reportedToolCount {
                let tools: [KeyCode] = [.toolFinger, .toolDoubleTap, .toolTripleTap, .toolQuadTap, .toolQuintTap]
                if reportedToolCount > 0 { add(tools[min(reportedToolCount, 5) - 1], 0) }
                if count > 0 { add(tools[min(count, 5) - 1], 1) }
                if (reportedToolCount == 0) != (count == 0) { add(.touch, count > 0 ? 1 : 0) }
                reportedToolCount = count
            }
        }
        pending.append(.report(at: now))
        frames.append(EventFrame(events: pending))
        pending.removeAll()
    }

    /// The time between two fingers of one gesture landing: none without ``noise``, else a
    /// random gap within the noise's landing gaps.
    public mutating func nextLandingGap() -> Duration {
        guard noise.isActive else { return .zero }
        return generator.nextDuration(from: noise.minimumLandingGap, to: noise.maximumLandingGap)
    }

    // MARK: Pointer

    /// One frame of relative motion, in device counts.
    public mutating func move(dx: Int32, dy: Int32) {
        if dx != 0 { add(.x, dx) }
        if dy != 0 { add(.y, dy) }
        sync()
    }

    /// One frame pressing (1), releasing (0) or autorepeating (2) a button or key.
    public mutating func key(_ code: KeyCode, _ value: Int32) {
        add(code, value)
        sync()
    }

    // MARK: Touch

    private func axis(_ axis: AbsoluteAxis) -> AbsoluteAxisInfo {
        device.absoluteAxes[axis] ?? AbsoluteAxisInfo(minimum: 0, maximum: 1000, resolution: 10)
    }

    private mutating func select(slot: Int) {
        if currentSlot != slot {
            add(.absolute, AbsoluteAxis.multitouchSlot.rawValue, Int32(slot))
            currentSlot = slot
        }
    }

    /// Writes a finger's position: where the script puts it, off by the sensor's wobble.
    private mutating func position(slot: Int, x: Int32, y: Int32) {
        select(slot: slot)
        let xInfo = axis(.multitouchPositionX)
        let yInfo = axis(.multitouchPositionY)
        let reportedX = x + wobble(resolution: xInfo.resolution)
        let reportedY = y + wobble(resolution: yInfo.resolution)
        add(.absolute, AbsoluteAxis.multitouchPositionX.rawValue, min(max(reportedX, xInfo.minimum), xInfo.maximum))
        add(.absolute, AbsoluteAxis.multitouchPositionY.rawValue, min(max(reportedY, yInfo.minimum), yInfo.maximum))
        fingers[slot] = (x, y)
    }

    /// A random offset within the noise's wobble, in device units.
    private mutating func wobble(resolution: Int32) -> Int32 {
        guard noise.isActive, noise.wobble > 0 else { return 0 }
        let units = noise.wobble * Double(max(resolution, 1))
        return Int32((generator.nextUnit() * 2 - 1) * units)
    }

    /// Puts a finger down in `slot` at a position in percent of the surface (not yet synced).
    public mutating func put(finger slot: Int, atPercent x: Double, _ y: Double, pressure: Int32 = 40) {
        select(slot: slot)
        add(.absolute, AbsoluteAxis.multitouchTrackingID.rawValue, nextTrackingID)
        nextTrackingID += 1
        if device.supports(AbsoluteAxis.multitouchPressure) {
            add(.absolute, AbsoluteAxis.multitouchPressure.rawValue, pressure)
        }
        fingers[slot] = (0, 0)
        move(finger: slot, toPercent: x, y)
    }

    /// Moves a finger by millimetres (not yet synced).
    public mutating func move(finger slot: Int, byMillimetres dx: Double, _ dy: Double) {
        guard let current = fingers[slot] else { return }
        let xResolution = Double(max(axis(.multitouchPositionX).resolution, 1))
        let yResolution = Double(max(axis(.multitouchPositionY).resolution, 1))
        position(
            slot: slot,
            x: current.x + Int32((dx * xResolution).rounded()),
            y: current.y + Int32((dy * yResolution).rounded())
        )
    }

    /// Moves a finger to a position in percent of the surface (not yet synced).
    public mutating func move(finger slot: Int, toPercent x: Double, _ y: Double) {
        guard fingers[slot] != nil else { return }
        let xInfo = axis(.multitouchPositionX)
        let yInfo = axis(.multitouchPositionY)
        position(
            slot: slot,
            x: xInfo.minimum + Int32((Double(xInfo.maximum - xInfo.minimum) * x / 100).rounded()),
            y: yInfo.minimum + Int32((Double(yInfo.maximum - yInfo.minimum) * y / 100).rounded())
        )
    }

    /// Moves each finger by its own step in millimetres, one frame every `interval`, for `frames`
    /// frames: fingers moving apart, together or along different paths.
    public mutating func step(_ steps: [(finger: Int, dx: Double, dy: Double)], frames: Int, every interval: Duration) {
        for _ in 0..<frames {
            wait(interval)
            for step in steps { move(finger: step.finger, byMillimetres: step.dx, step.dy) }
            sync()
        }
    }

    /// Lifts a finger (not yet synced).
    public mutating func lift(finger slot: Int) {
        guard fingers[slot] != nil else { return }
        select(slot: slot)
        add(.absolute, AbsoluteAxis.multitouchTrackingID.rawValue, -1)
        fingers[slot] = nil
    }

    /// Moves fingers together by millimetres, in `steps` frames spread over `duration`.
    public mutating func swipe(
        fingers slots: [Int],
        byMillimetres dx: Double,
        _ dy: Double,
        over duration: Duration,
        steps: Int = 10
    ) {
        let interval = duration / steps
        var movedX = 0.0
        var movedY = 0.0
        for step in 1...steps {
            wait(interval)
            let targetX = dx * Double(step) / Double(steps)
            let targetY = dy * Double(step) / Double(steps)
            for slot in slots {
                move(finger: slot, byMillimetres: targetX - movedX, targetY - movedY)
            }
            movedX = targetX
            movedY = targetY
            sync()
        }
    }

    /// Lifts fingers in one frame.
    public mutating func lift(fingers slots: [Int]) {
        for slot in slots { lift(finger: slot) }
        sync()
    }
}
