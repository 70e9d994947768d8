import Foundation
import Geometry
import Interactions
import Scenes
import Testing
import Wayfinder

/// The scene format's gesture fields: a scroll view's zoom limits, swipe actions and hover effects,
/// read from the file and built into interactions.
@Suite struct SceneGestureFieldsTests {
    private static func refusal(_ text: String) -> SceneError? {
        do {
            _ = try Scene.parse(text, file: "test.json")
            return nil
        } catch {
            return error
        }
    }

    private static func node(_ fields: String) -> String {
        "{\"root\": {\"id\": \"w\", \"frame\": [0, 0, 100, 100],\n \(fields)}}"
    }

    @Test func zoomLimitsSwipeActionsAndHoverEffectsDecode() throws {
        let text = Self.node(
            """
            "scroll": {"contentSize": [200, 300], "minimumZoomScale": 0.5, "maximumZoomScale": 4},
             "interactions": [{"kind": "swipeAction", "action": "delete"},
               {"kind": "swipeAction", "action": "next", "direction": "up", "touches": 3},
               {"kind": "hover"}, {"kind": "hover", "effect": "lift"}]
            """)
        let loaded = try Scene.parse(text)
        #expect(loaded.warnings.isEmpty)
        let root = loaded.scene.root
        #expect(
            root.scroll
                == SceneScroll(contentSize: Size(width: 200, height: 300), minimumZoomScale: 0.5, maximumZoomScale: 4))
        #expect(
            root.interactions == [
                .swipeAction(action: "delete", direction: .left, touches: 1),
                .swipeAction(action: "next", direction: .up, touches: 3),
                .hover(effect: .highlight), .hover(effect: .lift),
            ])
        // Without zoom scales, a scroll view does not zoom.
        let plain = try Scene.parse(Self.node("\"scroll\": {\"contentSize\": [200, 300]}")).scene.root.scroll
        #expect(
            plain == SceneScroll(contentSize: Size(width: 200, height: 300), minimumZoomScale: 1, maximumZoomScale: 1))
    }

    @Test(
        arguments: [
            (
                "\"scroll\": {\"contentSize\": [1, 1], \"maximumZoomScale\": 0}", "scroll.maximumZoomScale",
                "the zoom scale 0 is out of range (from 0.01 to 100)"
            ),
            (
                "\"scroll\": {\"contentSize\": [1, 1], \"minimumZoomScale\": 1e6}", "scroll.minimumZoomScale",
                "the zoom scale 1000000 is out of range (from 0.01 to 100)"
            ),
            (
                "\"scroll\": {\"contentSize\": [1, 1], \"maximumZoomScale\": 0.5}", "scroll.maximumZoomScale",
                "the minimum zoom scale 1 is above the maximum 0.5"
            ),
            (
                "\"interactions\": [{\"kind\": \"swipeAction\"}]", "interactions[0].action", nil
            ),
            (
                "\"interactions\": [{\"kind\": \"swipeAction\", \"action\": \"\"}]", "interactions[0].action",
                "an action name must not be empty"
            ),
            (
                "\"interactions\": [{\"kind\": \"swipeAction\", \"action\": \"d\", \"direction\": \"sideways\"}]",
                "interactions[0].direction",
                "\"sideways\" is not one of \"left\", \"right\", \"up\", \"down\""
            ),
            (
                "\"interactions\": [{\"kind\": \"swipeAction\", \"action\": \"d\", \"touches\": 6}]",
                "interactions[0].touches", "a swipe takes from 1 to 5 fingers, not 6"
            ),
            (
                "\"interactions\": [{\"kind\": \"hover\", \"effect\": \"glow\"}]", "interactions[0].effect",
                "\"glow\" is not one of \"highlight\", \"lift\", \"hover\""
            ),
            (
                "\"interactions\": [{\"kind\": \"hovr\"}]", "interactions[0].kind",
                "\"hovr\" is not one of \"contextMenu\", \"secondaryAction\", \"drag\", \"pan\", \"swipeAction\", "
                    + "\"hover\"; did you mean \"hover\"?"
            ),
        ] as [(String, String, String?)])
    func badGestureFieldsAreRefusedNamingTheField(fields: String, field: String, message: String?) throws {
        let error = try #require(Self.refusal(Self.node(fields)))
        #expect(error.nodeID == "w")
        #expect(error.field == field)
        #expect(error.line == 2)
        #expect(error.kind == (message.map { .invalidValue($0) } ?? .missingField))
    }

    @Test func theTreeBuildsZoomingScrollViewsSwipeActionsAndPointerInteractions() throws {
        let text = Self.node(
            """
            "scroll": {"contentSize": [200, 300], "minimumZoomScale": 0.5, "maximumZoomScale": 4},
             "interactions": [{"kind": "swipeAction", "action": "next", "direction": "up", "touches": 3},
               {"kind": "hover", "effect": "lift"}]
            """)
        let tree = SceneInteractions(scene: try Scene.parse(text).scene)
        let scrolling = try #require(tree.scrollViews["w"])
        #expect(scrolling.minimumZoomScale == 0.5)
        #expect(scrolling.maximumZoomScale == 4)
        #expect(scrolling.zoomScale == 1)
        let interactions = tree.interactions["w"] ?? []
        let swipe = try #require(interactions.first as? SwipeActionInteraction)
        #expect(swipe.name == "next")
        #expect(swipe.swipe.direction == .up)
        #expect(swipe.swipe.numberOfTouchesRequired == 3)
        let pointer = try #require(interactions.last as? PointerInteraction)
        #expect(pointer.effect == .lift)
        #expect(interactions.count == 2)
        // The scroll view's pan and pinch, the swipe and the hover.
        #expect(
            tree.root.gestureRecognizers.map(\.name) == [
                "scroll-view.pan", "scroll-view.pinch", "swipe-action", "pointer.hover",
            ])
    }
}
