public import Classification
public import Foundation
public import InputEvents
import InputRecording
public import Scenes

/// The built-in showcase: the bundled photo-app scene and bundled recordings, played one after
/// another through the whole pipeline.
///
/// 1. A keyboard session (synthesized): Tab through the search field, the sidebar and the photo
///    grid, arrows inside groups, Return to select, Shift-Tab back.
/// 2. A two-finger scroll down on a Synaptics clickpad (real): the grid scrolls continuously.
/// 3. A physical click in the clickpad's bottom-right corner (real): a secondary click, which
///    opens the context menu of the photo under the pointer.
/// 4. A Logitech mouse (real): the wheel scrolls the grid in steps; a press that moves while held
///    drags a sidebar album at once (no lift delay for a pointer); a right click opens an
///    album's context menu.
/// 5. A mouse (synthesized): the pointer passes over the search field and the toolbar's Slideshow,
///    Share and Settings buttons, whose hover effects come and go, and comes to rest on a photo.
/// 6. A clickpad (synthesized): a finger and the thumb spread apart, a pinch that zooms the photo
///    grid about the pointer; then they close past its smallest scale, and it bounces back.
/// 7. A touchscreen (synthesized): a flick left across the album Holidays, its swipe to delete.
///
/// ```swift
/// let demo = try Demo.load()
/// let runtime = try demo.makeRuntime()
/// for event in try demo.replay.events(through: runtime) { print(event.textLine() ?? "") }
/// ```
public struct Demo {
    /// One part of the showcase.
    public struct Chapter: Sendable {
        /// What the part shows.
        public var title: String
        /// When it starts on the replay's time line.
        public var start: Timestamp
    }

    /// The scene.
    public var scene: Scene
    /// The scene file's path, for messages.
    public var sceneFile: String
    /// The recordings, offset so that they play one after another.
    public var replay: Replay
    /// The parts, in order.
    public var chapters: [Chapter]

    /// The pause between two recordings on the time line: long enough for every gesture of the
    /// previous one to end (a scroll's deceleration settles well within it).
    public static let gap: Duration = .milliseconds(1500)

    /// A problem with the bundled files.
    public struct LoadError: Error, CustomStringConvertible {
        /// What went wrong, naming the file.
        public var description: String
    }

    /// The directory of the bundled resources (`Demo/`, `Recordings/`).
    public static var resourcesDirectory: URL? {
        Bundle.module.url(forResource: "Resources", withExtension: nil)
    }

    /// Where the demo's scene is among the resources (`wayfinder demo --print-scene-path`).
    public static let sceneFile = "Demo/demo-scene.json"

    /// Loads the bundled scene and recordings.
    /// - Parameter directory: The resources directory; the bundled one by default.
    /// - Throws: ``LoadError`` naming the file when a bundled file is missing or malformed.
    public static func load(from directory: URL? = nil) throws(LoadError) -> Demo {
        guard let directory = directory ?? resourcesDirectory else {
            throw LoadError(description: "the demo's resources are missing next to the executable")
        }
        let sceneURL = directory.appendingPathComponent(sceneFile)
        let scene: Scene
        do {
            scene = try Scene.load(contentsOf: sceneURL).scene
        } catch {
            throw LoadError(description: "\(error)")
        }
        let recordings = directory.appendingPathComponent("Recordings")
        let parts: [(title: String, file: URL, description: URL?)] = [
            (
                "keyboard: Tab between groups, arrows inside them, Return selects",
                directory.appendingPathComponent("Demo/demo-keyboard.evemu"), nil
            ),
            (
                "clickpad: two-finger scroll down on the photo grid",
                recordings.appendingPathComponent("touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events"),
                recordings.appendingPathComponent("touchpad/xit_synaptics-clickpad.desc")
            ),
            (
                "clickpad: click in the bottom-right corner, a secondary click",
                recordings.appendingPathComponent("touchpad/xit_synaptics-clickpad.right-phys-click.events"),
                recordings.appendingPathComponent("touchpad/xit_synaptics-clickpad.desc")
            ),
            (
                "mouse: the wheel scrolls in steps; press and move drags an album at once; right click opens its menu",
                recordings.appendingPathComponent(
                    "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu"),
                nil
            ),
            (
                "mouse: the pointer passes over the search field and the toolbar, which highlight under it",
                directory.appendingPathComponent("Demo/demo-hover.evemu"), nil
            ),
            (
                "touchpad: pinch out zooms the photo grid about the pointer; pinch in bounces back to its size",
                directory.appendingPathComponent("Demo/demo-pinch.evemu"), nil
            ),
            (
                "touchscreen: a flick left on an album swipes to delete it",
                directory.appendingPathComponent("Demo/demo-swipe.evemu"), nil
            ),
        ]
        return try Demo(
            scene: scene, sceneFile: sceneURL.path,
            parts: parts.map {
                (title: $0.title, input: ReplayInput(path: $0.file.path, descriptionPath: $0.description?.path))
            })
    }

