public import Classification
import EventModel
public import FocusEngine
import InputEvents
public import Interactions
public import Scenes
public import Wayfinder

/// Plays input through the real `Runtime` (classifiers, interactions, focus engine) on a scene
/// or on a node tree of your own, with virtual time, and returns what happened, in order.
///
/// ```swift
/// let test = try InteractionTest(scene: scene)
/// var touchpad = ScriptedTouchpad()
/// touchpad.twoFingerScroll(by: .millimetres(0, 20), over: .milliseconds(300))
/// let transcript = try test.play(touchpad)
/// #expect(transcript.summaries(of: .action) == ["action pan on list began", …])
/// ```
///
/// Time is the scripts' own: nothing waits, and a deadline (a long press, a tap's timeout, a
/// scroll's deceleration) fires when the next frame's time passes it, as it would live. After the
/// last frame, deadlines fire for `Replay.settleDuration` more. The runtime keeps its state
/// between plays (focus, scroll offsets), as an application does between gestures.
public final class InteractionTest {
    /// The runtime the input goes through.
    public let runtime: Runtime

    /// Runs input through a scene built in code or loaded from a file.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - settings: How devices behave (tap-to-click, click method, keyboard layout, …).
    ///   - fullKeyboardAccess: Whether Full Keyboard Access is on.
    /// - Throws: What `Runtime` throws for a scene whose key commands do not parse, or a layout
    ///   that does not exist.
    public init(scene: Scene, settings: DeviceSettings = DeviceSettings(), fullKeyboardAccess: Bool = false) throws {
        runtime = try Runtime(scene: scene, settings: settings, fullKeyboardAccess: fullKeyboardAccess)
    }

    /// Runs input through a scene file.
    /// - Throws: `SceneError` naming the file and line when the scene is malformed.
    public convenience init(
        sceneFile path: String, settings: DeviceSettings = DeviceSettings(), fullKeyboardAccess: Bool = false
    ) throws {
        try self.init(
            scene: try Scene.load(path: path).scene, settings: settings, fullKeyboardAccess: fullKeyboardAccess)
    }

    /// Runs input through your own node tree (views conforming to `InteractionNode`, with their
    /// interactions) and focus system.
    public init(interactions: InteractionSystem, focus: FocusSystem? = nil, settings: DeviceSettings = DeviceSettings())
        throws
    {
        runtime = try Runtime(interactions: interactions, focus: focus, settings: settings)
    }

    /// Plays scripted devices together, merged in time order, each as its own device.
    /// - Returns: Every event, in order, with times since the scripts' start.
    public func play(_ inputs: [any ScriptedInput]) throws -> EventTranscript {
        let sources = inputs.enumerated().map { index, input in
            ReplaySource(description: input.script.device, frames: input.script.frames, recording: 0, device: index)
        }
        let origin = inputs.compactMap { $0.script.frames.first?.time }.min() ?? .zero
        return EventTranscript(events: try Replay(sources: sources).events(through: runtime), origin: origin)
    }

    /// Plays scripted devices together.
    public func play(_ inputs: any ScriptedInput...) throws -> EventTranscript {
        try play(inputs)
    }

    /// Plays recordings (evemu or libinput record files), merged in time order as
    /// `wayfinder replay` merges them: a session recorded once on real hardware, as a test.
    /// - Returns: Every event, in order, with times since the earliest first event.
    /// - Throws: `RecordingError` naming the file and line of what is malformed.
    public func play(recordings paths: [String]) throws -> EventTranscript {
        let replay = try Replay.load(paths.map { ReplayInput(path: $0) })
        return EventTranscript(events: try replay.events(through: runtime), origin: .zero)
    }
}
