import Foundation
import Geometry
import InputEvents
import PhotoBrowser
import Testing
import WayfinderTesting

/// The photo browser's interactions, checked through Wayfinder's real classifiers, interactions
/// and focus engine with scripted devices: what a person does, in millimetres and milliseconds.
/// Touch input runs exact and with the noise of real sensors; the outcome is the same.
@Suite struct PhotoBrowserInteractionTests {
    /// Exact positions, then two seeds of realistic wobble and staggered landing.
    static let noises: [SensorNoise] = [.none, .realistic(seed: 1), .realistic(seed: 2)]

    @Test(arguments: noises)
    func twoFingersScrollTheGrid(noise: SensorNoise) throws {
        let test = try InteractionTest(scene: PhotoBrowser.scene())
        var touchpad = ScriptedTouchpad(noise: noise)
        touchpad.twoFingerScroll(by: .millimetres(0, 20), over: .milliseconds(300))
        let transcript = try test.play(touchpad)

        #expect(
            transcript.outline(of: [.input, .contentOffset]) == [
                "continuous scroll began on grid", "grid scrolled", "continuous scroll changed on grid",
                "continuous scroll ended on grid", "grid scrolled",
            ])
        // The grid moved down its content, and stays within it once the scroll has settled.
        let offset = try #require(test.runtime.snapshot()?.scrollViews["grid"]?.offsetY)
        #expect(offset > 0)
        if noise == .none {
            // The whole stream, pinned: `WAYFINDER_UPDATE_EXPECTATIONS=1 swift test` rewrites it.
            try transcript.expect(matchingGolden: Self.golden("two-finger-scroll.jsonl"))
        }
    }

    @Test func aSecondaryClickOpensThePhotosContextMenu() throws {
        let test = try InteractionTest(scene: PhotoBrowser.scene())
        var mouse = ScriptedMouse(in: PhotoBrowser.size)
        let photo = PhotoBrowser.photoFrame(4)  // photo-5, first of the second row
        mouse.click(.secondary, at: Point(x: photo.midX, y: photo.midY))
        let transcript = try test.play(mouse)

        #expect(transcript.outline(of: [.action]) == ["action contextMenu on photo-5: Share, Delete [secondaryClick]"])
    }

    @Test(arguments: noises)
    func aLongPressOpensTheMenuAndLiftsThePhoto(noise: SensorNoise) throws {
        let test = try InteractionTest(scene: PhotoBrowser.scene())
        var screen = ScriptedTouchscreen(covering: PhotoBrowser.size, noise: noise)
        let photo = PhotoBrowser.photoFrame(6)  // photo-7
        screen.longPress(at: Point(x: photo.midX, y: photo.midY))
        let transcript = try test.play(screen)

        // A resting finger wobbles on a real screen and the lifted photo follows it: what began
        // and ended is the outcome, whatever moved in between.
        #expect(
            transcript.outline(of: [.action], includingUpdates: false) == [
                "action contextMenu on photo-7: Share, Delete [longPress]", "action drag on photo-7 began",
                "action drag on photo-7 ended",
            ])
    }

    @Test func aMouseDragsAPhotoAtOnce() throws {
        let test = try InteractionTest(scene: PhotoBrowser.scene())
        var mouse = ScriptedMouse(in: PhotoBrowser.size)
        let photo = PhotoBrowser.photoFrame(0)
        let start = Point(x: photo.midX, y: photo.midY)
        // Ten frames of 10 points each.
        mouse.drag(from: start, to: Point(x: start.x + 100, y: start.y), over: .milliseconds(100))
        let transcript = try test.play(mouse)

        #expect(
            transcript.summaries(of: [.action])
                == ["action drag on photo-1 began (10, 0)"]
                + (2...10).map { "action drag on photo-1 changed (\($0 * 10), 0)" }
                + ["action drag on photo-1 ended (100, 0)"])
    }

    @Test func tabVisitsEachGroupAndComesBack() throws {
        let test = try InteractionTest(scene: PhotoBrowser.scene())
        var keyboard = ScriptedKeyboard()
        keyboard.press([.tab, .tab, .tab, .tab])
        keyboard.press(.tab, with: [.leftShift])
        let transcript = try test.play(keyboard)

        #expect(
            transcript.outline(of: [.focus]) == [
                "focus nothing → recents (next)", "focus recents → photo-1 (next)", "focus photo-1 → search (next)",
                "focus search → recents (next)", "focus recents → search (previous)",
            ])
    }

    /// A golden file beside this test file.
    static func golden(_ name: String, file: String = #filePath) -> String {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden/\(name)").path
    }
}
