import Classification
import EventModel
import Foundation
import Geometry
import InputEvents
import InputRecording
import Interactions
import Testing
import WayfinderTestSupport

/// Real recordings (`Sources/Wayfinder/Resources/Recordings`) through the real classifier into
/// composed interactions. Expectations are derived from what the classifier reported and from the
/// documented formulas, never from the interactions' own output.
@Suite struct RecordingPipelineTests: DocumentedScrollMotion {
    private struct Run {
        var pipeline: ClassifiedPipeline
        var end: Timestamp
    }

    /// Loads a recording and runs it, plus two seconds, through a window whose single child
    /// `canvas` covers everything.
    private func run(
        _ file: String,
        description: String? = nil,
        attaching interactions: [any Interaction],
        scroll: ScrollViewInteraction? = nil,
        settle: Duration = .seconds(2),
        options: DeviceSettings = DeviceSettings()
    ) throws -> Run {
        let recording = try Recording.load(
            contentsOf: Fixtures.recording(file),
            descriptionURL: description.map(Fixtures.recording)
        )
        let device = try #require(recording.devices.first)
        let canvas = Node(identifier: "canvas", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        if let scroll { canvas.addInteraction(scroll) }
        for interaction in interactions { canvas.addInteraction(interaction) }
        let (_, system) = makeWindow([canvas])
        var pipeline = try ClassifiedPipeline(device: device.description, system: system, options: options)
        let end = (device.frames.last?.time ?? .zero) + settle
        pipeline.run(device.frames, until: end)
        return Run(pipeline: pipeline, end: end)
    }

    private func count(_ inputs: [ClassifiedInput], where predicate: (ClassifiedEvent) -> Bool) -> Int {
        inputs.filter { predicate($0.event) }.count
    }

    private func isSecondaryDown(_ event: ClassifiedEvent) -> Bool {
        if case .button(.secondary, .down, _, _) = event { return true }
        return false
    }

    // MARK: Context menu

    @Test(
        arguments: [
            ("mouse/evemu-devices_saitek-rat5.events", "mouse/evemu-devices_saitek-rat5.desc"),
            ("touchpad/xit_synaptics-clickpad.right-phys-click.events", "touchpad/xit_synaptics-clickpad.desc"),
            ("touchpad/evemu-devices_cypress-clickpad.two-finger-press.evemu", nil),
        ] as [(String, String?)])
    func eachSecondaryClickPresentsTheMenuOnce(file: String, description: String?) throws {
        let menu = ContextMenuInteraction(actions: ["Share", "Delete"])
        let result = try run(file, description: description, attaching: [menu])
        let secondaryClicks = count(result.pipeline.classified, where: isSecondaryDown)
        #expect(secondaryClicks == 1)
        let actions = result.pipeline.actions
        #expect(actions.map(\.trigger) == [.secondaryClick])
        #expect(actions.first?.name == "contextMenu")
        #expect(actions.first?.actions == ["Share", "Delete"])
    }

    @Test func theSaiteksShortLeftClicksAreNeitherLongPressesNorDrags() throws {
        let menu = ContextMenuInteraction(actions: ["Open"])
        let drag = DragInteraction()
        let result = try run(
            "mouse/evemu-devices_saitek-rat5.events",
            description: "mouse/evemu-devices_saitek-rat5.desc",
            attaching: [menu, drag]
        )
        let primaryClicks = count(result.pipeline.classified) {
            if case .button(.primary, .down, _, _) = $0 { return true }
            return false
        }
        #expect(primaryClicks == 2)
        #expect(result.pipeline.actions.filter { $0.trigger == .longPress }.isEmpty)
        #expect(result.pipeline.actions.filter { $0.name == "drag" }.isEmpty)
        #expect(result.pipeline.actions.count == 1)
    }

    // MARK: Wheel

    @Test func theWheelIsIgnoredByADefaultPanAndTakenByADiscretePan() throws {
        let file = "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu"
        let defaultPan = try run(file, attaching: [PanInteraction()])
        let discretePan = try run(file, attaching: [PanInteraction(allowedScrollTypes: .discrete)])
        let wheelTimes = Set(
            discretePan.pipeline.classified.compactMap { input -> Timestamp? in
                if case .scroll(.discrete, _, _, _, _) = input.event { return input.time }
                return nil
            }
        )
        #expect(wheelTimes.count > 10)
        // Pans that began with a wheel event (the recording's click-and-drags pan by touch).
        func wheelPans(_ actions: [TimedAction]) -> [TimedAction] {
            actions.filter { $0.name == "pan" && $0.phase == .began && wheelTimes.contains($0.time) }
        }
        #expect(wheelPans(defaultPan.pipeline.actions).isEmpty)
        // Each wheel event is a whole pan: began, then ended at once.
        #expect(wheelPans(discretePan.pipeline.actions).count == wheelTimes.count)
        let touchPans = defaultPan.pipeline.actions.filter { $0.phase == .began }
        #expect(touchPans.count == discretePan.pipeline.actions.filter { $0.phase == .began }.count - wheelTimes.count)
    }

    @Test func theWheelStepsAScrollViewByTheLineHeight() throws {
        let scroll = ScrollViewInteraction(contentSize: Size(width: 1000, height: 5000))
        let result = try run(
            "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu",
            attaching: [],
            scroll: scroll
        )
        // Each detent (120 units of v120) moves 40 points, never outside 0…4200.
        var expected = 0.0
        var touchPanned = false
        for input in result.pipeline.classified {
            if case .scroll(.discrete, _, let v120?, _, _) = input.event {
                expected = min(max(expected + v120.y / 120 * 40, 0), 4200)
            }
            if case .drag = input.event { touchPanned = true }
        }
        #expect(expected > 0)
        // The recording's click-and-drag also pans the scroll view; check the wheel alone up to it.
        let beforeDrag = result.pipeline.events.compactMap { event -> Double? in
            if case .contentOffset(_, let offset) = event.payload, case let time = event.time,
                time < Timestamp(microseconds: 2_700_000)
            {
                return offset.y
            }
            return nil
        }
        var wheelOnly = 0.0
        for input in result.pipeline.classified where input.time < Timestamp(microseconds: 2_700_000) {
            if case .scroll(.discrete, _, let v120?, _, _) = input.event {
                wheelOnly = min(max(wheelOnly + v120.y / 120 * 40, 0), 4200)
            }
        }
        #expect(beforeDrag.last == wheelOnly)
        #expect(touchPanned)
    }

    /// Flat at speed 0, so that the recorded counts are the points the drag threshold measures.
    @Test func aMouseDragBeginsOnTheFirstMotionAfterThePress() throws {
        let drag = DragInteraction()
        let result = try run(
            "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu",
            attaching: [drag], options: DeviceSettings(accelerationProfile: .flat)
        )
        let classified = result.pipeline.classified
        let press = try #require(
            classified.firstIndex {
                if case .button(.primary, .down, _, _) = $0.event { return true }
                return false
            }
        )
        let firstMotion = try #require(
            classified[press...].first {
                if case .motion = $0.event { return true }
                return false
            }
        )
        let drags = result.pipeline.actions.filter { $0.name == "drag" }
        #expect(drags.first?.phase == .began)
        #expect(drags.first?.time == firstMotion.time)
        #expect(drags.last?.phase == .ended)
    }

    // MARK: Touchpad scrolling

    @Test func aTwoFingerScrollIsTakenByContinuousAndAllPansOnly() throws {
        let file = "touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events"
        let description = "touchpad/xit_synaptics-clickpad.desc"
        let none = try run(file, description: description, attaching: [PanInteraction()])
        let discrete = try run(
            file, description: description, attaching: [PanInteraction(allowedScrollTypes: .discrete)])
        let continuous = try run(
            file, description: description, attaching: [PanInteraction(allowedScrollTypes: .continuous)])
        let all = try run(file, description: description, attaching: [PanInteraction(allowedScrollTypes: .all)])
        #expect(none.pipeline.actions.isEmpty)
        #expect(discrete.pipeline.actions.isEmpty)
        var scrolled = 0.0
        var changes = 0
        for input in continuous.pipeline.classified {
            if case .scroll(.continuous, let delta, _, let phase, _) = input.event {
                scrolled += delta.y
                if phase == .changed { changes += 1 }
            }
        }
        for result in [continuous, all] {
            let phases = result.pipeline.actions.map(\.phase)
            #expect(phases.first == .began)
            #expect(phases.last == .ended)
            #expect(phases.filter { $0 == .changed }.count == changes)
            // Content follows the fingers: scrolling down pans up.
            let translation = try #require(result.pipeline.actions.last?.translation)
            #expect(abs(translation.y + scrolled) < 1e-9)
        }
    }

    @Test func aScrollViewDeceleratesAfterARecordedTwoFingerScroll() throws {
        let scroll = ScrollViewInteraction(contentSize: Size(width: 1000, height: 20_000))
        let result = try run(
            "touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events",
            description: "touchpad/xit_synaptics-clickpad.desc",
            attaching: [],
            scroll: scroll,
            settle: .zero
        )
        var pipeline = result.pipeline
        let (scrolled, release) = pipeline.continuousScroll(along: \.y)
        let ended = try #require(release)
        // The fingers slow down before they lift: a few points per second remain.
        #expect(ended.velocity > 1)
        let end = ended.time + .milliseconds(600)
        pipeline.advance(to: end)
        expectOffsets(in: pipeline.events, after: ended.time, through: end, along: \.y) { milliseconds in
            decelerated(from: scrolled, velocity: ended.velocity, milliseconds: milliseconds)
        }
        pipeline.advance(to: ended.time + .seconds(10))
        #expect(abs(scroll.contentOffset.y - (scrolled + ended.velocity / 1000 / -log(rate))) < 0.5)
        #expect(pipeline.system.nextDeadline == nil)
    }

    @Test func everyOffsetAfterARecordedHorizontalFlickFollowsTheDecelerationFormula() throws {
        let scroll = ScrollViewInteraction(contentSize: Size(width: 20_000, height: 800))
        let result = try run(
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-horizontal.events",
            description: "touchpad/evemu-devices_synaptics-hp8470p.desc",
            attaching: [],
            scroll: scroll
        )
        let (scrolled, release) = result.pipeline.continuousScroll(along: \.x)
        let ended = try #require(release)
        // A real flick: over a thousand points per second when the fingers lift.
        #expect(ended.velocity > 1000)
        let perMillisecond = ended.velocity / 1000
        // Rest comes when what is left to travel, |v|·rᵗ/−ln r, is half a point.
        let restMilliseconds = log(0.5 * -log(rate) / abs(perMillisecond)) / log(rate)
        func expected(_ milliseconds: Double) -> Double {
            decelerated(from: scrolled, velocity: ended.velocity, milliseconds: min(milliseconds, restMilliseconds))
        }
        var checked = 0
        for event in result.pipeline.events {
            guard case .contentOffset(_, let offset) = event.payload, case let time = event.time, time > ended.time
            else { continue }
            let milliseconds = Double((time - ended.time).wholeMicroseconds) / 1000
            // The rest time is rounded up to a whole microsecond.
            #expect(abs(offset.x - expected(milliseconds)) < 1e-3, "at \(milliseconds) ms")
            #expect(offset.y == 0)
            checked += 1
        }
        #expect(checked > 10)
        #expect(abs(scroll.contentOffset.x - expected(restMilliseconds)) < 1e-3)
        #expect(abs(scroll.contentOffset.x - (scrolled + perMillisecond / -log(rate))) < 0.5)
    }

    @Test func aScrollViewBouncesBackAfterARecordedScrollPastItsTop() throws {
        let scroll = ScrollViewInteraction(contentSize: Size(width: 1000, height: 20_000))
        let result = try run(
            "touchpad/xit_synaptics-clickpad.two-finger-scroll-up.events",
            description: "touchpad/xit_synaptics-clickpad.desc",
            attaching: [],
            scroll: scroll,
            settle: .zero
        )
        var pipeline = result.pipeline
        let (scrolled, release) = pipeline.continuousScroll(along: \.y)
        let ended = try #require(release)
        #expect(scrolled < -20)
        // Rubber band past the top of an 800-point view.
        let shown = -rubberBand(-scrolled, dimension: 800)
        let atRelease = pipeline.events.last { event in
            if case .contentOffset = event.payload { return event.time <= ended.time }
            return false
        }
        guard case .contentOffset(_, let offsetAtRelease)? = atRelease?.payload else {
            Issue.record("no content offset before the release")
            return
        }
        #expect(abs(offsetAtRelease.y - shown) < 1e-9)
        // Back to the edge on a critically damped spring, ω = 12.
        let end = ended.time + .milliseconds(500)
        pipeline.advance(to: end)
        expectOffsets(in: pipeline.events, after: ended.time, through: end, along: \.y) { milliseconds in
            spring(displacement: shown, velocity: ended.velocity, seconds: milliseconds / 1000)
        }
        pipeline.advance(to: ended.time + .seconds(3))
        #expect(scroll.contentOffset.y == 0)
    }

    // MARK: Touchscreen

    @Test func aRecordedFingerDragPansButDoesNotLiftADrag() throws {
        let pan = PanInteraction()
        let drag = DragInteraction()
        let result = try run(
            "touchscreen/evemu-devices_atmel-maxtouch.1-finger-drag-up-down.evemu",
            attaching: [drag, pan]
        )
        // The finger moves within 100 ms, long before the lift delay.
        #expect(result.pipeline.actions.filter { $0.name == "drag" }.isEmpty)
        let pans = result.pipeline.actions.filter { $0.name == "pan" }
        #expect(pans.first?.phase == .began)
        #expect(pans.last?.phase == .ended)
        let positions = result.pipeline.classified.compactMap { input -> Vector? in
            if case .touch(_, let fraction, _) = input.event { return fraction }
            return nil
        }
        let first = try #require(positions.first)
        let last = try #require(positions.last)
        let translation = try #require(pans.last?.translation)
        #expect(abs(translation.x - (last.x - first.x) * 1000) < 1e-6)
        #expect(abs(translation.y - (last.y - first.y) * 800) < 1e-6)
    }

    @Test func recordedFastTapsAreEachOneTap() throws {
        let recording = try Recording.load(
            contentsOf: Fixtures.recording("touchscreen/evemu-devices_atmel-maxtouch.1-finger-fast-taps.evemu")
        )
        let device = try #require(recording.devices.first)
        let (root, system) = makeWindow([])
        let tap = TapGestureRecognizer()
        var taps = 0
        tap.addTarget { if $0.state == .ended { taps += 1 } }
        root.addGestureRecognizer(tap)
        var pipeline = try ClassifiedPipeline(device: device.description, system: system)
        pipeline.run(device.frames, until: (device.frames.last?.time ?? .zero) + .seconds(1))
        let classifiedTaps = count(pipeline.classified) {
            if case .tap(1, .direct, _) = $0 { return true }
            return false
        }
        let lifts = count(pipeline.classified) {
            if case .touch(.up, _, _) = $0 { return true }
            return false
        }
        #expect(classifiedTaps >= 8)
        #expect(classifiedTaps == lifts)
        #expect(taps == classifiedTaps)
    }
}
