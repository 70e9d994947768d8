public import InputEvents
import InputRecording

/// A scripted stream that the unit tests classify and the hardware suite replays on a uinput
/// device, with `libinput debug-events` watching the same frames.
///
/// The checked-in evemu files under `Tests/Hardware/streams/` are these streams written with
/// `evemuText`; a test fails while they are stale.
public struct ScriptedStream: Sendable {
    /// The file name without its extension, and the stream's name in the hardware results.
    public let name: String
    /// What a person does, in a sentence.
    public let summary: String
    /// Whether tap-to-click is on (`--tap-to-click` for Wayfinder, `--enable-tap` for libinput).
    public let tapToClick: Bool
    /// Whether a clickpad press takes its button from the finger count (`--click-method fingers`,
    /// `--set-click-method=clickfinger`) rather than the button areas.
    public let clickfinger: Bool
    /// The device the stream is written for.
    public let device: DeviceDescription
    /// The stream's frames.
    public let frames: [EventFrame]
    /// Whether the stream already carries its sensor's noise, as measured on a real device: the
    /// noise property tests (`SensorNoise`) add none to it, as noise on top of noise is more than
    /// any real sensor gives.
    public let carriesNoise: Bool

    /// Creates a stream from a script's device and frames.
    public init(
        name: String, summary: String, tapToClick: Bool = false, clickfinger: Bool = false, carriesNoise: Bool = false,
        script: InputScript
    ) {
        self.name = name
        self.summary = summary
        self.tapToClick = tapToClick
        self.clickfinger = clickfinger
        self.carriesNoise = carriesNoise
        device = script.device
        frames = script.frames
    }

    /// The stream as an evemu 1.3 file: the device's description, then its events.
    public var evemuText: String {
        Recording(devices: [RecordedDevice(description: device, frames: frames)]).evemuText()
    }

    /// The `wayfinder replay` options that classify the stream with its settings.
    public var wayfinderArguments: [String] {
        (tapToClick ? ["--tap-to-click"] : []) + (clickfinger ? ["--click-method", "fingers"] : [])
    }

    /// The `libinput debug-events` options that watch the stream with its settings.
    public var libinputArguments: [String] {
        (tapToClick ? ["--enable-tap"] : []) + (clickfinger ? ["--set-click-method=clickfinger"] : [])
    }
}

/// The streams of one hardware case, and its manifest.
public struct ScriptedStreamSet: Sendable {
    /// The folder under `Tests/Hardware/streams/`.
    public let folder: String
    /// The streams, in the order the case replays them.
    public let streams: [ScriptedStream]

    /// One line per stream, `name|libinput options|wayfinder options`, for the guest script and
    /// the host's checks.
    public var manifest: String {
        streams.map {
            "\($0.name)|\($0.libinputArguments.joined(separator: " "))|\($0.wayfinderArguments.joined(separator: " "))\n"
        }.joined()
    }
}

/// The scripted streams the hardware suite replays.
public enum ScriptedStreams {
    /// The stream of `set` called `name`; traps when there is none (a typo in a test).
    public static func stream(_ name: String, in set: ScriptedStreamSet = fingerCount) -> ScriptedStream {
        guard let stream = set.streams.first(where: { $0.name == name }) else {
            preconditionFailure("no scripted stream \(name) in \(set.folder)")
        }
        return stream
    }

    /// Every set, one per hardware case.
    public static let all: [ScriptedStreamSet] = [fingerCount, gestures, noisyTouchscreens]

    /// A clickpad that tracks two fingers in slots and counts up to five with its tool keys,
    /// 100×60 mm, as many Synaptics, ALPS, Elantech and Cypress pads are. Like the Cypress pads it
    /// also has a `BTN_RIGHT`, which its firmware may report for a press.
    public static func twoSlotClickpad(hasPressure: Bool = true) -> DeviceDescription {
        var device = ScriptedDevice.touchpad(
            name: hasPressure ? "Wayfinder Two-Slot Clickpad" : "Wayfinder Two-Slot Clickpad Without Pressure",
            vendorID: 0x1234, hasPressure: hasPressure, slots: 2, productID: hasPressure ? 0x0002 : 0x0003)
        device.supportedCodes[.key]?.insert(KeyCode.rightButton.rawValue)
        return device
    }

