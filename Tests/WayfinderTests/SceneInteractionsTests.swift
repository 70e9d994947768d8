import Classification
import EventModel
import Foundation
import Geometry
import InputEvents
import Interactions
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

@Suite struct SceneInteractionsTests {
    private func load(_ url: URL) throws -> SceneInteractions {
        SceneInteractions(scene: try Scene.load(contentsOf: url).scene)
    }

    private var photosScene: URL { Fixtures.testFixture("scenes/photos.scene.json") }
    private var demoScene: URL {
        Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json")
    }

    @Test func nodesAndInteractionsComeFromTheFile() throws {
        let tree = try load(photosScene)
        #expect(tree.root.identifier == "window")
        #expect(tree.sceneSize == Size(width: 1024, height: 768))
        let photo = try #require(tree.node(withIdentifier: "photo-1"))
        #expect(photo.frame == Rect(x: 260, y: 70, width: 180, height: 180))
        #expect(photo.interactions.count == 2)
        #expect(photo.interactions.first is ContextMenuInteraction)
        #expect(photo.interactions.last is DragInteraction)
        #expect(photo.gestureRecognizers.count == 4)
        let grid = try #require(tree.scrollViews["grid"])
        #expect(grid.contentSize == Size(width: 764, height: 4000))
        #expect(tree.node(withIdentifier: "placeholder")?.interactions.isEmpty == true)
    }

    /// The frame every node of the small scenes below has.
    private static let square = Rect(x: 0, y: 0, width: 100, height: 100)

    /// A scene of a window, as large as its nodes, holding `children`.
    private static func window(holding children: [SceneNode]) -> Scene {
        Scene(root: SceneNode(id: "window", frame: square, children: children))
    }

