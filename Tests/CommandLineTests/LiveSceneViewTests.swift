import EventModel
import InputEvents
import InputRecording
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

@testable import wayfinder

/// `run --scene`'s view fed by a recording instead of devices: after the input, it shows what the
/// renderer draws for the runtime's state, with the caption of the last thing worth one.
@Suite struct LiveSceneViewTests {
    /// Hands out a recording's device and then one frame per wait, as attached devices would.
    final class RecordedSource: LiveInputSource {
        private var batches: [[LiveInput]]
        private(set) var time = Timestamp.zero

        init(_ device: RecordedDevice) {
            let instance = DeviceInstance(
                id: DeviceID(rawValue: 0), name: device.description.name, source: "/dev/input/event7")
            batches =
                [[.added(instance, device.description)]] + device.frames.map { [.frame(DeviceID(rawValue: 0), $0)] }
        }

        func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
            guard !batches.isEmpty else { return false }
            let batch = batches.removeFirst()
            for input in batch { if case .frame(_, let frame) = input { time = frame.time } }
            output += batch
            return true
        }

        func close() {}
    }

    @Test func afterAClickpadsSecondaryClickItShowsThePointerOnThePhotoItClicked() throws {
        let photos = Fixtures.testFixture("scenes/photos.scene.json").path
        let scene = try Scene.load(path: photos).scene
        let device = try #require(
            try Recording.load(
                contentsOf: Fixtures.recording("touchpad/xit_synaptics-clickpad.right-phys-click.events"),
                descriptionURL: Fixtures.recording("touchpad/xit_synaptics-clickpad.desc")
            ).devices.first)

        var written = ""
        let player = try TerminalPlayer(colour: false, size: { (100, 30) }, output: { written += $0 })
        let runtime = try Runtime(scene: scene, sceneFile: photos)
        let source = RecordedSource(device)
        let view = try LiveSceneView(
            source: source, runtime: runtime, title: " wayfinder run  photos", messages: MessageSink(), player: player)
        try LiveLoop(runtime: runtime, source: view, clock: { source.time }).run()
        view.drawPending(force: true)

        // The same input through a runtime of its own, captions taken as the view takes them.
        let reference = try Runtime(scene: scene, sceneFile: photos)
        let instance = DeviceInstance(
            id: DeviceID(rawValue: 0), name: device.description.name, source: "/dev/input/event7")
        var batches = [reference.addDevice(instance, description: device.description, at: .zero)]
        for frame in device.frames { batches.append(reference.process(frame, from: DeviceID(rawValue: 0))) }
        var captions: [String] = []
        for batch in batches {
            if let text = Captions.caption(for: batch) { captions.append(text) }
        }
        #expect(
            captions == [
                "SynPS/2 Synaptics TouchPad added (clickpad)", "secondary click (buttonArea) on photo-5",
            ])
        // When the loop ends (Ctrl-C), the devices are removed, and the last frame says so.
        let removal = reference.removeAllDevices(at: try #require(device.frames.last).time)
        let caption = try #require(Captions.caption(for: removal))

        var screen = TerminalScreen(columns: 100, rows: 30)
        screen.feed(Array(written.utf8))
        #expect(
            screen.lines
                == TerminalViewTests.frame(
                    try #require(reference.snapshot()), title: " wayfinder run  photos", hint: "Ctrl-C: quit ",
                    caption: caption, columns: 100, rows: 30), "\(screen.lines.joined(separator: "\n"))")
        #expect(screen.isAlternate)
        view.end()
        screen.feed(Array(written.utf8.suffix(Terminal.Sequence.leaveFullScreen.utf8.count)))
        #expect(!screen.isAlternate)
    }
}
