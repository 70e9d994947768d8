public import InputEvents
public import InputRecording

/// A generated mouse session at 1 kHz, made for ``GridScene``: motion, a click, a secondary
/// click, a press-and-drag and back, and wheel notches down and up again.
///
/// The session ends where it started: the pointer back at the window's centre, the dragged cell
/// back in its place and the grid scrolled back to the top, so it can be played again and again
/// (each pass later in time) with the scene in the same state at the start of every pass. The
/// classifier passes a mouse's counts through as points, so the positions below are exact.
///
/// ```
/// laps of a square │ click │ right click │ → drag cell │ drag → │ drag ← │ ← back │ wheel ↓↓↓ ↑↑↑
/// 1 count per ms   │ P--R  │ P--R (menu) │ 50 pt      │ P~~~R  │ P~~~R  │ 50 pt  │ 100 ms apart
/// ```
///
/// ```swift
/// let session = GeneratedMouseSession()
/// let runtime = try Runtime(scene: GridScene(cells: 100).scene)
/// runtime.addDevice(DeviceID(rawValue: 0), description: GeneratedMouseSession.device, at: .zero)
/// for frame in session.frames { runtime.process(frame, from: DeviceID(rawValue: 0)) }
/// ```
public struct GeneratedMouseSession: Sendable {
    /// The device: a USB mouse with two wheels and five buttons, without high-resolution wheels.
    public static let device = ScriptedDevice.mouse(name: "Generated 1 kHz Mouse")
    /// The time between two motion frames: a 1 kHz gaming mouse's report interval, the highest
    /// rate common mice send at, and so the heaviest steady load a pointer puts on the pipeline.
    public static let reportInterval: Duration = .milliseconds(1)
    /// The side of the square the pointer draws, in counts (points): one cell slot, so that the
    /// pointer crosses cells of both kinds and stays well inside the window.
    public static let squareSide = Int(GridScene.pitch)
    /// How far the cell is dragged, in points: less than the 27 points from the pointer to the
    /// next cell, so that the second press picks up the same cell again.
    public static let dragDistance = 15
    /// The wheel notches each way: 120 points at 40 points a notch, within the 150 points the
    /// smallest grid (100 cells, ten rows in a seven-row window) can scroll.
    public static let wheelNotches = 3
    /// How long a button is held in a click: a brisk click, well under the 500 ms long press.
    public static let clickHold: Duration = .milliseconds(80)
    /// The pause between gestures: longer than the 300 ms multiple-tap interval, so no two
    /// clicks make a double click.
    public static let pause: Duration = .milliseconds(400)
    /// The time between two wheel notches: a deliberate notch-by-notch turn.
    public static let notchInterval: Duration = .milliseconds(100)

    /// How many times the pointer goes round the square.
    public let laps: Int
    /// The frames, in time order.
    public let frames: [EventFrame]

    /// Generates the session.
    /// - Parameters:
    ///   - laps: How many times the pointer goes round the square; each lap is 200 frames.
    ///   - start: The time of the first frame.
    public init(laps: Int = 4, start: Timestamp = Timestamp(microseconds: 1_000_000)) {
        self.laps = laps
        var script = InputScript(device: Self.device, start: start)
        func glide(dx: Int32, dy: Int32, frames: Int) {
            for _ in 0..<frames {
                script.move(dx: dx, dy: dy)
                script.wait(Self.reportInterval)
            }
        }
        func click(_ button: KeyCode) {
            script.key(button, 1)
            script.wait(Self.clickHold)
            script.key(button, 0)
            script.wait(Self.pause)
        }
        for _ in 0..<laps {
            glide(dx: 1, dy: 0, frames: Self.squareSide)
            glide(dx: 0, dy: 1, frames: Self.squareSide)
            glide(dx: -1, dy: 0, frames: Self.squareSide)
            glide(dx: 0, dy: -1, frames: Self.squareSide)
        }
        script.wait(Self.pause)
        click(.leftButton)
        click(.rightButton)
        // To the drag cell on the right, across and back with the button held, and home again.
        glide(dx: 1, dy: 0, frames: Self.squareSide)
        for direction: Int32 in [1, -1] {
            script.key(.leftButton, 1)
            script.wait(Self.reportInterval)
            glide(dx: direction, dy: 0, frames: Self.dragDistance)
            script.key(.leftButton, 0)
            script.wait(Self.pause)
        }
        glide(dx: -1, dy: 0, frames: Self.squareSide)
        for notch: Int32 in [-1, 1] {
            for _ in 0..<Self.wheelNotches {
                script.add(.wheel, notch)
                script.sync()
                script.wait(Self.notchInterval)
            }
            script.wait(Self.pause)
        }
        frames = script.frames
    }

    /// The time from the first frame to the last.
    public var duration: Duration {
        guard let first = frames.first, let last = frames.last else { return .zero }
        return last.time - first.time
    }

    /// The session as a recording, to write as an evemu or libinput-record file.
    public var recording: Recording {
        Recording(devices: [RecordedDevice(description: Self.device, frames: frames)])
    }
}
