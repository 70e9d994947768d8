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
            ClassifiedInput(time: start, event: .motion(delta: Point(x: 350, y: 160) - system.pointerLocation)))
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
            ClassifiedInput(time: start, event: .motion(delta: Point(x: 500, y: 300) - system.pointerLocation)))
        #expect(tree.root.hitTest(system.pointerLocation)?.identifier == "photo-5")
        for step in 0..<5 {
            _ = system.handle(
                ClassifiedInput(
                    time: start + .milliseconds(Int64(10 * step)),
                    event: .scroll(
                        source: .discrete, delta: Vector(x: 0, y: 10), v120: Vector(x: 0, y: 120), phase: nil,
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
            ClassifiedInput(time: start, event: .motion(delta: Point(x: 640, y: 400) - system.pointerLocation)))
        let events = system.handle(
            ClassifiedInput(
                time: start,
                event: .scroll(
                    source: .discrete, delta: Vector(x: 0, y: 10), v120: Vector(x: 0, y: 120), phase: nil, velocity: nil
                )
            )
        )
        #expect(tree.scrollViews["grid"]?.contentOffset == Vector(x: 0, y: 40))
        #expect(events.compactMap(\.payload.action).map(\ActionEvent.name) == ["pan", "pan"])
        #expect(events.compactMap(\.payload.action).map(\ActionEvent.item) == ["grid", "grid"])
    }

    @Test func aTouchLongPressOnADemoPhotoPresentsTheMenuAndLiftsTheItem() throws {
        let tree = try load(demoScene)
        let system = tree.makeSystem()
        let start = Timestamp(microseconds: 1_000_000)
        // photo-6 is at [458, 268, 180, 180]; touch its centre.
        let centre = Vector(x: 548.0 / 1024, y: 358.0 / 768)
        var events = system.handle(
            ClassifiedInput(time: start, event: .position(centre, touchType: .direct, isDown: true)))
        events += system.advance(to: start + .milliseconds(500))
        #expect(events.compactMap(\.payload.action).map(\ActionEvent.name) == ["contextMenu", "drag"])
        let moved = Vector(x: 648.0 / 1024, y: 358.0 / 768)
        events += system.handle(
            ClassifiedInput(time: start + .milliseconds(700), event: .position(moved, touchType: .direct, isDown: true))
        )
        events += system.handle(
            ClassifiedInput(
                time: start + .milliseconds(750), event: .position(moved, touchType: .direct, isDown: false)))
        let actions = events.compactMap(\.payload.action)
        #expect(actions.map(\.name) == ["contextMenu", "drag", "drag", "drag"])
        #expect(actions.filter { $0.name == "contextMenu" }.count == 1)
        #expect(tree.node(withIdentifier: "photo-6")?.frame.origin == Point(x: 558, y: 268))
        // The scroll view did not move under the drag.
        #expect(tree.scrollViews["grid"]?.contentOffset == .zero)
    }

    @Test func aMouseDragOfADemoPhotoDoesNotScrollTheGrid() throws {
        let tree = try load(demoScene)
        let system = tree.makeSystem()
        let start = Timestamp(microseconds: 1_000_000)
        _ = system.handle(
            ClassifiedInput(time: start, event: .motion(delta: Point(x: 548, y: 358) - system.pointerLocation)))
        var events = system.handle(
            ClassifiedInput(time: start, event: .button(.primary, state: .down, trigger: .button, code: nil)))
        for step in 1...5 {
            events += system.handle(
                ClassifiedInput(
                    time: start + .milliseconds(Int64(10 * step)), event: .motion(delta: Vector(x: 0, y: 20))))
        }
        events += system.handle(
            ClassifiedInput(
                time: start + .milliseconds(60), event: .button(.primary, state: .up, trigger: .button, code: nil)))
        let actions = events.compactMap(\.payload.action)
        #expect(actions.first?.name == "drag")
        #expect(actions.allSatisfy { $0.name == "drag" && $0.item == "photo-6" })
        #expect(actions.last?.phase == .ended)
        #expect(tree.scrollViews["grid"]?.contentOffset == .zero)
        #expect(tree.node(withIdentifier: "photo-6")?.frame.origin == Point(x: 458, y: 368))
    }
}
