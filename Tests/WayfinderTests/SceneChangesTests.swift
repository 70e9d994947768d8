import EventModel
import Geometry
import InputEvents
import Scenes
import Testing
import Wayfinder
import WayfinderTesting

/// A scene changed while the runtime runs, between two inputs of one replay: hit testing finds
/// what is at a point now, and focus moves go through the nodes there are now.
@Suite struct SceneChangesTests {
    static let size = Size(width: 400, height: 300)
    /// Where every tap lands: inside `card`, which lies over `panel`.
    static let point = Point(x: 75, y: 75)

    /// Three buttons in a row (Tab visits them in order) beside a panel with a card on it.
    static func scene() -> Scene {
        Scene(
            root: SceneNode(
                id: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300),
                children: [
                    SceneNode(id: "panel", frame: Rect(x: 0, y: 0, width: 200, height: 200)),
                    SceneNode(id: "card", frame: Rect(x: 50, y: 50, width: 50, height: 50)),
                    button("one", x: 220),
                    button("two", x: 280),
                    button("three", x: 340),
                ]))
    }

    /// A button in a focus group of its own, which Tab visits.
    static func button(_ id: String, x: Double) -> SceneNode {
        SceneNode(
            id: id, frame: Rect(x: x, y: 250, width: 50, height: 30), role: .button, focusable: true, focusGroup: id)
    }

    /// Plays `inputs` through `runtime`, calling `change` with each step's time (since the first
    /// step) before the step runs: the scene changes while the replay runs.
    static func play(
        _ inputs: [any ScriptedInput], through runtime: Runtime, changing change: (Timestamp) throws -> Void
    ) throws -> [String] {
        let sources = inputs.enumerated().map { index, input in
            ReplaySource(description: input.script.device, frames: input.script.frames, recording: 0, device: index)
        }
        var events: [WayfinderEvent] = []
        var start: Timestamp?
        try Replay(sources: sources).run(
            through: runtime,
            beforeStep: { time in
                let first = start ?? time
                start = first
                try change(Timestamp(microseconds: time.microseconds - first.microseconds))
            },
            afterStep: { events += $0 })
        return EventTranscript(events: events, origin: .zero).summaries()
    }

    @Test func theSameTapFindsWhatIsThereNow() throws {
        let runtime = try Runtime(scene: Self.scene())
        var screen = ScriptedTouchscreen(covering: Self.size)
        for _ in 0..<4 {
            screen.tap(at: Self.point)
            screen.wait(.milliseconds(500))
        }
        var changes = 0
        let summaries = try Self.play([screen], through: runtime) { time in
            // Between the taps: the card moves away, then back, then the panel and the card go.
            let due = time.microseconds / 500_000
            while changes < due {
                changes += 1
                switch changes {
                case 1: #expect(runtime.moveNode("card", to: Rect(x: 300, y: 20, width: 50, height: 50)))
                case 2: #expect(runtime.moveNode("card", to: Rect(x: 60, y: 60, width: 30, height: 30)))
                case 3:
                    #expect(runtime.removeNode("card"))
                    #expect(runtime.removeNode("panel"))
                default: break
                }
            }
        }
        #expect(
            summaries.filter { $0.contains("tap") } == [
                "1-finger tap (direct) on card", "1-finger tap (direct) on panel", "1-finger tap (direct) on card",
                "1-finger tap (direct) on root",
            ])
        #expect(runtime.snapshot()?.nodes.map(\.id) == ["root", "one", "two", "three"])
    }

    @Test func focusMovesSkipARemovedNodeAndReachAnAddedOne() throws {
        let runtime = try Runtime(scene: Self.scene())
        var keyboard = ScriptedKeyboard()
        for _ in 0..<6 {
            keyboard.press(.tab)
            keyboard.wait(.milliseconds(500))
        }
        var changes = 0
        let summaries = try Self.play([keyboard], through: runtime) { time in
            let due = time.microseconds / 500_000
            while changes < due {
                changes += 1
                switch changes {
                case 1: #expect(runtime.removeNode("two"))
                case 3:
                    let four = Self.button("four", x: 10)
                    let added = try runtime.addNode(four, to: "root")
                    let addedAgain = try runtime.addNode(four, to: "root")
                    #expect(added && !addedAgain)
                default: break
                }
            }
        }
        #expect(
            summaries.filter { !$0.hasPrefix("key ") } == [
                "device added (keyboard)",
                // `two` is gone before the second Tab.
                "focus nothing → one (next)", "focus one → three (next)", "focus three → one (next)",
                // `four`, added after the third, comes last in the Tab order, as the last child.
                "focus one → three (next)", "focus three → four (next)", "focus four → one (next)",
                "device removed (keyboard)",
            ])
        #expect(!runtime.removeNode("root"))
        #expect(!runtime.moveNode("nothing", to: .zero))
    }
}
