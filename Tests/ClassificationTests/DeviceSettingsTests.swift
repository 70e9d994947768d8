import Classification
import EventModel
import Geometry
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

/// The device settings on the bundled recordings and on scripted sessions: natural scrolling,
/// left-handed buttons, tap-and-drag, middle-button emulation, edge and on-button scrolling.
@Suite struct DeviceSettingsTests {
    private static let clickpadDescription = "touchpad/xit_synaptics-clickpad.desc"

    private func load(_ path: String, description: String? = nil) throws -> RecordedDevice {
        let recording = try Recording.load(
            contentsOf: Fixtures.recording(path), descriptionURL: description.map(Fixtures.recording))
        return try #require(recording.devices.first)
    }

    /// Everything a recording gives under `settings`, deadlines included, and its removal.
    private func run(
        _ path: String, description: String? = nil, settings: DeviceSettings = DeviceSettings()
    ) throws -> [ClassifiedInput] {
        let device = try load(path, description: description)
        let end = (device.frames.last?.time ?? .zero) + .seconds(2)
        return try classify(device.description, device.frames, options: settings, until: end, removeAt: end)
    }

    // MARK: Natural scrolling

    private static func reversed(_ vector: Vector) -> Vector { Vector(x: 0 - vector.x, y: 0 - vector.y) }

    /// The output with every scroll's deltas, v120 values and release velocity negated.
    private static func naturallyScrolled(_ inputs: [ClassifiedInput]) -> [ClassifiedInput] {
        inputs.map { input in
            guard case .scroll(let source, let delta, let v120, let phase, let velocity) = input.event else {
                return input
            }
            var flipped = input
            flipped.event = .scroll(
                source: source, delta: reversed(delta), v120: v120.map(reversed), phase: phase,
                velocity: velocity.map(reversed))
            return flipped
        }
    }

    static let scrollingRecordings: [(String, String?)] = [
        ("touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events", clickpadDescription),
        ("touchpad/xit_synaptics-clickpad.two-finger-scroll-up.events", clickpadDescription),
        (
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-horizontal.events",
            "touchpad/evemu-devices_synaptics-hp8470p.desc"
        ),
        ("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu", nil),
        ("mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll.events", "mouse/evemu-devices_ibm-scrollpoint-mo18b.desc"),
    ]

    /// Finger scrolls, wheels and a scroll stick alike: every scroll line has its `dx`, `dy` (and
    /// v120 and release velocity) negated, and nothing else changes.
    @Test(arguments: scrollingRecordings)
    func naturalScrollingChangesTheSignOfEveryScrollAndNothingElse(path: String, description: String?) throws {
        let traditional = try run(path, description: description)
        try #require(traditional.contains { if case .scroll = $0.event { true } else { false } })
        let natural = try run(path, description: description, settings: DeviceSettings(naturalScrolling: true))
        #expect(natural == Self.naturallyScrolled(traditional))
    }

    // MARK: Left-handed

    /// The output with primary and secondary swapped on every button event.
    private static func swapped(_ inputs: [ClassifiedInput]) -> [ClassifiedInput] {
        inputs.map { input in
            guard case .button(let button, let state, let trigger, let code) = input.event else { return input }
            let other: PointerButton =
                switch button {
                case .primary: .secondary
                case .secondary: .primary
                default: button
                }
            var result = input
            result.event = .button(other, state: state, trigger: trigger, code: code)
            return result
        }
    }

    static let clickingRecordings: [(String, String?)] = [
        ("touchpad/xit_synaptics-clickpad.right-phys-click.events", clickpadDescription),
        ("touchpad/evemu-devices_cypress-clickpad.two-finger-press.evemu", nil),
        ("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu", nil),
        ("mouse/evemu-devices_saitek-rat5.events", "mouse/evemu-devices_saitek-rat5.desc"),
    ]

    /// Long presses and drags follow the primary button, whichever physical button that is.
    private static func withoutPresses(_ inputs: [ClassifiedInput]) -> [ClassifiedInput] {
        inputs.filter {
            switch $0.event {
            case .longPress, .drag: false
            default: true
            }
        }
    }

