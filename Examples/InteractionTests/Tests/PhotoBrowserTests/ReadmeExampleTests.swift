import Geometry
import PhotoBrowser
import Scenes
import Testing
import WayfinderTesting

@Suite struct ReadmeExampleTests {
    @Test func aRightClickOpensTheMenuAndTabReachesTheSearchField() throws {
        // The application's own scene: built in code (or `InteractionTest(sceneFile:)`).
        let test = try InteractionTest(scene: PhotoBrowser.scene())

        var mouse = ScriptedMouse(in: PhotoBrowser.size)
        mouse.click(.secondary, at: PhotoBrowser.photoFrame(0).center)
        var keyboard = ScriptedKeyboard()
        keyboard.wait(.milliseconds(200))
        keyboard.press([.tab, .tab, .tab])
        // Both devices at once, merged in time, through the real classifiers and focus engine.
        let transcript = try test.play(mouse, keyboard)

        #expect(
            transcript.outline(of: [.action, .focus]) == [
                "action contextMenu on photo-1: Share, Delete [secondaryClick]",
                "focus nothing → recents (next)", "focus recents → photo-1 (next)", "focus photo-1 → search (next)",
            ])
    }

    @Test(arguments: [SensorNoise.none, .realistic(seed: 1)])
    func twoFingersScrollTheGrid(noise: SensorNoise) throws {
        let test = try InteractionTest(scene: PhotoBrowser.scene())
        // A real sensor's wobble and staggered landing, or none.
        var touchpad = ScriptedTouchpad(noise: noise)
        touchpad.twoFingerScroll(by: .millimetres(0, 20), over: .milliseconds(300))
        let transcript = try test.play(touchpad)

        #expect(
            transcript.outline(of: [.input], includingUpdates: false) == [
                "continuous scroll began on grid", "continuous scroll ended on grid",
            ])
        if noise == .none {
            // Every event, pinned in a file; `WAYFINDER_UPDATE_EXPECTATIONS=1 swift test` rewrites it.
            try transcript.expect(matchingGolden: "Tests/PhotoBrowserTests/Golden/two-finger-scroll.jsonl")
        }
    }
}
