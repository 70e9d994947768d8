import Foundation
import Geometry
import InputRecording
import Scenes
import Wayfinder

/// Replays recordings through a window with a sidebar (a focus group of its own) and a photo
/// with a context menu, and returns where focus went and which actions fired.
func focusAndActions(replaying files: [URL]) async throws -> [String] {
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

    // Recordings, merged in time order. For attached devices instead:
    // try LiveLoop(runtime: runtime, source: DeviceSessionSource(grabs: false) { print($0) }).run()
    var sources: [ReplaySource] = []
    for (index, file) in files.enumerated() {
        let recording = try Recording.load(contentsOf: file)
        for (device, recorded) in recording.devices.enumerated() {
            sources.append(
                ReplaySource(
                    description: recorded.description, frames: recorded.frames, recording: index, device: device))
        }
    }
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
    return lines
}
