import Foundation
import Geometry
import InputRecording
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

/// The README's example, kept compiling and true: a node tree built in code, an interaction and a
/// focus group, and the event sequence consumed with `for await`.
@Suite struct RuntimeExampleTests {
    @Test func theReadmeExampleWorks() async throws {
        // A window with a sidebar (its own focus group) and a photo with a context menu.
        let sidebar = SceneNode(
            id: "sidebar", frame: Rect(x: 0, y: 0, width: 240, height: 600),
            children: [
                SceneNode(id: "recents", frame: Rect(x: 0, y: 0, width: 240, height: 44), focusable: true),
                SceneNode(id: "albums", frame: Rect(x: 0, y: 44, width: 240, height: 44), focusable: true),
            ],
            role: .list, focusGroup: "com.example.sidebar")
        let photo = SceneNode(
            id: "photo", frame: Rect(x: 300, y: 100, width: 250, height: 250), role: .cell, focusable: true,
            interactions: [.contextMenu(actions: ["Share", "Delete"])])
        let window = SceneNode(
            id: "window", frame: Rect(x: 0, y: 0, width: 800, height: 600), children: [sidebar, photo])
        let runtime = try Runtime(scene: Scene(root: window))
        let events = runtime.events

        // Feed it recordings (or attached devices, with LiveLoop and DeviceSessionSource).
        let keyboard = try Recording.load(
            contentsOf: Fixtures.recordingsDirectory.appendingPathComponent("../Demo/demo-keyboard.evemu"))
        let click = try Recording.load(
            contentsOf: Fixtures.recording("touchpad/xit_synaptics-clickpad.right-phys-click.events"),
            descriptionURL: Fixtures.recording("touchpad/xit_synaptics-clickpad.desc"))
        let sources =
            keyboard.devices.map { ReplaySource(description: $0.description, frames: Array($0.frames.prefix(2))) }
            + click.devices.map { ReplaySource(description: $0.description, frames: $0.frames, offset: .seconds(1)) }
        try Replay(sources: sources).run(through: runtime)
        runtime.finish()

        var lines: [String] = []
        for await event in events {
            switch event.payload {
            case .focus(_, let to, _): lines.append("focus \(to ?? "nothing")")
            case .action(let action): lines.append("\(action.name) on \(action.item): \(action.actions)")
            default: continue
            }
        }
        #expect(lines == ["focus recents", "contextMenu on photo: [\"Share\", \"Delete\"]"])
    }
}
