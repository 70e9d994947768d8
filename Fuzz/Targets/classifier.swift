// fuzz-modules: Wayfinder WayfinderTestSupport
// fuzz-support: Expect StreamChecks FuzzBytes
// fuzz-options: -max_len=4096
//
// The classifier on frames built from fuzz bytes, for every bundled device description (the
// bundled recordings' devices and the scripted ones of WayfinderTestSupport), alone
// (`DeviceTranslator`) and through the whole runtime with the demo scene. Beyond "no trap, no
// hang": every sequence that begins (long press, drag, continuous scroll, gesture, a scene's
// drag or pan) ends or is cancelled, no key, button or contact stays down once the device is
// removed, every number in the stream is finite, events come in time order and never from later
// than the input, a deadline that fires moves on (the loop never stalls), and nothing is reported
// for a device after it went away.
//
// The input:
//
//     byte 0          the device (an index into `Devices.all`, modulo its count)
//     byte 1          options: bit 0 tap-to-click on, bit 1 tap-to-click given, bit 2 left-handed,
//                     bits 3-4 click method (none, areas, fingers), bit 5 axis ranges follow
//     [axes]          with bit 5: a count (modulo 8), then per axis its code (1 byte), minimum and
//                     maximum (4 bytes each) and resolution (1 signed byte)
//     records         8 bytes each: a control byte (bits 6-7 what, bits 0-5 d, time passes d² ×
//                     250 µs), the type (1 byte, modulo 32), the code (2 bytes), the value (4 bytes)
//                       what 0  the event joins the frame; a SYN_REPORT ends the frame
//                       what 1  the event joins the frame, then a SYN_REPORT (0) ends it
//                       what 2  time passes (d² × 4 ms) with no frame: deadlines fire
//                       what 3  the device is unplugged and plugged in again
//
// Seeds: `FUZZ_WRITE_SEEDS=DIR .build/fuzz/bin/classifier` writes every bundled recording in
// this form into DIR (the seeds in Fuzz/Corpus/classifier were made so).

import Classification
import EventModel
import Foundation
import InputEvents
import InputRecording
import Scenes
import Wayfinder
import WayfinderTestSupport

/// The devices the fuzzer classifies.
enum Devices {
    /// Every bundled recording's device (one per description), then the scripted devices.
    static let all: [DeviceDescription] = {
        var result: [DeviceDescription] = []
        for bundled in BundledRecording.all {
            guard let device = try? bundled.load().devices.first?.description else {
                fatalError("cannot read the bundled recording \(bundled.path)")
            }
            if !result.contains(device) { result.append(device) }
        }
        result += [
            ScriptedDevice.mouse(), ScriptedDevice.mouse(highResolution: true), ScriptedDevice.touchpad(),
            ScriptedDevice.touchpad(isClickpad: false), ScriptedDevice.touchpad(hasPressure: false),
            ScriptedDevice.touchscreen(), ScriptedDevice.keyboard(),
        ]
        return result
    }()

    /// The demo scene, which has a scroll view, context menus and a draggable item.
    static let scene: Scene = {
        let url = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json")
        guard let loaded = try? Scene.load(contentsOf: url) else { fatalError("cannot load \(url.path)") }
        return loaded.scene
    }()
}

/// What the fuzz input asks for.
struct Session {
    enum Step {
        case frame(EventFrame)
        case advance(Timestamp)
        case reconnect(Timestamp)
    }

    var description: DeviceDescription
    var options = DeviceSettings()
    var steps: [Step] = []
    /// When the first frame may come; the device is added then.
    static let start = Timestamp(microseconds: 1_000_000)
    var end = Session.start