    /// Fingers that a two-slot clickpad counts without tracking them: taps and presses with three
    /// and four fingers, a firmware's own `BTN_RIGHT`, and tool keys that count fewer fingers than
    /// the slots hold.
    public static let fingerCount = ScriptedStreamSet(
        folder: "fingers",
        streams: [
            ScriptedStream(
                name: "three-finger-tap", summary: "three fingers tap, two of them tracked", tapToClick: true,
                clickfinger: true, script: tap(fingers: 3)),
            ScriptedStream(
                name: "four-finger-tap", summary: "four fingers tap, two of them tracked", tapToClick: true,
                clickfinger: true, script: tap(fingers: 4)),
            ScriptedStream(
                name: "three-finger-click", summary: "three fingers press the pad (BTN_LEFT)", tapToClick: true,
                clickfinger: true, script: click(fingers: 3, codes: [.leftButton])),
            // Tapping stays off where the firmware reports BTN_RIGHT: libinput drops that event,
            // and with tapping on it would take the quick touch for a tap.
            ScriptedStream(
                name: "three-finger-click-firmware-right",
                summary: "three fingers press the pad, the firmware reports BTN_RIGHT", clickfinger: true,
                script: click(fingers: 3, codes: [.rightButton])),
            ScriptedStream(
                name: "two-finger-click", summary: "two fingers press the pad (BTN_LEFT)", tapToClick: true,
                clickfinger: true, script: click(fingers: 2, codes: [.leftButton])),
            ScriptedStream(
                name: "two-finger-click-firmware-right",
                summary: "two fingers press the pad, the firmware reports BTN_RIGHT", clickfinger: true,
                script: click(fingers: 2, codes: [.rightButton])),
            ScriptedStream(
                name: "two-finger-click-two-codes",
                summary: "two fingers press the pad, the firmware reports BTN_LEFT and then BTN_RIGHT",
                clickfinger: true, script: click(fingers: 2, codes: [.leftButton, .rightButton])),
            ScriptedStream(
                name: "three-finger-tap-positionless-slot",
                summary: "three fingers tap a Cypress-like pad whose second slot gets a tracking ID but no position",
                tapToClick: true, clickfinger: true, script: positionlessSlotTap()),
            ScriptedStream(
                name: "keys-lag-with-pressure",
                summary: "two fingers scroll while the tool keys say one, on a pad with contact pressure",
                script: laggingKeys(hasPressure: true)),
            ScriptedStream(
                name: "keys-lag-without-pressure",
                summary: "two fingers scroll while the tool keys say one, on a pad without contact pressure",
                script: laggingKeys(hasPressure: false)),
        ])

    /// Puts `fingers` fingers on the two-slot clickpad (two tracked, the rest counted by the tool
    /// keys) in the middle of the pad, and syncs.
    private static func land(_ fingers: Int, on script: inout InputScript) {
        script.put(finger: 0, atPercent: 40, 45)
        script.put(finger: 1, atPercent: 55, 45)
        script.untrackedFingers = fingers - 2
        script.sync()
    }

    private static func liftAll(_ script: inout InputScript) {
        script.untrackedFingers = 0
        script.lift(fingers: [0, 1])
    }

    /// A tap: the fingers land in one frame and lift 30 ms later (well within the 180 ms a tap may
    /// last, and before two fingers resting would begin a hold).
    public static func tap(fingers: Int) -> InputScript {
        var script = InputScript(device: twoSlotClickpad())
        land(fingers, on: &script)
        script.wait(.milliseconds(30))
        liftAll(&script)
        return script
    }

    /// A physical press: the fingers land, the pad is pressed 20 ms later (the firmware reports the
    /// switch as `codes`, one frame each) and released after 80 ms (the codes in reverse order),
    /// and the fingers lift 20 ms after that.
    public static func click(fingers: Int, codes: [KeyCode]) -> InputScript {
        var script = InputScript(device: twoSlotClickpad())
        land(fingers, on: &script)
        script.wait(.milliseconds(20))
        for code in codes { script.key(code, 1) }
        script.wait(.milliseconds(80))
        for code in codes.reversed() { script.key(code, 0) }
        script.wait(.milliseconds(20))
        liftAll(&script)
        return script
    }