    /// The table of interactions lists, by node, the interactions built from the file, in file
    /// order, without the scroll views; nodes sharing an id (a scene built in code) share an entry,
    /// and the last of them is the one found by id.
    @Test func interactionsAreListedByNodeWithoutTheirScrollViews() throws {
        let frame = Self.square
        let scene = Self.window(holding: [
            SceneNode(
                id: "list", frame: frame,
                children: [
                    SceneNode(id: "twin", frame: frame, interactions: [.drag]),
                    SceneNode(id: "twin", frame: frame, interactions: [.contextMenu(actions: ["Open"])]),
                ],
                interactions: [.pan(allowedScrollTypes: .all)],
                scroll: SceneScroll(contentSize: Size(width: 100, height: 400))),
            SceneNode(id: "plain", frame: frame),
        ])
        let tree = SceneInteractions(scene: scene)
        let list = try #require(tree.node(withIdentifier: "list"))
        let twins = list.children
        #expect(list.interactions.count == 2)
        #expect(list.interactions.first === tree.scrollViews["list"])
        let table = tree.interactions
        #expect(table.keys.sorted() == ["list", "twin"])
        #expect(table["list"]?.map(ObjectIdentifier.init) == [ObjectIdentifier(list.interactions[1])])
        #expect(
            table["twin"]?.map(ObjectIdentifier.init)
                == (twins[0].interactions + twins[1].interactions).map(ObjectIdentifier.init))
        #expect(table["twin"]?.first is DragInteraction)
        #expect(table["twin"]?.last is ContextMenuInteraction)
        #expect(tree.node(withIdentifier: "twin") === twins[1])
        #expect(tree.node(withIdentifier: "plain")?.interactions.isEmpty == true)
        #expect(tree.node(withIdentifier: "missing") == nil)
    }

    /// A large grid costs its nodes: a cell's interactions are made the first time input looks at
    /// it. A secondary click where the pointer starts (the middle of the context-menu cell at row 3,
    /// column 5) makes that cell's, and no other's.
    @Test func aGridMakesTheInteractionsOfTheCellsInputReachesOnly() throws {
        let tree = SceneInteractions(scene: GridScene(cells: 1_000).scene)
        let collection = try #require(tree.root.children.first)
        func cellsWithInteractions() -> [String] {
            collection.children.filter { !$0.attachments.interactions.isEmpty }.map(\.identifier)
        }
        #expect(collection.children.count == 1_000)
        #expect(cellsWithInteractions() == [])
        let system = tree.makeSystem()
        var output: [TimedPayload] = []
        for (milliseconds, state) in [(10, ButtonState.down), (90, .up)] {
            system.handle(
                ClassifiedInput(
                    time: Timestamp(microseconds: Int64(milliseconds) * 1_000),
                    event: .button(.secondary, state: state, trigger: .button, code: nil)),
                into: &output)
        }
        #expect(output.compactMap { $0.payload.action.map { "\($0.item) \($0.name)" } } == ["cell-38 contextMenu"])
        #expect(cellsWithInteractions() == ["cell-38"])
        // Asking for a cell's interactions makes them too, in file order.
        let other = try #require(tree.node(withIdentifier: "cell-39"))
        #expect(other.interactions.map { String(describing: type(of: $0)) } == ["DragInteraction"])
        #expect(cellsWithInteractions() == ["cell-38", "cell-39"])
    }

    /// A node with a hover effect gets its interactions at once, in file order, so that its hover
    /// recognizer counts up the tree from the start.
    @Test func aNodeWithAHoverEffectIsBuiltAtOnce() throws {
        let scene = Self.window(holding: [
            SceneNode(
                id: "button", frame: Self.square,
                interactions: [.contextMenu(actions: ["Open"]), .hover(effect: .lift)]),
            SceneNode(id: "cell", frame: Self.square, interactions: [.drag]),
        ])
        let tree = SceneInteractions(scene: scene)
        let button = try #require(tree.node(withIdentifier: "button"))
        let cell = try #require(tree.node(withIdentifier: "cell"))
        #expect(
            button.attachments.interactions.map { String(describing: type(of: $0)) } == [
                "ContextMenuInteraction", "PointerInteraction",
            ])
        #expect(tree.root.attachments.hoverRecognizerCount == 1)
        #expect(cell.attachments.interactions.isEmpty)
    }

    @Test(arguments: [AllowedScrollTypes.none, .continuous, .discrete, .all])
    func panEntriesKeepTheirScrollTypes(allowed: AllowedScrollTypes) throws {
        let pan = try #require(SceneInteractions.makeInteraction(.pan(allowedScrollTypes: allowed)) as? PanInteraction)
        let expected: ScrollTypeMask =
            switch allowed {
            case .none: []
            case .continuous: .continuous
            case .discrete: .discrete
            case .all: .all
            }
        #expect(pan.allowedScrollTypes == expected)
    }

    @Test func secondaryActionEntriesUseTheirActionName() throws {
        let action = try #require(
            SceneInteractions.makeInteraction(.secondaryAction(action: "rename")) as? SecondaryActionInteraction)
        #expect(action.name == "rename")
    }

    @Test func aSecondaryClickOnAPhotoPresentsItsMenu() throws {
        let tree = try load(photosScene)
        let system = tree.makeSystem()
        let start = Timestamp(microseconds: 1_000_000)
        var events: [TimedPayload] = []
        events += system.handle(
            ClassifiedInput(time: start, event: .motion(Point(x: 350, y: 160) - system.pointerLocation)))
        events += system.handle(
            ClassifiedInput(
                time: start + .milliseconds(10), event: .button(.secondary, state: .down, trigger: .button, code: nil)))
        events += system.handle(
            ClassifiedInput(
                time: start + .milliseconds(90), event: .button(.secondary, state: .up, trigger: .button, code: nil)))
        events += system.advance(to: start + .seconds(1))
        #expect(
            events == [
                TimedPayload(
                    time: start + .milliseconds(90),
                    payload: .action(
                        ActionEvent(
                            item: "photo-1", name: "contextMenu", trigger: .secondaryClick,
                            actions: ["Share", "Delete"])
                    )
                )
            ]
        )
    }

    @Test func theWheelScrollsTheGridAndMovesWhatIsUnderThePointer() throws {
        let tree = try load(photosScene)
        let system = tree.makeSystem()
        let start = Timestamp(microseconds: 1_000_000)
        // Pointer over photo-5, [450, 260, 180, 180].
        _ = system.handle(
            ClassifiedInput(time: start, event: .motion(Point(x: 500, y: 300) - system.pointerLocation)))
        #expect(tree.root.hitTest(system.pointerLocation)?.identifier == "photo-5")
        for step in 0..<5 {
            _ = system.handle(
                ClassifiedInput(
                    time: start + .milliseconds(Int64(10 * step)),
                    event: .scroll(
                        source: .discrete, delta: Vector(x: 0, y: 40), v120: Vector(x: 0, y: 120), phase: nil,
                        velocity: nil)
                )
            )
        }
        #expect(tree.scrollViews["grid"]?.contentOffset == Vector(x: 0, y: 200))
        // Content moved up 200 points: photo-9 [450, 450, 180, 180] is under the pointer now.
        #expect(tree.root.hitTest(system.pointerLocation)?.identifier == "photo-9")
    }

    @Test func theDemoGridScrollsAndReportsPanningTogether() throws {
        let tree = try load(demoScene)
        let system = tree.makeSystem()
        let start = Timestamp(microseconds: 1_000_000)
        _ = system.handle(
            ClassifiedInput(time: start, event: .motion(Point(x: 640, y: 400) - system.pointerLocation)))
        let events = system.handle(
            ClassifiedInput(
                time: start,
                event: .scroll(
                    source: .discrete, delta: Vector(x: 0, y: 40), v120: Vector(x: 0, y: 120), phase: nil, velocity: nil
                )
            )
        )
        #expect(tree.scrollViews["grid"]?.contentOffset == Vector(x: 0, y: 40))
        #expect(events.compactMap(\.payload.action).map(\ActionEvent.name) == ["pan", "pan"])
        #expect(events.compactMap(\.payload.action).map(\ActionEvent.item) == ["grid", "grid"])
    }

    /// The demo scene in a runtime: the real classifier, interactions and focus engine.
    private func demoRuntime() throws -> Runtime {
        try Runtime(scene: try Scene.load(contentsOf: demoScene).scene, settings: Demo.settings)
    }

    private func actions(_ events: [WayfinderEvent]) -> [String] {
        events.compactMap { event in
            guard case .action(let action) = event.payload else { return nil }
            return "\(action.name) \(action.item) \(action.phase?.rawValue ?? action.trigger?.rawValue ?? "")"
        }
    }

    @Test func aTouchLongPressOnADemoPhotoPresentsTheMenuAndLiftsTheItem() throws {
        let runtime = try demoRuntime()
        // A 204.8 × 153.6 mm screen on the 1024 × 768 scene: one millimetre is five points.
        var script = InputScript(device: ScriptedDevice.touchscreen(width: 204.8, height: 153.6))
        // photo-6 is at [458, 268, 180, 180]; touch its centre (548, 358).
        script.put(finger: 0, atPercent: 548.0 / 10.24, 358.0 / 7.68)
        script.sync()
        let down = script.now
        script.wait(.milliseconds(700))
        script.move(finger: 0, byMillimetres: 20, 0)
        script.sync()
        script.wait(.milliseconds(50))
        script.lift(fingers: [0])
        let events = try Replay(sources: [ReplaySource(description: script.device, frames: script.frames)])
            .events(through: runtime)
        // The classifier's long press lifts the item with the menu; the move drags it 100 points.
        #expect(
            actions(events) == [
                "contextMenu photo-6 longPress", "drag photo-6 began", "drag photo-6 changed", "drag photo-6 ended",
            ])
        let held = events.first { if case .action = $0.payload { true } else { false } }
        #expect(held?.time == down + .milliseconds(500))
        let snapshot = try #require(runtime.snapshot())
        #expect(snapshot.nodes.first { $0.id == "photo-6" }?.frame.origin == Point(x: 558, y: 268))
        // The scroll view did not move under the drag.
        #expect(snapshot.scrollViews["grid"]?.offsetY == 0)
    }

    @Test func aMouseDragOfADemoPhotoDoesNotScrollTheGrid() throws {
        let runtime = try demoRuntime()
        var script = InputScript(device: ScriptedDevice.mouse())
        // The pointer starts at the centre (512, 384); photo-6's centre is (548, 358).
        script.move(dx: 36, dy: -26)
        script.wait(.milliseconds(10))
        script.key(.leftButton, 1)
        for _ in 1...5 {
            script.wait(.milliseconds(10))
            script.move(dx: 0, dy: 20)
        }
        script.wait(.milliseconds(10))
        script.key(.leftButton, 0)
        let events = try Replay(sources: [ReplaySource(description: script.device, frames: script.frames)])
            .events(through: runtime)
        #expect(
            actions(events) == [
                "drag photo-6 began", "drag photo-6 changed", "drag photo-6 changed", "drag photo-6 changed",
                "drag photo-6 changed", "drag photo-6 ended",
            ])
        let snapshot = try #require(runtime.snapshot())
        #expect(snapshot.scrollViews["grid"]?.offsetY == 0)
        #expect(snapshot.nodes.first { $0.id == "photo-6" }?.frame.origin == Point(x: 458, y: 368))
    }
}