    /// Mice and clickpad areas alike: primary and secondary trade places, nothing else changes
    /// (long presses and drags go with the primary button, now the other physical one).
    @Test(arguments: clickingRecordings)
    func leftHandedSwapsPrimaryAndSecondary(path: String, description: String?) throws {
        let right = try run(path, description: description)
        try #require(right.contains { if case .button(.secondary, _, _, _) = $0.event { true } else { false } })
        let left = try run(path, description: description, settings: DeviceSettings(leftHanded: true))
        #expect(Self.withoutPresses(left) == Self.swapped(Self.withoutPresses(right)))
    }

    // MARK: Tap-and-drag

    /// The clickpad recording's tap: its button goes down at the lift (0.063835 s) and, nothing
    /// touching again, comes up when the drag timeout of 180 ms has passed.
    @Test func tapAndDragOnTheClickpadRecordingTaps() throws {
        let output = try run(
            "touchpad/xit_synaptics-clickpad.tap.events", description: Self.clickpadDescription,
            settings: DeviceSettings(tapToClick: true))
        let lift = Timestamp(microseconds: 63_835)
        let taps = output.filter { if case .motion = $0.event { false } else { true } }
        #expect(summaries(taps) == ["tap 1 indirectPointer", "button primary down tap", "button primary up tap"])
        #expect(taps.map(\.time) == [lift, lift, lift + .milliseconds(180)])
    }

