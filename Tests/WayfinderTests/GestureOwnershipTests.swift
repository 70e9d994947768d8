import EventModel
import Geometry
import InputEvents
import Interactions
import Testing
import Wayfinder
import WayfinderTestSupport

/// One owner per gesture: the classifier's press gesture decides long presses and drags, and the
/// recognizers that follow them begin exactly when the event stream says, on every bundled
/// recording.
@Suite struct GestureOwnershipTests {
    /// The scene, and one node far larger, so that every press is on it even after drags moved it.
    private static let sceneSize = Size(width: 1000, height: 800)
    private static let nodeFrame = Rect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)

    /// A session of one device, named for the test's output.
    struct Session: CustomTestStringConvertible, Sendable {
        var name: String
        var sources: @Sendable () throws -> [ReplaySource]
        var testDescription: String { name }
    }

    /// Every bundled recording, and synthetic sessions with long presses and drags of every kind
    /// (the recordings hold few).
    static let sessions: [Session] =
        BundledRecording.all.map { recording in
            Session(name: recording.description) {
                try recording.load().devices.enumerated().map { index, device in
                    ReplaySource(description: device.description, frames: device.frames, device: index)
                }
            }
        } + [
            Session(name: "mouse long click, then a drag") {
                var script = InputScript(device: ScriptedDevice.mouse())
                script.key(.leftButton, 1)
                script.wait(.milliseconds(800))
                script.key(.leftButton, 0)
                script.wait(.milliseconds(300))
                script.key(.leftButton, 1)
                script.wait(.milliseconds(50))
                script.move(dx: 2, dy: 0)
                script.wait(.milliseconds(20))
                script.move(dx: 40, dy: 10)
                script.wait(.milliseconds(20))
                script.key(.leftButton, 0)
                return [ReplaySource(description: script.device, frames: script.frames)]
            },
            Session(name: "touchscreen hold and drag, then a quick pan") {
                var script = InputScript(device: ScriptedDevice.touchscreen())
                script.put(finger: 0, atPercent: 50, 50)
                script.sync()
                script.wait(.milliseconds(600))
                script.swipe(fingers: [0], byMillimetres: 20, 0, over: .milliseconds(200))
                script.lift(fingers: [0])
                script.wait(.milliseconds(300))
                script.put(finger: 0, atPercent: 30, 30)
                script.sync()
                script.swipe(fingers: [0], byMillimetres: 0, 20, over: .milliseconds(100))
                script.lift(fingers: [0])
                return [ReplaySource(description: script.device, frames: script.frames)]
            },
            Session(name: "clickpad press held, then dragged") {
                var script = InputScript(device: ScriptedDevice.touchpad())
                script.put(finger: 0, atPercent: 40, 40)
                script.sync()
                script.wait(.milliseconds(30))
                script.key(.leftButton, 1)
                script.wait(.milliseconds(700))
                script.swipe(fingers: [0], byMillimetres: 10, 0, over: .milliseconds(100))
                script.key(.leftButton, 0)
                script.lift(fingers: [0])
                return [ReplaySource(description: script.device, frames: script.frames)]
            },
        ]

    private func replay(
        _ session: Session,
        attaching attach: (Node) -> Void
    ) throws -> [WayfinderEvent] {
        let root = Node(identifier: "window", frame: Rect(origin: .zero, size: Self.sceneSize))
        let node = Node(identifier: "node", frame: Self.nodeFrame)
        root.addChild(node)
        attach(node)
        let runtime = try Runtime(interactions: InteractionSystem(root: root, sceneSize: Self.sceneSize))
        return try Replay(sources: try session.sources()).events(through: runtime)
    }

    private func times(_ events: [WayfinderEvent], where matches: (ClassifiedEvent) -> Bool) -> [Timestamp] {
        events.compactMap { event in
            guard case .input(let input, _) = event.payload, matches(input) else { return nil }
            return event.time
        }
    }

    @Test(arguments: sessions)
    func theSystemsLongPressBeginsWhenTheStreamsDoes(session: Session) throws {
        var began: [Timestamp] = []
        let events = try replay(session) { node in
            let longPress = LongPressGestureRecognizer()
            longPress.addTarget { if $0.state == .began { began.append($0.time) } }
            node.addGestureRecognizer(longPress)
        }
        let stream = times(events) {
            if case .longPress(.began, _, _) = $0 { return true }
            return false
        }
        #expect(began == stream)
    }

    @Test(arguments: sessions)
    func aDragLiftsAndDropsWhenTheStreamSays(session: Session) throws {
        let events = try replay(session) { node in node.addInteraction(DragInteraction()) }
        let actions = events.compactMap { event -> String? in
            guard case .action(let action) = event.payload, action.name == "drag" else { return nil }
            return "\(action.phase?.rawValue ?? "") \(event.time)"
        }
        // A pointer lifts when the stream's drag begins; a finger when the stream's long press
        // begins (the lift delay). A pointer drops when its drag ends; a finger when its drag ends,
        // or its long press if it never dragged (a long press cancelled because it became a drag
        // is no drop).
        let inputs = events.compactMap { event -> (ClassifiedEvent, Timestamp)? in
            guard case .input(let input, _) = event.payload else { return nil }
            return (input, event.time)
        }
        var expected: [String] = []
        for (index, (input, time)) in inputs.enumerated() {
            switch input {
            case .drag(.began, .indirectPointer, _, _), .longPress(.began, .direct, _):
                expected.append("began \(time)")
            case .drag(.ended, _, _, _), .longPress(.ended, .direct, _):
                expected.append("ended \(time)")
            case .drag(.cancelled, _, _, _):
                expected.append("cancelled \(time)")
            case .longPress(.cancelled, .direct, _):
                let becameADrag =
                    index + 1 < inputs.count
                    && {
                        if case .drag(.began, .direct, _, _) = inputs[index + 1].0 { return true }
                        return false
                    }()
                if !becameADrag { expected.append("cancelled \(time)") }
            default:
                continue
            }
        }
        #expect(actions.filter { !$0.hasPrefix("changed") } == expected)
    }
}