    init(_ data: [UInt8]) {
        var bytes = FuzzBytes(data)
        description = Devices.all[Int(bytes.byte()) % Devices.all.count]
        let flags = bytes.byte()
        if flags & 0b10 != 0 { options.tapToClick = flags & 0b1 != 0 }
        options.leftHanded = flags & 0b100 != 0
        switch (flags >> 3) & 0b11 {
        case 1: options.clickMethod = .buttonAreas
        case 2: options.clickMethod = .fingers
        default: break
        }
        switch flags >> 6 {
        case 1: options.threeFingerDrag = .threeFingers
        case 2: options.threeFingerDrag = .fourFingers
        default: break
        }
        if flags & 0b10_0000 != 0 {
            for _ in 0..<(bytes.byte() % 8) {
                let code = UInt16(bytes.byte() & 0x3f)
                let minimum = bytes.int32()
                let maximum = bytes.int32()
                let resolution = Int32(Int8(bitPattern: bytes.byte()))
                description.absoluteAxes[AbsoluteAxis(rawValue: code)] = AbsoluteAxisInfo(
                    minimum: minimum, maximum: maximum, resolution: resolution)
                description.supportedCodes[.absolute, default: []].insert(code)
            }
        }
        var time = end
        var pending: [InputEvent] = []
        func endFrame(value: Int32) {
            pending.append(InputEvent(time: time, type: .synchronization, code: 0, value: value))
            for index in pending.indices { pending[index].time = time }
            steps.append(.frame(EventFrame(events: pending)))
            pending.removeAll()
        }
        while !bytes.isAtEnd {
            let control = bytes.byte()
            let step = Int64(control & 0x3f)
            let type = EventType(rawValue: UInt16(bytes.byte() & 0x1f))
            let code = bytes.uint16()
            let value = bytes.int32()
            switch control >> 6 {
            case 0, 1:
                time = time + .microseconds(step * step * 250)
                if type == .synchronization && code == 0 {
                    endFrame(value: value)
                } else {
                    pending.append(InputEvent(time: time, type: type, code: code, value: value))
                    if control >> 6 == 1 { endFrame(value: 0) }
                }
            case 2:
                time = time + .microseconds(step * step * 4_000)
                steps.append(.advance(time))
            default:
                steps.append(.reconnect(time))
            }
        }
        end = time
    }
}

/// What the fuzzer drives: the translator alone, or the whole runtime. Each checks its output as
/// it comes; `now` is the time the input has reached, and nothing may come from later.
protocol Pipeline {
    var name: String { get }
    var nextDeadline: Timestamp? { get }
    mutating func advance(to deadline: Timestamp, now: Timestamp)
    mutating func process(_ frame: EventFrame, now: Timestamp)
    mutating func reconnect(at time: Timestamp)
    /// The device goes away for good: nothing may stay held or begun.
    mutating func finish(at time: Timestamp)
}

/// Fires the deadlines up to `time` one at a time, as a loop waiting on them would: each one
/// that fires must move on.
func fireDeadlines(of pipeline: inout some Pipeline, through time: Timestamp, now: inout Timestamp) {
    while let deadline = pipeline.nextDeadline, deadline <= time {
        now = max(now, deadline)
        pipeline.advance(to: deadline, now: now)
        if let next = pipeline.nextDeadline {
            expect(next > deadline, "\(pipeline.name): the deadline at \(deadline) fired and stays at \(next)")
        }
    }
}

/// Feeds the session's steps through a pipeline, deadlines firing in order between them.
func drive(_ pipeline: inout some Pipeline, through session: Session) {
    var now = Session.start
    for step in session.steps {
        switch step {
        case .frame(let frame):
            fireDeadlines(of: &pipeline, through: frame.time, now: &now)
            now = max(now, frame.time)
            pipeline.process(frame, now: now)
            if let next = pipeline.nextDeadline {
                expect(next >= frame.time, "\(pipeline.name): a deadline at \(next) before the frame at \(frame.time)")
            }
        case .advance(let time):
            fireDeadlines(of: &pipeline, through: time, now: &now)
            now = max(now, time)
        case .reconnect(let time):
            fireDeadlines(of: &pipeline, through: time, now: &now)
            now = max(now, time)
            pipeline.reconnect(at: time)
        }
    }
    fireDeadlines(of: &pipeline, through: session.end, now: &now)
    pipeline.finish(at: max(now, session.end))
}