    /// The recording's second touch moved 100 ms after the tap's lift: it lands while the tap's
    /// button is held, so the finger's 5 mm of movement drags with the button down, until it
    /// lifts.
    @Test func tapAndDragOnTheClickpadRecordingDrags() throws {
        let device = try load("touchpad/xit_synaptics-clickpad.tap.events", description: Self.clickpadDescription)
        let lift = Timestamp(microseconds: 63_835)
        let secondLanding = try #require(device.frames.firstIndex { $0.time > lift })
        let shift = (lift + .milliseconds(100)) - device.frames[secondLanding].time
        var frames = device.frames
        for index in secondLanding..<frames.count {
            for event in frames[index].events.indices { frames[index].events[event].time += shift }
        }
        let secondLift = try #require(frames.last).time
        let output = try classify(
            device.description, frames, options: DeviceSettings(tapToClick: true), until: secondLift + .seconds(1))
        let interactions = output.filter { if case .motion = $0.event { false } else { true } }
        #expect(
            collapsed(interactions) == [
                "tap 1 indirectPointer", "button primary down tap", "drag began indirectPointer",
                "drag changed indirectPointer", "drag ended indirectPointer", "button primary up tap",
            ])
        #expect(interactions.prefix(2).map(\.time) == [lift, lift])
        #expect(interactions.suffix(2).map(\.time) == [secondLift, secondLift])
    }

    /// A tap, then a touch within the drag timeout that stays down: it drags; with drag lock on a
    /// timeout the button stays down 300 ms after the lift; a tap in that time ends the drag.
    @Test func dragLockKeepsTheButtonDownUntilATap() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(60))
        script.lift(fingers: [0])
        let tap = script.now
        script.wait(.milliseconds(100))
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 20, 0, over: .milliseconds(300))
        script.lift(fingers: [0])
        let dragLift = script.now
        script.wait(.milliseconds(200))
        script.put(finger: 0, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(50))
        script.lift(fingers: [0])
        let settings = DeviceSettings(tapToClick: true, dragLock: .timeout)
        let output = try classify(script.device, script.frames, options: settings, until: script.now + .seconds(1))
        let buttons = output.filter { if case .button = $0.event { true } else { false } }
        #expect(summaries(buttons) == ["button primary down tap", "button primary up tap"])
        #expect(buttons.map(\.time) == [tap, script.now])
        let swipe = Array(repeating: ["motion", "drag changed indirectPointer"], count: 9).flatMap { $0 }
        #expect(
            collapsed(output)
                == ["tap 1 indirectPointer", "button primary down tap", "motion", "drag began indirectPointer"] + swipe
                + ["drag ended indirectPointer", "button primary up tap"])
        #expect(dragLift + .milliseconds(250) == script.now)
    }

    // MARK: Middle-button emulation

    /// A mouse with left and right buttons and no middle one: emulation is on by default.
    private static let twoButtonMouse: DeviceDescription = {
        var mouse = ScriptedDevice.mouse()
        mouse.supportedCodes[.key]?.remove(KeyCode.middleButton.rawValue)
        return mouse
    }()

    private func buttonLines(_ output: [ClassifiedInput], from start: Timestamp) -> [String] {
        output.map { "\(summary($0.event)) +\(($0.time.microseconds - start.microseconds) / 1000) ms" }
    }

    @Test func leftAndRightWithinTheTimeoutAreMiddle() throws {
        var script = InputScript(device: Self.twoButtonMouse)
        let start = script.now
        script.key(.leftButton, 1)
        script.wait(.milliseconds(20))
        script.key(.rightButton, 1)
        script.wait(.milliseconds(100))
        script.key(.leftButton, 0)
        script.wait(.milliseconds(30))
        script.key(.rightButton, 0)
        let output = try classify(script.device, script.frames, until: script.now + .seconds(1))
        #expect(
            buttonLines(output, from: start) == ["button middle down button +20 ms", "button middle up button +120 ms"])
    }

    @Test func leftAloneCountsWhenTheTimeoutPasses() throws {
        var script = InputScript(device: Self.twoButtonMouse)
        let start = script.now
        script.key(.leftButton, 1)
        script.wait(.milliseconds(80))
        script.key(.rightButton, 1)
        script.wait(.milliseconds(100))
        script.key(.rightButton, 0)
        script.key(.leftButton, 0)
        let output = try classify(script.device, script.frames, until: script.now + .seconds(1))
        #expect(
            buttonLines(output, from: start) == [
                "button primary down button +50 ms", "button secondary down button +80 ms",
                "button secondary up button +180 ms", "button primary up button +180 ms",
            ])
    }

    @Test func aButtonReleasedEarlyIsAClickOfItsOwn() throws {
        var script = InputScript(device: Self.twoButtonMouse)
        let start = script.now
        script.key(.rightButton, 1)
        script.wait(.milliseconds(30))
        script.key(.rightButton, 0)
        script.wait(.milliseconds(10))
        script.key(.leftButton, 1)
        let output = try classify(script.device, script.frames, until: script.now + .milliseconds(60))
        #expect(
            buttonLines(output, from: start) == [
                "button secondary down button +30 ms", "button secondary up button +30 ms",
                "button primary down button +90 ms",
            ])
    }

    @Test func aMouseWithAMiddleButtonHasNoEmulationUnlessAsked() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        let start = script.now
        script.key(.leftButton, 1)
        script.wait(.milliseconds(20))
        script.key(.rightButton, 1)
        let plain = try classify(script.device, script.frames, until: script.now + .milliseconds(100))
        #expect(
            buttonLines(plain, from: start) == [
                "button primary down button +0 ms", "button secondary down button +20 ms",
            ])
        let emulated = try classify(
            script.device, script.frames, options: DeviceSettings(middleButtonEmulation: true),
            until: script.now + .milliseconds(100))
        #expect(buttonLines(emulated, from: start) == ["button middle down button +20 ms"])
    }

    // MARK: Edge scrolling

    /// One finger along the right edge of a 100 mm pad (the edge is its last 7 mm) scrolls
    /// vertically once it has moved 3 mm, by the scroll scale (160 points per inch), and moves no
    /// pointer.
    @Test func edgeScrollingScrollsAlongTheRightEdge() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 97, 30)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 0, 10, over: .milliseconds(100))
        script.lift(fingers: [0])
        let output = try classify(
            script.device, script.frames, options: DeviceSettings(scrollMethod: .edge), until: script.now + .seconds(1))
        let step = ClassificationThresholds.default.scrollPointsPerMillimetre
        let scrolls = output.compactMap { input -> String? in
            guard case .scroll(.continuous, let delta, _, let phase?, _) = input.event else { return nil }
            return "\(phase.rawValue) \(delta.x) \(delta.y)"
        }
        #expect(
            scrolls == ["began 0.0 \(step)"] + Array(repeating: "changed 0.0 \(step)", count: 6) + ["ended 0.0 0.0"])
        #expect(!output.contains { if case .motion = $0.event { true } else { false } })
    }

    @Test func edgeScrollingLeavesTheMiddleOfThePadToThePointerAndTwoFingersUnscrolled() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 50, 30)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 0, 10, over: .milliseconds(100), steps: 2)
        script.lift(fingers: [0])
        script.wait(.milliseconds(300))
        script.put(finger: 0, atPercent: 40, 30)
        script.put(finger: 1, atPercent: 60, 30)
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 0, 10, over: .milliseconds(100), steps: 2)
        script.lift(fingers: [0, 1])
        let output = try classify(
            script.device, script.frames, options: DeviceSettings(scrollMethod: .edge), until: script.now + .seconds(1))
        // Two fingers do not scroll; resting 40 ms before they move, they hold (a gesture, not a
        // scroll), and the hold is cancelled when they move as a scroll would.
        #expect(
            summaries(output) == [
                "motion", "motion", "hold began 2 indirectPointer", "hold cancelled 2 indirectPointer",
            ])
    }

    /// Without two-finger scrolling two fingers still pinch: only the scroll is off. They move
    /// apart 1 mm each per frame, so the pinch begins at the second frame.
    @Test(arguments: [ScrollMethod.edge, .noScrolling])
    func withoutTwoFingerScrollingTwoFingersStillPinch(method: ScrollMethod) throws {
        let script = spreadingTwoFingers()
        let output = try classify(script.device, script.frames, options: DeviceSettings(scrollMethod: method))
        #expect(
            summaries(output)
                == ["pinch began 2 indirectPointer"] + Array(repeating: "pinch changed 2 indirectPointer", count: 8)
                + ["pinch ended 2 indirectPointer"])
    }

    // MARK: On-button scrolling

    /// A pointing stick: on-button scrolling with the middle button by default.
    private static let stick = ScriptedDevice.mouse(name: "Scripted TrackPoint")

    @Test func holdingTheMiddleButtonOfAPointingStickScrolls() throws {
        var script = InputScript(device: Self.stick)
        script.key(.middleButton, 1)
        script.wait(.milliseconds(100))
        script.move(dx: 0, dy: 4)
        script.wait(.milliseconds(150))
        script.move(dx: 0, dy: 5)
        script.wait(.milliseconds(10))
        script.move(dx: 1, dy: 6)
        script.key(.middleButton, 0)
        let output = try classify(script.device, script.frames, kind: .pointingStick, until: script.now + .seconds(1))
        let lines = output.map { input -> String in
            guard case .scroll(.continuous, let delta, _, let phase?, _) = input.event else {
                return summary(input.event)
            }
            return "scroll \(phase.rawValue) \(delta.x) \(delta.y)"
        }
        #expect(lines == ["scroll began 0.0 5.0", "scroll changed 1.0 6.0", "scroll ended 0.0 0.0"])
    }

    @Test func aShortPressOfTheScrollButtonIsAMiddleClick() throws {
        var script = InputScript(device: Self.stick)
        script.key(.middleButton, 1)
        script.wait(.milliseconds(100))
        script.key(.middleButton, 0)
        let release = script.now
        script.wait(.milliseconds(50))
        script.move(dx: 2, dy: 0)
        let output = try classify(script.device, script.frames, kind: .pointingStick, until: script.now + .seconds(1))
        #expect(summaries(output) == ["button middle down button", "button middle up button", "motion"])
        #expect(output.map(\.time) == [release, release, script.now])
        let mouse = try classify(script.device, script.frames, until: script.now + .seconds(1))
        #expect(summaries(mouse) == ["button middle down button", "button middle up button", "motion"])
        #expect(mouse.map(\.time) == [release - .milliseconds(100), release, script.now])
    }
}
