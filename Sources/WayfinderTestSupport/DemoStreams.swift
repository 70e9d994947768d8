public import InputEvents
import InputRecording

/// The synthesized recordings of `wayfinder demo`'s gesture chapters: hover with a mouse, a pinch
/// on a touchpad, a swipe on a touchscreen, each written for the demo's 1024 × 768 photo-app scene.
///
/// The checked-in evemu files under `Sources/Wayfinder/Resources/Demo/` are these scripts written
/// with ``File/evemuText``; a test fails while they are stale, and
/// `Scripts/generate-demo-streams` rewrites them.
public enum DemoStreams {
    /// One bundled recording: its file name, what it shows, and its script's device and frames.
    public struct File: Sendable {
        /// The file name in `Resources/Demo/`.
        public let name: String
        /// What a person does, in a sentence (the file's comment).
        public let summary: String
        /// The device the script is written for.
        public let device: DeviceDescription
        /// The script's frames.
        public let frames: [EventFrame]

        /// Creates a file from a script's device and frames.
        public init(name: String, summary: String, script: InputScript) {
            self.name = name
            self.summary = summary
            device = script.device
            frames = script.frames
        }

        /// The file's text: an evemu 1.3 recording of the frames, with a comment saying what they
        /// are.
        public var evemuText: String {
            let text = Recording(devices: [RecordedDevice(description: device, frames: frames)]).evemuText()
            let header = "# EVEMU 1.3\n"
            let comment = """
                # Synthesized for Wayfinder's demo (WayfinderTestSupport's DemoStreams), not captured
                # from hardware: \(summary). Public domain.

                """
            return header + comment + text.dropFirst(header.count)
        }
    }

    /// Every bundled gesture recording, in the order the demo plays them.
    public static let files: [File] = [
        File(
            name: "demo-hover.evemu",
            summary: "a mouse moves the pointer over the search field, the toolbar's buttons and the photo grid",
            script: hover()),
        File(
            name: "demo-pinch.evemu",
            summary: "a finger and the thumb spread apart on a clickpad, lift, then close together",
            script: pinch()),
        File(
            name: "demo-swipe.evemu",
            summary: "a finger flicks left across an album in the sidebar of a touchscreen",
            script: swipe()),
    ]

    /// A mouse that reports one unit of movement per point of the scene.
    public static let mouse = ScriptedDevice.mouse(name: "Wayfinder Demo Mouse", vendorID: 0x1234, productID: 0xde01)

    /// A five-slot clickpad, 100 × 60 mm.
    public static let touchpad = ScriptedDevice.touchpad(
        name: "Wayfinder Demo Clickpad", vendorID: 0x1234, productID: 0xde02)

    /// A touchscreen over the whole 1024 × 768 scene, 256 × 192 mm: four points a millimetre.
    public static let touchscreen = ScriptedDevice.touchscreen(
        name: "Wayfinder Demo Touchscreen", width: 256, height: 192)

    /// Moves the mouse by `dx`, `dy` in `frames` equal steps (each a whole unit: `dx` and `dy` are
    /// multiples of `frames`), one every 10 ms.
    private static func glide(_ script: inout InputScript, dx: Int32, dy: Int32, frames: Int32) {
        precondition(dx % frames == 0 && dy % frames == 0, "the steps would not add up to the glide")
        for _ in 0..<frames {
            script.wait(.milliseconds(10))
            script.move(dx: dx / frames, dy: dy / frames)
        }
    }

    /// The pointer goes to the scene's top-left corner (wherever it was, the scene's edges stop
    /// it), then onto the search field at (170, 40), along the toolbar over Slideshow (810, 40),
    /// Share (910, 40) and Settings (990, 40), resting 400 ms on each, then down into the photo
    /// grid to (990, 400) and left to (550, 360), over the photo Canyon, where the pinch that
    /// follows zooms. Each stretch takes ten frames, 10 ms apart.
    public static func hover() -> InputScript {
        var script = InputScript(device: mouse)
        glide(&script, dx: -2000, dy: -2000, frames: 10)
        script.wait(.milliseconds(300))
        glide(&script, dx: 170, dy: 40, frames: 10)
        for dx: Int32 in [640, 100, 80] {
            script.wait(.milliseconds(400))
            glide(&script, dx: dx, dy: 0, frames: 10)
        }
        script.wait(.milliseconds(400))
        glide(&script, dx: 0, dy: 360, frames: 10)
        glide(&script, dx: -440, dy: -40, frames: 10)
        return script
    }

    /// A finger and the thumb below and left of it land 20 mm across and 24 mm down from each
    /// other (31.2 mm apart), rest 290 ms, and move apart along the line between them, each 1 mm
    /// across and 1.2 mm down every 10 ms for 12 frames, to 68.7 mm: twice as far apart as after
    /// the first frame, where the pinch begins; they lift. 600 ms later they land 40 mm across
    /// and 48 mm down from each other (62.5 mm) and close, each 1.5 mm across and 1.8 mm down
    /// every 10 ms for 10 frames, to 15.6 mm, and lift: far past the grid's smallest scale.
    public static func pinch() -> InputScript {
        var script = InputScript(device: touchpad)
        // The pad is 100 × 60 mm: percentages of its width and height.
        script.put(finger: 0, atPercent: 60, 30)
        script.put(finger: 1, atPercent: 40, 70)
        script.sync()
        script.wait(.milliseconds(290))
        script.step([(0, 1, -1.2), (1, -1, 1.2)], frames: 12, every: .milliseconds(10))
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        script.wait(.milliseconds(600))
        script.put(finger: 0, atPercent: 70, 10)
        script.put(finger: 1, atPercent: 30, 90)
        script.sync()
        script.wait(.milliseconds(290))
        script.step([(0, -1.5, 1.8), (1, 1.5, -1.8)], frames: 10, every: .milliseconds(10))
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        return script
    }

    /// A finger lands on the album Holidays at (200, 400) and flicks 40 mm (160 points) left in
    /// 100 ms, four steps, and lifts 10 ms later.
    public static func swipe() -> InputScript {
        var script = InputScript(device: touchscreen)
        script.put(finger: 0, atPercent: 200.0 / 1024 * 100, 400.0 / 768 * 100)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: -40, 0, over: .milliseconds(100), steps: 4)
        script.wait(.milliseconds(10))
        script.lift(fingers: [0])
        return script
    }
}