    /// A two-slot PS/2 clickpad like Cypress's (the bundled Cypress recording's): about
    /// 100 × 56 mm at 16 units per millimetre, semi-multitouch (`INPUT_PROP_SEMI_MT`), contact
    /// pressure, tool keys up to five fingers.
    public static func cypressLikeClickpad() -> DeviceDescription {
        var device = ScriptedDevice.touchpad(
            name: "Wayfinder Cypress-Like Clickpad", width: 100, height: 56, resolution: 16, vendorID: 0x1234,
            busType: 0x11, slots: 2, productID: 0x0006)
        device.properties.insert(.semiMultitouch)
        return device
    }

    /// Three fingers tap the Cypress-like pad as its firmware reports them: the first finger in
    /// slot 0 with its position, the second given a tracking ID in slot 1 but never a position
    /// (the slot stays at (0, 0), in the pad's corner), the third counted by `BTN_TOOL_TRIPLETAP`
    /// alone. They lift 30 ms later.
    public static func positionlessSlotTap() -> InputScript {
        var script = InputScript(device: cypressLikeClickpad())
        script.put(finger: 0, atPercent: 45, 45)
        script.putWithoutPosition(finger: 1)
        script.untrackedFingers = 1
        script.sync()
        script.wait(.milliseconds(30))
        liftAll(&script)
        return script
    }

    /// Two fingers land side by side and move down 12 mm together, 2 mm every 10 ms from the
    /// first frame on (so that what they do is clear long before two resting fingers would
    /// begin a hold); from that frame on the tool keys report one finger while both slots stay
    /// open.
    public static func laggingKeys(hasPressure: Bool) -> InputScript {
        var script = InputScript(device: twoSlotClickpad(hasPressure: hasPressure))
        land(2, on: &script)
        script.untrackedFingers = -1
        script.swipe(fingers: [0, 1], byMillimetres: 0, 12, over: .milliseconds(60), steps: 6)
        script.wait(.milliseconds(10))
        liftAll(&script)
        return script
    }

    // MARK: Gestures

    /// A clickpad that tracks five fingers, 100×60 mm.
    public static func fiveSlotClickpad() -> DeviceDescription {
        ScriptedDevice.touchpad(name: "Wayfinder Five-Slot Clickpad", vendorID: 0x1234, productID: 0x0005)
    }

    /// Swipes and holds with three and four fingers, pinches with two, and two fingers that rest
    /// side by side and then spread (a scroll, not a pinch) on a five-slot clickpad.
    public static let gestures = ScriptedStreamSet(
        folder: "gestures",
        streams: [
            ScriptedStream(
                name: "three-finger-swipe-right", summary: "three fingers move 24 mm right together",
                script: move(fingers: 3, spacing: 10, eachStep: [(2, 0)], steps: 12)),
            ScriptedStream(
                name: "four-finger-swipe-up", summary: "four fingers move 24 mm up together",
                script: move(fingers: 4, at: 70, eachStep: [(0, -2)], steps: 12)),
            ScriptedStream(
                name: "three-finger-hold", summary: "three fingers rest 400 ms", script: rest(fingers: 3)),
            ScriptedStream(
                name: "two-finger-pinch-out", summary: "a finger and the thumb below it spread 37.5 mm apart",
                script: pinch(outward: true)),
            ScriptedStream(
                name: "two-finger-pinch-in", summary: "a finger and the thumb below it close 25 mm",
                script: pinch(outward: false)),
            ScriptedStream(
                name: "two-finger-spread-side-by-side",
                summary: "two fingers rest side by side, then move 12 mm apart sideways", script: spreadSideBySide()),
        ])