/// The translator alone.
struct TranslatorPipeline: Pipeline {
    let description: DeviceDescription
    let options: DeviceSettings
    var translator: DeviceTranslator
    var check: ClassifiedStreamCheck
    var output: [ClassifiedInput] = []

    init?(_ session: Session) {
        guard let translator = try? DeviceTranslator(device: session.description, settings: session.options) else {
            return nil
        }
        description = session.description
        options = session.options
        self.translator = translator
        check = ClassifiedStreamCheck(device: description.name)
    }

    var name: String { description.name }
    var nextDeadline: Timestamp? { translator.nextDeadline }

    mutating func drain(now: Timestamp) {
        for input in output { check.check(input.event, at: input.time, now: now) }
        output.removeAll(keepingCapacity: true)
    }

    mutating func advance(to deadline: Timestamp, now: Timestamp) {
        translator.advance(to: deadline, into: &output)
        drain(now: now)
    }

    mutating func process(_ frame: EventFrame, now: Timestamp) {
        translator.process(frame, at: frame.time, into: &output)
        drain(now: now)
    }

    mutating func reconnect(at time: Timestamp) {
        finish(at: time)
        guard let fresh = try? DeviceTranslator(device: description, settings: options) else {
            fatalError("\(name): a translator made once cannot be made again")
        }
        translator = fresh
        check = ClassifiedStreamCheck(device: name)
    }

    mutating func finish(at time: Timestamp) {
        translator.removeDevice(at: time, into: &output)
        drain(now: time)
        check.checkNothingHeld()
        expect(translator.nextDeadline == nil, "\(name): a deadline after the device was removed")
        translator.process(
            EventFrame(events: [InputEvent(time: time, type: .key, code: 30, value: 1), .report(at: time)]),
            at: time, into: &output)
        expect(output.isEmpty, "\(name): output after the device was removed: \(output)")
    }
}

/// The whole runtime with the demo scene: the device's classified stream checked as the
/// translator's, the scene's continuous actions begun and ended in turn, finite content offsets,
/// and nothing from a device that is not attached.
struct RuntimePipeline: Pipeline {
    let description: DeviceDescription
    let runtime: Runtime
    let id = DeviceID(rawValue: 0)
    let instance: DeviceInstance
    var check: ClassifiedStreamCheck
    var openActions: Set<String> = []
    var isAttached = false
    var lastTime = Timestamp.zero
    var output: [WayfinderEvent] = []

    init(_ session: Session) {
        guard let runtime = try? Runtime(scene: Devices.scene, sceneFile: "demo-scene.json", settings: session.options)
        else { fatalError("the demo scene does not make a runtime") }
        description = session.description
        self.runtime = runtime
        instance = DeviceInstance.replayed(id, name: description.name, recording: 0, device: 0)
        check = ClassifiedStreamCheck(device: description.name)
        runtime.addDevice(instance, description: description, at: Session.start, into: &output)
        drain(now: Session.start)
    }

    var name: String { "runtime (\(description.name))" }
    var nextDeadline: Timestamp? { runtime.nextDeadline }

