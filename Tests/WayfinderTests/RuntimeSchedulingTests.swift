import Classification
import EventModel
import FocusEngine
import InputEvents
import Testing

@testable import Wayfinder

/// The runtime's scheduling and routing, driven by a small press-and-hold classifier so that the
/// deadline logic is visible on its own.
@Suite struct RuntimeSchedulingTests {
    /// A classifier for one button: a press held for 500 ms becomes a long press (a deadline),
    /// and the key of a keyboard frame passes through.
    final class HoldClassifier: FrameClassifier {
        var pressedAt: Timestamp?
        var began = false
        func process(_ frame: EventFrame, into output: inout [ClassifiedInput]) {
            for event in frame.events where event.type == .key {
                guard let code = event.keyCode else { continue }
                if code == .leftButton {
                    if event.value == 1 {
                        pressedAt = frame.time
                    } else if event.value == 0 {
                        if began {
                            output.append(
                                .init(
                                    time: frame.time,
                                    event: .longPress(phase: .ended, touchType: .indirectPointer, position: nil)))
                        }
                        pressedAt = nil
                        began = false
                    }
                } else {
                    let state: KeyState = event.value == 1 ? .down : event.value == 2 ? .repeat : .up
                    output.append(
                        .init(
                            time: frame.time,
                            event: .key(code: code, state: state, modifiers: [], keysym: nil, text: nil)))
                }
            }
        }
        var nextDeadline: Timestamp? { began ? nil : pressedAt.map { $0 + .milliseconds(500) } }
        func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
            guard let deadline = nextDeadline, deadline <= time else { return }
            began = true
            output.append(
                .init(time: deadline, event: .longPress(phase: .began, touchType: .indirectPointer, position: nil)))
        }
        func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
            if began {
                output.append(
                    .init(time: time, event: .longPress(phase: .cancelled, touchType: .indirectPointer, position: nil)))
            }
            pressedAt = nil
            began = false
        }
    }

    /// A scene that records the keys it is given.
    final class RecordingScene: SceneDriver {
        var chords: [String] = []
        func press(_ input: KeyInput, at time: Timestamp, into output: inout [TimedPayload]) {
            chords.append(input.description)
            output.append(.init(time: time, payload: .focus(from: nil, to: input.description, heading: .next)))
        }
        func handlePointer(_ input: ClassifiedInput, into output: inout [TimedPayload]) -> String? { "node" }
        var nextDeadline: Timestamp? { nil }
        func advance(to time: Timestamp, into output: inout [TimedPayload]) {}
        func cancelPointerGestures(at time: Timestamp, into output: inout [TimedPayload]) {}
        func snapshot() -> TerminalSnapshot { TerminalSnapshot(sceneWidth: 1, sceneHeight: 1) }
        var findQuery: String? { nil }
    }

    static let mouse = DeviceDescription(
        name: "Test Mouse", identity: .init(busType: 3, vendorID: 1, productID: 2, version: 1),
        supportedCodes: [.key: [KeyCode.leftButton.rawValue], .relative: [0, 1]])

    static func frame(_ milliseconds: Int64, _ code: KeyCode, _ value: Int32) -> EventFrame {
        let time = Timestamp(microseconds: milliseconds * 1000)
        return EventFrame(events: [
            InputEvent(time: time, type: .key, code: code.rawValue, value: value), .report(at: time),
        ])
    }

    func runtime(scene: (any SceneDriver)? = nil) -> Runtime {
        Runtime(scene: scene) { _ in HoldClassifier() }
    }

    @Test func aDeadlineFiresBeforeTheNextFrameAtItsOwnTime() {
        let runtime = runtime()
        let device = DeviceID(rawValue: 0)
        runtime.addDevice(.numbered(device.rawValue), description: Self.mouse, at: .zero)
        runtime.process(Self.frame(100, .leftButton, 1), from: device)
        #expect(runtime.nextDeadline == Timestamp(microseconds: 600_000))
        let events = runtime.process(Self.frame(900, .leftButton, 0), from: device)
        #expect(events.map(\.time.microseconds) == [600_000, 900_000])
        #expect(
            events.first?.payload
                == .input(.longPress(phase: .began, touchType: .indirectPointer, position: nil), target: nil))
    }

    @Test func batchingDoesNotChangeTheEvents() {
        let frames = [
            Self.frame(0, .leftButton, 1), Self.frame(700, .leftButton, 0), Self.frame(1000, .leftButton, 1),
            Self.frame(1300, .leftButton, 0), Self.frame(2000, .leftButton, 1), Self.frame(2600, .leftButton, 0),
        ]
        func run(advancingEvery step: Int64?) -> [WayfinderEvent] {
            let runtime = runtime()
            var events = runtime.addDevice(.numbered(0), description: Self.mouse, at: .zero)
            var now: Int64 = 0
            for frame in frames {
                if let step {
                    while now + step < frame.time.microseconds {
                        now += step
                        events += runtime.advance(to: Timestamp(microseconds: now))
                    }
                }
                events += runtime.process(frame, from: DeviceID(rawValue: 0))
            }
            return events
        }
        let unbatched = run(advancingEvery: nil)
        #expect(unbatched.count == 1 + 2 + 2)  // added; began+ended twice (the 300 ms press is not long)
        for step: Int64 in [1_000, 16_667, 250_000, 499_999] {
            #expect(run(advancingEvery: step) == unbatched)
        }
    }

    /// A listener may remove the device whose frame it is hearing of: the runtime lets go of the
    /// device only after it is done with the frame (the address sanitizer's run checks that
    /// nothing reads it after).
    @Test func aListenerMayRemoveTheDeviceWhoseFrameItHearsOf() {
        let runtime = runtime()
        let device = DeviceID(rawValue: 5)
        runtime.addDevice(.numbered(device.rawValue), description: Self.mouse, at: .zero)
        runtime.process(Self.frame(0, .leftButton, 1), from: device)
        var heard: [EventPayload] = []
        var removal: [WayfinderEvent] = []
        runtime.onEvent = { event in
            heard.append(event.payload)
            if case .input(.longPress(.began, _, _), _) = event.payload {
                runtime.removeDevice(device, at: Timestamp(microseconds: 700_000), into: &removal)
            }
        }
        let events = runtime.process(Self.frame(600, .leftButton, 0), from: device)
        runtime.onEvent = nil
        let began = EventPayload.input(
            .longPress(phase: .began, touchType: .indirectPointer, position: nil), target: nil)
        let ended = EventPayload.input(
            .longPress(phase: .ended, touchType: .indirectPointer, position: nil), target: nil)
        // The frame's events as they were: the deadline's long press, then the release ending it.
        #expect(events.map(\.payload) == [began, ended])
        // The removal, made while the listener heard of the first, is heard of in between, and
        // the long press has already ended, so nothing is cancelled.
        #expect(removal.map(\.payload) == [.device(.removed, kind: .mouse)])
        #expect(heard == [began, .device(.removed, kind: .mouse), ended])
        #expect(runtime.attachedDevices.isEmpty)
        #expect(runtime.process(Self.frame(700, .leftButton, 1), from: device) == [])
    }

    @Test func removingADeviceCancelsItsGestureThenReportsTheRemoval() {
        let runtime = runtime()
        let device = DeviceID(rawValue: 3)
        runtime.addDevice(.numbered(device.rawValue), description: Self.mouse, at: .zero)
        runtime.process(Self.frame(0, .leftButton, 1), from: device)
        let events = runtime.removeDevice(device, at: Timestamp(microseconds: 800_000))
        #expect(
            events.map(\.payload) == [
                .input(.longPress(phase: .began, touchType: .indirectPointer, position: nil), target: nil),
                .input(.longPress(phase: .cancelled, touchType: .indirectPointer, position: nil), target: nil),
                .device(.removed, kind: .mouse),
            ])
        #expect(runtime.nextDeadline == nil)
        #expect(runtime.process(Self.frame(900, .leftButton, 0), from: device).isEmpty)
    }

    @Test func keysReachTheSceneAsChordsAndPointerInputGetsATarget() {
        let scene = RecordingScene()
        let runtime = runtime(scene: scene)
        let device = DeviceID(rawValue: 0)
        runtime.addDevice(.numbered(device.rawValue), description: Self.mouse, at: .zero)
        runtime.process(Self.frame(10, .tab, 1), from: device)
        runtime.process(Self.frame(20, .tab, 2), from: device)
        runtime.process(Self.frame(30, .tab, 0), from: device)
        runtime.process(Self.frame(40, .leftShift, 1), from: device)
        runtime.process(Self.frame(50, .down, 1), from: device)
        // Repeats move focus again; releases and modifiers alone do not.
        #expect(scene.chords == ["Tab", "Tab", "Down"])
        runtime.process(Self.frame(60, .leftButton, 1), from: device)
        let events = runtime.advance(to: Timestamp(microseconds: 560_000))
        #expect(events.count == 1)
        if case .input(_, let target) = events.first?.payload {
            #expect(target == "node")
        } else {
            Issue.record("no input")
        }
    }

    @Test func theEventSequenceAndTheCallbackSeeEveryEventInOrder() async throws {
        let runtime = runtime()
        let stream = runtime.events
        var seen: [WayfinderEvent] = []
        runtime.onEvent = { seen.append($0) }
        let returned = try Replay(sources: [
            .init(description: Self.mouse, frames: [Self.frame(0, .leftButton, 1), Self.frame(900, .leftButton, 0)])
        ])
        .events(through: runtime)
        runtime.finish()
        var streamed: [WayfinderEvent] = []
        for await event in stream { streamed.append(event) }
        #expect(returned.count == 4)
        #expect(seen == returned)
        #expect(streamed == returned)
    }

    @Test func replayMergesSourcesInTimeOrderWithTheirOffsets() throws {
        let keyboard = DeviceDescription(
            name: "Test Keyboard", identity: .init(busType: 3, vendorID: 1, productID: 3, version: 1),
            supportedCodes: [.key: [KeyCode.tab.rawValue]])
        let replay = Replay(sources: [
            .init(
                description: keyboard, frames: [Self.frame(0, .tab, 1), Self.frame(300, .tab, 0)],
                offset: .milliseconds(100)),
            .init(description: Self.mouse, frames: [Self.frame(0, .leftButton, 1), Self.frame(200, .leftButton, 0)]),
        ])
        #expect(
            try replay.allSteps().map(\.time.microseconds) == [
                0, 0, 100_000, 100_000, 200_000, 200_000, 400_000, 400_000,
            ])
        #expect(try replay.allSteps().map(\.source) == [1, 1, 0, 0, 1, 1, 0, 0])
        let events = try replay.events(through: runtime())
        // Each device is added at its first frame and removed after its last.
        #expect(
            events.map(\.device.name) == [
                "Test Mouse", "Test Keyboard", "Test Keyboard", "Test Mouse", "Test Keyboard", "Test Keyboard",
            ])
        #expect(events.filter { if case .device = $0.payload { true } else { false } }.count == 4)
    }

    /// Devices are found by id and their deadlines kept in a queue (issue 23: a replay of
    /// thousands of files attaches thousands): deadlines at the same time fire in the order the
    /// devices were added, not by id, and a device added again under its id loses the old one's
    /// deadline.
    @Test func deadlinesAtOneTimeFireInTheOrderDevicesWereAdded() {
        let runtime = runtime()
        var events: [WayfinderEvent] = []
        for number in [2, 0, 1, 3] {
            events += runtime.addDevice(.numbered(number), description: Self.mouse, at: .zero)
        }
        events += runtime.process(Self.frame(0, .leftButton, 1), from: DeviceID(rawValue: 1))
        events += runtime.process(Self.frame(100, .leftButton, 1), from: DeviceID(rawValue: 0))
        events += runtime.process(Self.frame(100, .leftButton, 1), from: DeviceID(rawValue: 2))
        events += runtime.addDevice(.numbered(1), description: Self.mouse, at: Timestamp(microseconds: 200_000))
        events += runtime.removeDevice(DeviceID(rawValue: 3), at: Timestamp(microseconds: 300_000))
        #expect(runtime.nextDeadline == Timestamp(microseconds: 600_000))
        events += runtime.advance(to: Timestamp(microseconds: 1_000_000))
        #expect(runtime.nextDeadline == nil)
        let began = EventPayload.input(
            .longPress(phase: .began, touchType: .indirectPointer, position: nil), target: nil)
        #expect(
            events.map { "\($0.time.microseconds) \($0.device.id.rawValue) \($0.payload)" } == [
                "0 2 \(EventPayload.device(.added, kind: .mouse))",
                "0 0 \(EventPayload.device(.added, kind: .mouse))",
                "0 1 \(EventPayload.device(.added, kind: .mouse))",
                "0 3 \(EventPayload.device(.added, kind: .mouse))",
                "200000 1 \(EventPayload.device(.removed, kind: .mouse))",
                "200000 1 \(EventPayload.device(.added, kind: .mouse))",
                "300000 3 \(EventPayload.device(.removed, kind: .mouse))",
                "600000 2 \(began)",
                "600000 0 \(began)",
            ])
    }

    /// The replay's merge at a size where the order is easy to get wrong: 300 sources whose
    /// frames fall on a few times (so most steps tie), several with an offset. The steps are
    /// every source's own steps — added, its frames, removed — merged stably by time, then source.
    @Test func aReplayOfManySourcesMergesStablyByTimeThenSource() throws {
        let count = 300
        var sources: [ReplaySource] = []
        var expected: [(time: Int64, source: Int, step: String)] = []
        for index in 0..<count {
            let start = Int64(index % 7) * 100
            let offset = Int64(index % 3 == 0 ? 50 : 0)
            let times = [start, start + 100, start + 100, start + 700]
            let frames = times.enumerated().map { Self.frame($1, .leftButton, Int32(($0 + 1) % 2)) }
            sources.append(.init(description: Self.mouse, frames: frames, offset: .milliseconds(offset)))
            let shifted = times.map { ($0 + offset) * 1000 }
            expected.append((shifted[0], index, "add"))
            expected += shifted.map { ($0, index, "frame") }
            expected.append((shifted[3], index, "remove"))
        }
        // A stable sort: each source's own steps keep their order.
        let merged = expected.enumerated().sorted {
            ($0.element.time, $0.element.source, $0.offset) < ($1.element.time, $1.element.source, $1.offset)
        }.map { "\($0.element.time) \($0.element.source) \($0.element.step)" }
        let steps = try Replay(sources: sources).allSteps().map { step in
            let action =
                switch step.action {
                case .add: "add"
                case .frame: "frame"
                case .remove: "remove"
                }
            return "\(step.time.microseconds) \(step.source) \(action)"
        }
        #expect(steps == merged)
        // Through a runtime: each device is added, holds its second press into a long press
        // (began 500 ms after it, ended by the release) and is removed.
        let events = try Replay(sources: sources).events(through: runtime())
        #expect(events.count == count * 4)
        #expect(
            events.filter { $0.device.id.rawValue == 5 }.map(\.time.microseconds) == [
                500_000, 1_100_000, 1_200_000, 1_200_000,
            ])
    }

    /// A classifier that passes keys through and records the other devices' keys it is told of.
    final class SharingClassifier: FrameClassifier {
        let observesOtherDevices: Bool
        var observed: [String] = []
        init(observesOtherDevices: Bool) { self.observesOtherDevices = observesOtherDevices }
        func process(_ frame: EventFrame, into output: inout [ClassifiedInput]) {
            for event in frame.events where event.type == .key {
                guard let code = event.keyCode else { continue }
                let state: KeyState = event.value == 1 ? .down : .up
                output.append(
                    .init(
                        time: frame.time, event: .key(code: code, state: state, modifiers: [], keysym: nil, text: nil)))
            }
        }
        var nextDeadline: Timestamp? { nil }
        func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {}
        func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {}
        func observeKey(_ code: KeyCode, isDown: Bool, onKeyboard keyboard: DeviceIdentity, at time: Timestamp) {
            observed.append("\(code.rawValue) \(isDown ? "down" : "up") at \(time.microseconds)")
        }
    }

    /// A key is shared only with the devices that observe others (touchpads, for
    /// disable-while-typing), in the order they were added, and not with one removed: a replay of
    /// thousands of keyboards told every one of them of every key (issue 23).
    @Test func keysAreSharedOnlyWithTheDevicesThatObserveOthers() {
        var classifiers: [String: SharingClassifier] = [:]
        let runtime = Runtime(scene: nil) { description in
            let classifier = SharingClassifier(observesOtherDevices: description.name.hasPrefix("pad"))
            classifiers[description.name] = classifier
            return classifier
        }
        for (number, name) in ["pad A", "mouse", "keyboard", "pad B"].enumerated() {
            var description = Self.mouse
            description.name = name
            runtime.addDevice(.numbered(number), description: description, at: .zero)
        }
        let keyboard = DeviceID(rawValue: 2)
        runtime.process(Self.frame(10, .tab, 1), from: keyboard)
        runtime.process(Self.frame(20, .tab, 0), from: keyboard)
        runtime.removeDevice(DeviceID(rawValue: 0), at: Timestamp(microseconds: 30_000))
        runtime.process(Self.frame(40, .tab, 1), from: keyboard)
        let tab = KeyCode.tab.rawValue
        #expect(classifiers["pad A"]?.observed == ["\(tab) down at 10000", "\(tab) up at 20000"])
        #expect(
            classifiers["pad B"]?.observed == [
                "\(tab) down at 10000", "\(tab) up at 20000", "\(tab) down at 40000",
            ])
        #expect(classifiers["mouse"]?.observed == [])
        #expect(classifiers["keyboard"]?.observed == [])
    }
}