    /// A finger and the thumb below and left of it land, rest 290 ms, then move apart (`outward`)
    /// or together along the line between them, each 1.56 mm (1 mm across, 1.2 mm down) every
    /// 10 ms, and lift 10 ms later. Apart: they land 20 mm across and 24 mm down from each other
    /// (31.2 mm apart) and move 12 frames, to 68.7 mm. Together: 30 mm across and 36 mm down
    /// (46.9 mm), 8 frames, to 21.9 mm. Either way they are further apart vertically than two
    /// fingers side by side (7 mm), and stay clear of the pad's edges, where libinput takes a
    /// resting touch for a thumb or a palm.
    public static func pinch(outward: Bool) -> InputScript {
        var script = InputScript(device: fiveSlotClickpad())
        // The pad is 100 × 60 mm: percentages of its width and height.
        let (finger, thumb): ((Double, Double), (Double, Double)) =
            outward ? ((60, 30), (40, 70)) : ((65, 20), (35, 80))
        script.put(finger: 0, atPercent: finger.0, finger.1)
        script.put(finger: 1, atPercent: thumb.0, thumb.1)
        script.sync()
        script.wait(.milliseconds(290))
        let sign = outward ? 1.0 : -1.0
        script.step(
            [(0, sign, -1.2 * sign), (1, -sign, 1.2 * sign)], frames: outward ? 12 : 8, every: .milliseconds(10))
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        return script
    }

    /// Two fingers land side by side across the middle of the pad, 20 mm apart, rest 290 ms, then
    /// move apart sideways, each 1 mm every 10 ms for 6 frames, and lift 10 ms later.
    public static func spreadSideBySide() -> InputScript {
        var script = InputScript(device: fiveSlotClickpad())
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(290))
        script.step([(0, -1, 0), (1, 1, 0)], frames: 6, every: .milliseconds(10))
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        return script
    }

    /// `fingers` fingers land in a row at `y` percent of the height, `spacing` millimetres apart
    /// and centred on the pad, rest 300 ms, then move one step every 10 ms for `steps` frames (the
    /// last step of `eachStep` applies to the fingers beyond it) and lift 10 ms later.
    ///
    /// The rest outlasts the hold deadline (40 ms for two fingers, 180 ms for more) by far: a
    /// replay slower than the script (`evemu-play` on a loaded machine) still holds first, so
    /// the stream and its replay are classified alike.
    public static func move(
        fingers: Int, at y: Double = 50, spacing: Double = 20, eachStep: [(Double, Double)], steps: Int
    ) -> InputScript {
        var script = InputScript(device: fiveSlotClickpad())
        let first = 50 - spacing * Double(fingers - 1) / 2
        for finger in 0..<fingers { script.put(finger: finger, atPercent: first + spacing * Double(finger), y) }
        script.sync()
        script.wait(.milliseconds(290))
        let moves = (0..<fingers).map { finger in
            let step = eachStep[min(finger, eachStep.count - 1)]
            return (finger: finger, dx: step.0, dy: step.1)
        }
        script.step(moves, frames: steps, every: .milliseconds(10))
        script.wait(.milliseconds(10))
        script.lift(fingers: Array(0..<fingers))
        return script
    }

    /// `fingers` fingers land in a row across the middle of the pad, 15 mm apart, rest 400 ms and
    /// lift.
    public static func rest(fingers: Int) -> InputScript {
        var script = InputScript(device: fiveSlotClickpad())
        for finger in 0..<fingers { script.put(finger: finger, atPercent: 35 + 15 * Double(finger), 50) }
        script.sync()
        script.wait(.milliseconds(400))
        script.lift(fingers: Array(0..<fingers))
        return script
    }
}

// MARK: Noisy touchscreens

extension ScriptedStreams {
    /// A touchscreen like N-Trig's: 200 × 120 mm with a resolution (10 units per millimetre),
    /// whose positions wobble about ±1 mm a frame while the fingers rest.
    public static func nTrigLikeScreen() -> DeviceDescription {
        ScriptedDevice.touchscreen(name: "Wayfinder N-Trig-Like Touchscreen", width: 200, height: 120, resolution: 10)
    }

    /// A touchscreen like Atmel's maXTouch in the bundled recordings: 800 × 480 units without a
    /// resolution (its display's pixel grid, one point per unit), whose resting fingers step a unit
    /// back and forth.
    public static func atmelLikeScreen() -> DeviceDescription {
        ScriptedDevice.touchscreen(name: "Wayfinder Atmel-Like Touchscreen", width: 800, height: 480, resolution: 0)
    }