    mutating func drain(now: Timestamp) {
        for event in output {
            expect(event.time >= lastTime, "\(name): \(event) before \(lastTime)")
            expect(event.time <= now, "\(name): \(event) later than the input's \(now)")
            lastTime = event.time
            switch event.payload {
            case .device(.added, _):
                isAttached = true
            case .device(.removed, _):
                check.checkNothingHeld()
                check = ClassifiedStreamCheck(device: description.name)
                isAttached = false
            case .input(let input, _):
                expect(isAttached, "\(name): \(event) from a device that is not attached")
                check.check(input, at: event.time, now: now)
            case .action(let action):
                if let translation = action.translation {
                    ClassifiedStreamCheck.checkFinite(translation, "action translation", action.item)
                }
                guard let phase = action.phase else { continue }
                let key = "\(action.item) \(action.name)"
                switch phase {
                case .began: expect(openActions.insert(key).inserted, "\(name): \(key) began twice")
                case .changed: expect(openActions.contains(key), "\(name): \(key) changed before it began")
                case .ended, .cancelled:
                    expect(openActions.remove(key) != nil, "\(name): \(key) ended before it began")
                }
            case .contentOffset(let item, let offset):
                ClassifiedStreamCheck.checkFinite(offset, "content offset", item)
            case .focus, .select:
                break
            }
        }
        output.removeAll(keepingCapacity: true)
    }

    mutating func advance(to deadline: Timestamp, now: Timestamp) {
        runtime.advance(to: deadline, into: &output)
        drain(now: now)
    }

    mutating func process(_ frame: EventFrame, now: Timestamp) {
        runtime.process(frame, from: id, into: &output)
        drain(now: now)
    }

    mutating func reconnect(at time: Timestamp) {
        runtime.removeDevice(id, at: time, into: &output)
        runtime.addDevice(instance, description: description, at: time, into: &output)
        drain(now: time)
    }

    mutating func finish(at time: Timestamp) {
        runtime.removeDevice(id, at: time, into: &output)
        drain(now: time)
        expect(!isAttached, "\(name): the device is still attached after its removal")
        // What was still moving (a scroll view decelerating) settles; the scene's deadlines end.
        var now = time
        fireDeadlines(of: &self, through: time + .seconds(30), now: &now)
        expect(openActions.isEmpty, "\(name): \(openActions.sorted()) never ended")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClassifier(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let session = Session(Array(UnsafeBufferPointer(start: data, count: size)))
    if var translator = TranslatorPipeline(session) { drive(&translator, through: session) }
    var runtime = RuntimePipeline(session)
    drive(&runtime, through: session)
    return 0
}

/// Writes every bundled recording as a seed when `FUZZ_WRITE_SEEDS` names a directory, then exits.
@_cdecl("LLVMFuzzerInitialize")
public func initializeClassifierFuzzer(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"] else { return 0 }
    for bundled in BundledRecording.all {
        guard let device = try? bundled.load().devices.first,
            let index = Devices.all.firstIndex(of: device.description)
        else { fatalError("cannot read \(bundled.path)") }
        var bytes: [UInt8] = [UInt8(index), 0]
        var last = device.frames.first?.time ?? .zero
        func record(_ what: UInt8, _ step: Int64, _ event: InputEvent) {
            bytes.append(what << 6 | UInt8(min(step, 63)))
            bytes.append(UInt8(event.type.rawValue & 0x1f))
            bytes.append(contentsOf: [UInt8(event.code & 0xff), UInt8(event.code >> 8)])
            let value = UInt32(bitPattern: event.value)
            bytes.append(contentsOf: (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) })
        }
        for frame in device.frames {
            var microseconds = frame.time.microseconds - last.microseconds
            while microseconds > 63 * 63 * 250 {
                // A long pause: time passes in steps of up to 16 s.
                let step = min(63, Int64(Double(microseconds / 4_000).squareRoot()))
                record(2, step, InputEvent(time: .zero, type: .synchronization, code: 0, value: 0))
                microseconds -= step * step * 4_000
            }
            last = frame.time
            let events = frame.events.filter { !$0.isReport }
            let step = Int64((Double(microseconds) / 250).squareRoot().rounded())
            for (index, event) in events.enumerated() {
                record(index == events.count - 1 ? 1 : 0, index == 0 ? step : 0, event)
            }
        }
        let name = (bundled.path as NSString).lastPathComponent
        guard FileManager.default.createFile(atPath: "\(directory)/\(name).seed", contents: Data(bytes)) else {
            fatalError("cannot write \(directory)/\(name).seed")
        }
    }
    exit(0)
}