    /// Creates a showcase of one's own: recordings played one after another, each a chapter named
    /// after its file, on a scene.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - sceneFile: The scene's file name, for messages.
    ///   - recordings: The recordings, each with its separate description when it has one.
    /// - Throws: ``LoadError`` naming the file when a recording is missing or malformed.
    public init(scene: Scene, sceneFile: String, recordings: [ReplayInput]) throws(LoadError) {
        try self.init(
            scene: scene, sceneFile: sceneFile,
            parts: recordings.map { (title: URL(fileURLWithPath: $0.path).lastPathComponent, input: $0) })
    }

    private init(scene: Scene, sceneFile: String, parts: [(title: String, input: ReplayInput)]) throws(LoadError) {
        var sources: [ReplaySource] = []
        var chapters: [Chapter] = []
        var start = Timestamp.zero
        for (index, part) in parts.enumerated() {
            let recording: Recording
            do {
                recording = try Recording.load(
                    contentsOf: URL(fileURLWithPath: part.input.path),
                    descriptionURL: part.input.descriptionPath.map { URL(fileURLWithPath: $0) })
            } catch {
                throw LoadError(description: "\(error)")
            }
            chapters.append(Chapter(title: part.title, start: start))
            for (deviceIndex, device) in recording.devices.enumerated() {
                sources.append(
                    ReplaySource(
                        description: device.description, frames: device.frames, recording: index, device: deviceIndex,
                        offset: start - .zero))
            }
            start = start + recording.duration + Self.gap
        }
        self.init(scene: scene, sceneFile: sceneFile, replay: Replay(sources: sources), chapters: chapters)
    }

    private init(scene: Scene, sceneFile: String, replay: Replay, chapters: [Chapter]) {
        self.scene = scene
        self.sceneFile = sceneFile
        self.replay = replay
        self.chapters = chapters
    }

    /// The settings the demo plays under: flat acceleration at speed 0, because its streams are
    /// scripted in points (one mouse count is one point) to reach the scene's items.
    public static let settings = DeviceSettings(accelerationProfile: .flat)

    /// A runtime for the demo's scene.
    /// - Parameters:
    ///   - settings: How devices behave; ``settings`` by default.
    ///   - rules: Changes to `settings` for chosen devices (a settings file); none by default.
    /// - Throws: `SceneError` when the scene's key commands do not parse; `ClassificationError`
    ///   when the keyboard layout chosen does not exist.
    public func makeRuntime(
        settings: DeviceSettings = Demo.settings,
        rules: DeviceSettingsRules = DeviceSettingsRules()
    ) throws -> Runtime {
        try Runtime(scene: scene, sceneFile: sceneFile, settings: settings, rules: rules)
    }

    /// The chapter playing at a time.
    public func chapter(at time: Timestamp) -> Chapter? {
        chapters.last { $0.start <= time }
    }
}