    /// Two-finger touches and releases on noisy panels (a two-finger tap each) and four fingers
    /// that land one after another while dragging down (one four-finger swipe).
    public static let noisyTouchscreens = ScriptedStreamSet(
        folder: "touchscreens",
        streams: [
            ScriptedStream(
                name: "two-finger-touch-ntrig-wobble",
                summary: "two fingers touch an N-Trig-like panel and lift 130 ms later, their positions wobbling ±1 mm",
                carriesNoise: true, script: nTrigTouchAndRelease()),
            ScriptedStream(
                name: "two-finger-touch-atmel-steps",
                summary: "two fingers touch an Atmel-like panel and lift 200 ms later, their positions stepping a unit",
                carriesNoise: true, script: atmelTouchAndRelease()),
            ScriptedStream(
                name: "four-finger-swipe-staggered",
                summary: "four fingers land 10, 20 and 30 ms apart while dragging down an Atmel-like panel, then lift",
                script: staggeredFourFingerSwipe()),
        ])

    /// The N-Trig-like wobble: where each frame reports a resting finger, from where it rests, in
    /// millimetres. The landing frame reports the first; the second finger wobbles the other way
    /// (so the distance between them changes 4 mm and the line between them turns 5.7°, as the
    /// two do when the noise is not common to both).
    public static let nTrigWobble: [(x: Double, y: Double)] = [(1, 1), (-1, -1), (1, -1), (-1, 1)]

    /// Two fingers land 40 mm apart across the middle of the N-Trig-like panel and rest, every
    /// 10 ms reported at the next offset of `nTrigWobble` (the second finger at the opposite one),
    /// and lift 130 ms after landing. Each is read up to 2.8 mm from its landing sample.
    public static func nTrigTouchAndRelease() -> InputScript {
        var script = InputScript(device: nTrigLikeScreen())
        let wobble = nTrigWobble
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.move(finger: 0, byMillimetres: wobble[0].x, wobble[0].y)
        script.move(finger: 1, byMillimetres: -wobble[0].x, -wobble[0].y)
        script.sync()
        for frame in 1...12 {
            let from = wobble[(frame - 1) % wobble.count]
            let to = wobble[frame % wobble.count]
            script.step(
                [(0, to.x - from.x, to.y - from.y), (1, from.x - to.x, from.y - to.y)], frames: 1,
                every: .milliseconds(10))
        }
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        return script
    }

    /// Two fingers land 160 units apart across the middle of the Atmel-like panel and rest, every
    /// 10 ms stepping a unit (one point) right, down, left and up in turn, the second finger the
    /// other way, and lift 200 ms after landing.
    public static func atmelTouchAndRelease() -> InputScript {
        var script = InputScript(device: atmelLikeScreen())
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        let steps: [(Double, Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        for frame in 0..<19 {
            let step = steps[frame % steps.count]
            script.step([(0, step.0, step.1), (1, -step.0, -step.1)], frames: 1, every: .milliseconds(10))
        }
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        return script
    }

    /// Four fingers drag down the Atmel-like panel, 12 units (points) every 10 ms, landing one
    /// after another 10, 20 and 30 ms apart (at 0, 10, 30 and 60 ms) in a row 80 units apart near
    /// the top; every finger down moves from the frame after it landed. After the last lands they
    /// drag for 100 ms more and lift together 10 ms later.
    public static func staggeredFourFingerSwipe() -> InputScript {
        var script = InputScript(device: atmelLikeScreen())
        let landings: [Int64: Int] = [0: 0, 10: 1, 30: 2, 60: 3]
        var down: [Int] = []
        for time in stride(from: Int64(0), through: 160, by: 10) {
            if time > 0 { script.wait(.milliseconds(10)) }
            for finger in down { script.move(finger: finger, byMillimetres: 0, 12) }
            if let finger = landings[time] {
                script.put(finger: finger, atPercent: 35 + 10 * Double(finger), 20)
                down.append(finger)
            }
            script.sync()
        }
        script.wait(.milliseconds(10))
        script.lift(fingers: down)
        return script
    }
}
