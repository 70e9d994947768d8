import Classification
import EventModel
import Foundation
import Geometry
import InputEvents
import Interactions
import Scenes
import Testing
import WayfinderTestSupport

@testable import Wayfinder

/// A scene with a zoomable map, a list whose rows swipe to delete, and hover effects, driven
/// through the real runtime: its scene session, interaction system, scroll views and recognizers.
/// Mice, touchscreens and touchpads go through the real classifier; two more touchpad tests feed
/// scripted gesture events through a stand-in classifier, to reach scales past the zoom limits
/// at chosen times.
@Suite struct GestureSceneTests {
    /// A 1000 × 800 window: on the left an inbox of eight 200-point rows (content 1600 high) that
    /// swipe left to delete and highlight under the pointer; on the right a 500 × 400 map zooming
    /// from 1 to 4 with a pin that lifts under the pointer; below it a button.
    static let sceneText = #"""
        {"size": [1000, 800],
         "root": {"id": "window", "frame": [0, 0, 1000, 800], "children": [
           {"id": "inbox", "frame": [0, 0, 500, 800], "scroll": {"contentSize": [500, 1600]}, "children": [
             {"id": "row-0", "frame": [0, 0, 500, 200], "interactions": [
               {"kind": "swipeAction", "action": "delete"}, {"kind": "hover"}]},
             {"id": "row-1", "frame": [0, 200, 500, 200], "interactions": [
               {"kind": "swipeAction", "action": "delete"}, {"kind": "hover"}]},
             {"id": "row-2", "frame": [0, 400, 500, 200], "interactions": [
               {"kind": "swipeAction", "action": "delete", "direction": "left"}, {"kind": "hover"}]},
             {"id": "row-3", "frame": [0, 600, 500, 200], "interactions": [
               {"kind": "swipeAction", "action": "archive", "direction": "right"}, {"kind": "hover"}]}]},
           {"id": "map", "frame": [500, 0, 500, 400],
            "scroll": {"contentSize": [500, 400], "minimumZoomScale": 1, "maximumZoomScale": 4},
            "children": [
              {"id": "pin", "frame": [740, 190, 20, 20], "interactions": [{"kind": "hover", "effect": "lift"}]}]},
           {"id": "button", "frame": [600, 600, 200, 100], "interactions": [{"kind": "hover", "effect": "hover"}]}]}}
        """#

    static func scene() throws -> Scene { try Scene.parse(sceneText, file: "gestures.json").scene }

    /// The text lines of events, with times from the script's start.
    private func lines(_ events: [WayfinderEvent], from start: Timestamp) -> [String] {
        events.compactMap { $0.textLine(origin: start) }
    }

    // MARK: Hover

    @Test func thePointerHighlightsRowsAsItMovesAndAsTheListScrollsUnderIt() throws {
        let runtime = try Runtime(scene: try Self.scene(), settings: scriptedPointer)
        var script = InputScript(device: ScriptedDevice.mouse())
        let start = script.now
        // From the centre (500, 400) onto row-1 at (250, 300).
        script.move(dx: -250, dy: -100)
        // Three wheel detents down: the inbox scrolls 120 points and row-2 comes under the pointer.
        for _ in 1...3 {
            script.wait(.milliseconds(20))
            script.add(.wheel, -1)
            script.sync()
        }
        // Onto the pin at (750, 200), then the button, then nothing.
        script.wait(.milliseconds(20))
        script.move(dx: 500, dy: -100)
        script.wait(.milliseconds(20))
        script.move(dx: -50, dy: 450)
        script.wait(.milliseconds(20))
        script.move(dx: 200, dy: 100)
        let events = try Replay(sources: [ReplaySource(description: script.device, frames: script.frames)])
            .events(through: runtime)
        #expect(
            lines(events, from: start) == [
                "  0.000000  Scripted Mouse  device added (mouse)",
                "  0.000000  Scripted Mouse  action hover on row-1 began",
                "  0.020000  Scripted Mouse  scroll discrete dx 0.00 dy 40.00 (v120 0.0 120.0) → inbox",
                "  0.020000  Scripted Mouse  inbox scrolled to (0, 40)",
                "  0.040000  Scripted Mouse  scroll discrete dx 0.00 dy 40.00 (v120 0.0 120.0) → inbox",
                "  0.040000  Scripted Mouse  inbox scrolled to (0, 80)",
                "  0.060000  Scripted Mouse  scroll discrete dx 0.00 dy 40.00 (v120 0.0 120.0) → inbox",
                "  0.060000  Scripted Mouse  inbox scrolled to (0, 120)",
                "  0.060000  Scripted Mouse  action hover on row-1 ended",
                "  0.060000  Scripted Mouse  action hover on row-2 began",
                "  0.080000  Scripted Mouse  action hover on row-2 ended",
                "  0.080000  Scripted Mouse  action hover on pin began",
                "  0.100000  Scripted Mouse  action hover on pin ended",
                "  0.100000  Scripted Mouse  action hover on button began",
                "  0.120000  Scripted Mouse  action hover on button ended",
                "  0.120000  Scripted Mouse  device removed (mouse)",
            ])
    }

    /// The mouse that brought the pointer onto the button goes away: the button's hover ends with
    /// it (a device's stream never leaves a hover begun), and the pointer stays where it was. A
    /// second mouse moving the pointer a point further brings the hover back, its own.
    @Test func hoverEndsWithTheMouseThatMovedThePointerAndComesBackWithTheNext() throws {
        let runtime = try Runtime(scene: try Self.scene(), settings: scriptedPointer)
        var first = InputScript(device: ScriptedDevice.mouse(name: "First Mouse"))
        let start = first.now
        first.wait(.milliseconds(10))
        // From the centre (500, 400) onto the button, (600, 600)–(800, 700).
        first.move(dx: 200, dy: 250)
        var second = InputScript(device: ScriptedDevice.mouse(name: "Second Mouse", productID: 0x5679), start: start)
        second.wait(.milliseconds(50))
        second.move(dx: 1, dy: 0)
        let events = try Replay(sources: [
            ReplaySource(description: first.device, frames: first.frames, recording: 0, device: 0),
            ReplaySource(description: second.device, frames: second.frames, recording: 1, device: 0),
        ]).events(through: runtime)
        #expect(
            lines(events, from: start) == [
                "  0.010000  First Mouse  device added (mouse)",
                "  0.010000  First Mouse  action hover on button began",
                "  0.010000  First Mouse  action hover on button ended",
                "  0.010000  First Mouse  device removed (mouse)",
                "  0.050000  Second Mouse  device added (mouse)",
                "  0.050000  Second Mouse  action hover on button began",
                "  0.050000  Second Mouse  action hover on button ended",
                "  0.050000  Second Mouse  device removed (mouse)",
            ])
    }

    // MARK: Swipe to delete

    /// A finger's stroke on a 200 × 160 mm touchscreen over the 1000 × 800 scene (one millimetre
    /// is five points): down at a point in percent of the screen, moved by millimetres in four
    /// steps over `duration`, held still for `hold`, lifted; the next stroke 500 ms later.
    struct Stroke {
        var x: Double
        var y: Double
        var dx: Double
        var dy: Double
        var duration: Duration = .milliseconds(100)
        var hold: Duration = .zero
    }

    /// Replays strokes through a runtime of the scene; returns it and the text lines.
    private func replay(_ strokes: [Stroke]) throws -> (Runtime, [String]) {
        let runtime = try Runtime(scene: try Self.scene(), settings: scriptedPointer)
        var script = InputScript(device: ScriptedDevice.touchscreen(width: 200, height: 160))
        let start = script.now
        for (index, stroke) in strokes.enumerated() {
            if index > 0 { script.wait(.milliseconds(500)) }
            script.put(finger: 0, atPercent: stroke.x, stroke.y)
            script.sync()
            script.swipe(fingers: [0], byMillimetres: stroke.dx, stroke.dy, over: stroke.duration, steps: 4)
            script.wait(stroke.hold)
            script.lift(fingers: [0])
        }
        let events = try Replay(sources: [ReplaySource(description: script.device, frames: script.frames)])
            .events(through: runtime)
        return (runtime, lines(events, from: start))
    }

    @Test func aLeftFlickOnARowDeletesItAndTheListDoesNotScroll() throws {
        // Down on row-1 at (400, 300); 40 mm (200 points) to the left in 100 ms; up 10 ms later.
        let (runtime, lines) = try replay([Stroke(x: 40, y: 37.5, dx: -40, dy: 0, hold: .milliseconds(10))])
        #expect(
            lines == [
                "  0.000000  Scripted Touchscreen  device added (touchscreen)",
                "  0.110000  Scripted Touchscreen  action delete on row-1 [swipe]",
                "  0.110000  Scripted Touchscreen  device removed (touchscreen)",
            ])
        #expect(runtime.snapshot()?.scrollViews["inbox"]?.offsetY == 0)
    }

    @Test func aVerticalStrokeOnARowScrollsTheListAndSwipesNothing() throws {
        // Down on row-2 at (250, 500); 20 mm (100 points) up in 400 ms; held still 300 ms; up.
        let (runtime, lines) = try replay([
            Stroke(x: 25, y: 62.5, dx: 0, dy: -20, duration: .milliseconds(400), hold: .milliseconds(300))
        ])
        // The list follows the finger (the pan's slop included); held still, it does not flick.
        #expect(
            lines == [
                "  0.000000  Scripted Touchscreen  device added (touchscreen)",
                "  0.100000  Scripted Touchscreen  inbox scrolled to (0, 25)",
                "  0.200000  Scripted Touchscreen  inbox scrolled to (0, 50)",
                "  0.300000  Scripted Touchscreen  inbox scrolled to (0, 75)",
                "  0.400000  Scripted Touchscreen  inbox scrolled to (0, 100)",
                "  0.700000  Scripted Touchscreen  device removed (touchscreen)",
            ])
        #expect(runtime.snapshot()?.scrollViews["inbox"]?.offsetY == 100)
    }

    @Test func aRightSwipeOnlyFiresTheRowThatAllowsIt() throws {
        // Right on row-0 (left only): nothing; right on row-3 (right only): archive.
        let (_, lines) = try replay([
            Stroke(x: 20, y: 12.5, dx: 40, dy: 0), Stroke(x: 20, y: 87.5, dx: 40, dy: 0),
        ])
        #expect(
            lines == [
                "  0.000000  Scripted Touchscreen  device added (touchscreen)",
                "  0.700000  Scripted Touchscreen  action archive on row-3 [swipe]",
                "  0.700000  Scripted Touchscreen  device removed (touchscreen)",
            ])
    }

    // MARK: Zoom

    /// A mouse brings the pointer from the centre (500, 400) onto the pin at (750, 200); then a
    /// finger and the thumb below it land on a clickpad and spread apart (the hardware suite's
    /// pinch-out stream, which libinput also reads as a pinch), all through the real classifier.
    /// The fingers rest first: a hold (40 ms after they land), cancelled when they move apart.
    /// The pinch then scales from 1 to 2 in eleven equal steps (each frame adds two 1.56 mm
    /// steps to a distance of 34.4 mm when the pinch began), and the map zooms with it about the
    /// pointer: the content point under it, (250, 200) from the map's corner, stays there, so the
    /// offset is (250, 200)·(s − 1). The pin grows under the pointer, which stays on it.
    @Test func aTouchpadPinchThroughTheClassifierZoomsTheMapAboutThePointer() throws {
        let runtime = try Runtime(scene: try Self.scene(), settings: scriptedPointer)
        var mouse = InputScript(device: ScriptedDevice.mouse())
        let start = mouse.now
        mouse.wait(.milliseconds(10))
        mouse.move(dx: 250, dy: -200)
        let pinch = ScriptedStreams.stream("two-finger-pinch-out", in: ScriptedStreams.gestures)
        let pad = try #require(pinch.frames.first).time
        let events = try Replay(sources: [
            ReplaySource(description: mouse.device, frames: mouse.frames, recording: 0, device: 0),
            ReplaySource(
                description: pinch.device, frames: pinch.frames, recording: 1, device: 0,
                offset: .milliseconds(100) - (pad - start)),
        ]).events(through: runtime)
        let name = pinch.device.name
        func at(_ milliseconds: Int, _ device: String, _ text: String) -> String {
            "  0.\(WayfinderEvent.fixed(Double(milliseconds) / 1000, digits: 6).dropFirst(2))  \(device)  \(text)"
        }
        func pinchLine(_ phase: String, _ scale: Double) -> String {
            "pinch \(phase) 2 fingers dx 0.00 dy 0.00 scale \(WayfinderEvent.fixed(scale, digits: 3)) rotation 0.0°"
                + " (indirectPointer) → pin"
        }
        func zoomLines(_ milliseconds: Int, _ phase: String, _ scale: Double) -> [String] {
            var lines = [
                at(milliseconds, name, pinchLine(phase, scale)),
                at(milliseconds, name, "action zoom on map \(phase) ×\(WayfinderEvent.fixed(scale, digits: 2))"),
            ]
            if phase == "changed" {
                let offset =
                    "(\(WayfinderEvent.rounded(250 * (scale - 1))), \(WayfinderEvent.rounded(200 * (scale - 1))))"
                lines.append(at(milliseconds, name, "map scrolled to \(offset)"))
            }
            return lines
        }
        var expected = [
            at(10, "Scripted Mouse", "device added (mouse)"),
            at(10, "Scripted Mouse", "action hover on pin began"),
            // The mouse's recording ends with its one frame: its removal takes the hover away (the
            // next motion brings it back); the pointer stays where it was, and the pinch goes to
            // the pin under it.
            at(10, "Scripted Mouse", "action hover on pin ended"),
            at(10, "Scripted Mouse", "device removed (mouse)"),
            at(100, name, "device added (clickpad)"),
            at(140, name, "hold began 2 fingers (indirectPointer) → pin"),
            at(400, name, "hold cancelled 2 fingers (indirectPointer) → pin"),
        ]
        expected += zoomLines(400, "began", 1)
        // Eleven frames 10 ms apart, each adding 3.12 mm to the 34.37 mm of the first.
        let step = 2 * (1.0 + 1.2 * 1.2).squareRoot()
        let base = (20.0 * 20 + 24 * 24).squareRoot() + step
        for frame in 1...11 { expected += zoomLines(400 + 10 * frame, "changed", (base + step * Double(frame)) / base) }
        expected += zoomLines(520, "ended", (base + step * 11) / base)
        expected.append(at(520, name, "device removed (clickpad)"))
        #expect(lines(events, from: start) == expected)
        #expect(runtime.snapshot()?.hovered == [:])
    }

    /// Stands in for the touchpad classifier: reports the inputs scripted for each frame's time.
    final class ScriptedClassifier: FrameClassifier {
        var script: [Timestamp: [ClassifiedEvent]] = [:]
        func process(_ frame: EventFrame, into output: inout [ClassifiedInput]) {
            for event in script[frame.time] ?? [] { output.append(ClassifiedInput(time: frame.time, event: event)) }
        }
        var nextDeadline: Timestamp? { nil }
        func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {}
        func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {}
    }

    /// The runtime of the scene, with a touchpad whose frames the stand-in classifies.
    private func touchpadRuntime(
        _ inputs: [(milliseconds: Int64, event: ClassifiedEvent)]
    ) throws -> (Runtime, [WayfinderEvent], ScriptedClassifier) {
        let classifier = ScriptedClassifier()
        let runtime = Runtime(scene: try SceneSession(scene: try Self.scene(), file: "gestures.json")) { _ in
            classifier
        }
        let device = DeviceID(rawValue: 0)
        var events: [WayfinderEvent] = []
        runtime.addDevice(
            .replayed(device, name: "Pad", recording: 0, device: 0), description: ScriptedDevice.touchpad(),
            at: .zero, into: &events)
        for (milliseconds, event) in inputs {
            let time = Timestamp(microseconds: milliseconds * 1000)
            classifier.script[time, default: []].append(event)
        }
        for time in classifier.script.keys.sorted() {
            runtime.process(EventFrame(events: [.report(at: time)]), from: device, into: &events)
        }
        return (runtime, events, classifier)
    }

    private static func pinch(_ phase: GesturePhase, scale: Double) -> ClassifiedEvent {
        .gesture(
            Gesture(
                kind: .pinch, phase: phase, fingers: 2, touchType: .indirectPointer, delta: .zero, scale: scale,
                rotation: 0, position: nil))
    }

    @Test func aTouchpadPinchZoomsTheMapAboutThePointerAndHoverFollowsTheZoomedContent() throws {
        // The pointer from the centre (500, 400) to the pin at (750, 200); a pinch to twice the
        // spread; then right by 15 points (still on the pin, now 40 points wide) and 10 more (off).
        let (runtime, events, classifier) = try touchpadRuntime([
            (10, .motion(Vector(x: 250, y: -200))),
            (20, Self.pinch(.began, scale: 1)),
            (30, Self.pinch(.changed, scale: 1.5)),
            (40, Self.pinch(.changed, scale: 2)),
            (50, Self.pinch(.ended, scale: 2)),
            (60, .motion(Vector(x: 15, y: 0))),
            (70, .motion(Vector(x: 10, y: 0))),
        ])
        // The content point under the pointer, (250, 200) from the map's corner, stays there:
        // the offset is (250, 200)·s − (250, 200).
        #expect(
            lines(events, from: .zero) == [
                "  0.000000  Pad  device added (clickpad)",
                "  0.010000  Pad  action hover on pin began",
                "  0.020000  Pad  pinch began 2 fingers dx 0.00 dy 0.00 scale 1.000 rotation 0.0° (indirectPointer) → pin",
                "  0.020000  Pad  action zoom on map began ×1.00",
                "  0.030000  Pad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.500 rotation 0.0° (indirectPointer) → pin",
                "  0.030000  Pad  action zoom on map changed ×1.50",
                "  0.030000  Pad  map scrolled to (125, 100)",
                "  0.040000  Pad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 2.000 rotation 0.0° (indirectPointer) → pin",
                "  0.040000  Pad  action zoom on map changed ×2.00",
                "  0.040000  Pad  map scrolled to (250, 200)",
                "  0.050000  Pad  pinch ended 2 fingers dx 0.00 dy 0.00 scale 2.000 rotation 0.0° (indirectPointer) → pin",
                "  0.050000  Pad  action zoom on map ended ×2.00",
                "  0.070000  Pad  action hover on pin ended",
            ])
        #expect(runtime.nextDeadline == nil)
        // Back onto the pin: the terminal view's picture shows it lifted in the zoomed map.
        let back = Timestamp(microseconds: 80_000)
        classifier.script[back] = [.motion(Vector(x: -10, y: 0))]
        var more: [WayfinderEvent] = []
        runtime.process(EventFrame(events: [.report(at: back)]), from: DeviceID(rawValue: 0), into: &more)
        #expect(lines(more, from: .zero) == ["  0.080000  Pad  action hover on pin began"])
        let snapshot = try #require(runtime.snapshot())
        #expect(snapshot.hovered == ["pin": .lift])
        #expect(
            snapshot.scrollViews["map"]
                == TerminalSnapshot.ScrollState(
                    offsetX: 250, offsetY: 200, contentWidth: 500, contentHeight: 400, zoomScale: 2))
    }

    /// The map's zoom actions among events.
    private static func zoomActions(_ events: [WayfinderEvent]) -> [ActionEvent] {
        events.compactMap {
            guard case .action(let action) = $0.payload, action.name == "zoom" else { return nil }
            return action
        }
    }

    private static func zoom(_ phase: GesturePhase, _ scale: Double) -> ActionEvent {
        ActionEvent(item: "map", name: "zoom", phase: phase, scale: scale)
    }

    /// The map pinched to 8 with a maximum of 4 shows the rubber band: ln 2 past the maximum on a
    /// band ln 2 long, 4·e^((1 − 1/(0.55 + 1))·ln 2).
    private static let stretched = 4 * exp((1 - 1 / (0.55 + 1)) * log(2.0))

    /// The zoom springing back to 4 from `scale`, let go at `release`: the scroll view's critically
    /// damped spring (ω 12/s), 4 + (d + ωd·t)·e^(−ωt), one value per animation frame (16.667 ms),
    /// until the spring is at rest, its displacement and speed below what half a point on the
    /// map's 500-point side shows (0.5/500, and that times ω per second, the first whole
    /// millisecond both hold): there the zoom ends at 4.
    private static func bounce(from scale: Double, releasedAt release: Timestamp) -> [ActionEvent] {
        let (frequency, displacement, rest) = (12.0, scale - 4, 0.5 / 500)
        func offset(_ seconds: Double) -> Double {
            (displacement + frequency * displacement * seconds) * exp(-frequency * seconds)
        }
        func speed(_ seconds: Double) -> Double {
            -frequency * frequency * displacement * seconds * exp(-frequency * seconds)
        }
        var restMilliseconds: Int64 = 0
        while abs(offset(Double(restMilliseconds) / 1000)) >= rest
            || abs(speed(Double(restMilliseconds) / 1000)) >= rest * frequency
        {
            restMilliseconds += 1
        }
        let end = release + .milliseconds(restMilliseconds)
        var frames: [ActionEvent] = []
        var frame = release + .microseconds(16_667)
        while frame < end {
            frames.append(zoom(.changed, 4 + offset((frame - release).inSeconds)))
            frame = frame + .microseconds(16_667)
        }
        return frames + [zoom(.ended, 4)]
    }

    /// Pinched to 8 and let go, the map springs back to its maximum (see `bounce`). At rest the
    /// point under the pointer is where it was: (250, 200)·4 − (250, 200).
    @Test func aPinchPastTheMaximumBouncesBackToItAndEndsAtRest() throws {
        let (runtime, pinched, _) = try touchpadRuntime([
            (10, .motion(Vector(x: 250, y: -200))),
            (20, Self.pinch(.began, scale: 1)),
            (30, Self.pinch(.changed, scale: 8)),
            (40, Self.pinch(.ended, scale: 8)),
        ])
        let actions = { (events: [WayfinderEvent]) in
            events.compactMap { if case .action(let action) = $0.payload { action } else { nil } }
        }
        // The pinch's end leaves the zoom changing, where it was (nothing to report again): it
        // ends when the bounce comes to rest.
        #expect(
            actions(pinched) == [
                ActionEvent(item: "pin", name: "hover", phase: .began), Self.zoom(.began, 1),
                Self.zoom(.changed, Self.stretched),
            ])
        let release = Timestamp(microseconds: 40_000)
        #expect(runtime.nextDeadline == release + .microseconds(16_667))
        var events: [WayfinderEvent] = []
        runtime.advance(to: release + .seconds(2), into: &events)
        #expect(runtime.nextDeadline == nil)
        #expect(actions(events) == Self.bounce(from: Self.stretched, releasedAt: release))
        #expect(
            runtime.snapshot()?.scrollViews["map"].map { Vector(x: $0.offsetX, y: $0.offsetY) }
                == Vector(x: 750, y: 600))
    }

    /// A second pinch lands while the map springs back from past its maximum (10 ms into the
    /// bounce) and lets go at once: the zoom that is open goes on (no second `began`), caught
    /// where the spring had it, 4 + (d + ωd·t)·e^(−ωt) at t = 0.01 s, springs back again from
    /// there and ends once, at 4.
    @Test func aPinchThatCatchesABounceGoesOnWithTheOpenZoom() throws {
        let (runtime, pinched, _) = try touchpadRuntime([
            (10, .motion(Vector(x: 250, y: -200))),
            (20, Self.pinch(.began, scale: 1)),
            (30, Self.pinch(.changed, scale: 8)),
            (40, Self.pinch(.ended, scale: 8)),
            (50, Self.pinch(.began, scale: 1)),
            (60, Self.pinch(.ended, scale: 1)),
        ])
        var events: [WayfinderEvent] = []
        runtime.advance(to: Timestamp(microseconds: 3_000_000), into: &events)
        let zooms = Self.zoomActions(pinched + events)
        let displacement = Self.stretched - 4
        let spring = 4 + (displacement + 12 * displacement * 0.01) * exp(-12 * 0.01)
        // The scale caught goes through the rubber band and back: the spring's value to 10⁻⁹.
        let caught = try #require(zooms.count > 2 ? zooms[2].scale : nil)
        #expect(abs(caught - spring) < 1e-9)
        #expect(
            zooms
                == [Self.zoom(.began, 1), Self.zoom(.changed, Self.stretched), Self.zoom(.changed, caught)]
                + Self.bounce(from: caught, releasedAt: Timestamp(microseconds: 60_000)))
        #expect(runtime.nextDeadline == nil)
    }
}
