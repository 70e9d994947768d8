import Classification
import EventModel
import Glibc
import InputEvents
import Testing

@testable import Wayfinder

/// The live loop reading real `struct input_event` bytes from a pipe, compared with the replay
/// path fed the same frames.
@Suite(.serialized) struct LiveLoopTests {
    /// A device whose event node is the read end of a pipe: the kernel's `struct input_event`
    /// layout (a `timeval`, then type, code and value), read a few bytes at a time.
    final class PipeSource: LiveInputSource {
        let readEnd: Int32
        let description: DeviceDescription
        var isOpen = true
        var bytes: [UInt8] = []
        var frameEvents: [InputEvent] = []
        var finishAfterChecks: Int?
        let chunkSize: Int

        init(readEnd: Int32, description: DeviceDescription, chunkSize: Int, finishAfterChecks: Int? = nil) {
            self.readEnd = readEnd
            self.description = description
            self.chunkSize = chunkSize
            self.finishAfterChecks = finishAfterChecks
        }

        var hasStarted = false
        var polls = 0

        func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
            polls += 1
            if !hasStarted {
                hasStarted = true
                output.append(
                    .added(
                        .replayed(DeviceID(rawValue: 0), name: description.name, recording: 0, device: 0), description))
            }
            if let finishAfterChecks, polls >= finishAfterChecks { return false }
            guard isOpen else { return false }
            var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let milliseconds = timeout.map { Int32($0.wholeMicroseconds / 1000) } ?? -1
            if Glibc.poll(&entry, 1, milliseconds) > 0 { try read(readEnd, into: &output) }
            return isOpen
        }
        func read(_ descriptor: Int32, into output: inout [LiveInput]) throws {
            var chunk = [UInt8](repeating: 0, count: chunkSize)
            let count = Glibc.read(descriptor, &chunk, chunkSize)
            if count <= 0 {
                isOpen = false
                output.append(.removed(DeviceID(rawValue: 0)))
                return
            }
            bytes += chunk[0..<count]
            let size = LiveLoopTests.eventSize
            while bytes.count >= size {
                let input = bytes.withUnsafeBytes { raw in
                    InputEvent(
                        time: Timestamp(
                            seconds: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self),
                            microseconds: raw.loadUnaligned(fromByteOffset: 8, as: Int64.self)),
                        type: EventType(rawValue: raw.loadUnaligned(fromByteOffset: 16, as: UInt16.self)),
                        code: raw.loadUnaligned(fromByteOffset: 18, as: UInt16.self),
                        value: raw.loadUnaligned(fromByteOffset: 20, as: Int32.self))
                }
                bytes.removeFirst(size)
                frameEvents.append(input)
                if input.isReport {
                    output.append(.frame(DeviceID(rawValue: 0), EventFrame(events: frameEvents)))
                    frameEvents.removeAll()
                }
            }
        }
        func close() { Glibc.close(readEnd) }
    }

    /// The size of the kernel's `struct input_event` on 64-bit Linux: a 16-byte `timeval`, two
    /// 16-bit fields and a 32-bit value.
    static let eventSize = 24

    static func bytes(of frames: [EventFrame]) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in frames.flatMap(\.events) {
            withUnsafeBytes(of: event.time.wholeSeconds) { bytes += $0 }
            withUnsafeBytes(of: event.time.microsecondsOfSecond) { bytes += $0 }
            withUnsafeBytes(of: event.type.rawValue) { bytes += $0 }
            withUnsafeBytes(of: event.code) { bytes += $0 }
            withUnsafeBytes(of: event.value) { bytes += $0 }
        }
        return bytes
    }

    static let frames = [
        RuntimeSchedulingTests.frame(0, .leftButton, 1), RuntimeSchedulingTests.frame(700, .leftButton, 0),
        RuntimeSchedulingTests.frame(1000, .tab, 1), RuntimeSchedulingTests.frame(1300, .tab, 0),
        RuntimeSchedulingTests.frame(2000, .leftButton, 1), RuntimeSchedulingTests.frame(2600, .leftButton, 0),
    ]

    func makeRuntime() -> Runtime { Runtime(scene: nil) { _ in RuntimeSchedulingTests.HoldClassifier() } }

    func pipe(with bytes: [UInt8], closeWriteEnd: Bool) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(Glibc.pipe(&ends) == 0)
        let written = bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        if closeWriteEnd { Glibc.close(ends[1]) }
        return (ends[0], ends[1])
    }

    @Test(arguments: [24, 7, 4096])
    func liveInputGivesTheSameEventsAsReplay(chunkSize: Int) throws {
        let end = Timestamp(microseconds: 3_000_000)
        let live = makeRuntime()
        let ends = try pipe(with: Self.bytes(of: Self.frames), closeWriteEnd: true)
        var liveEvents: [WayfinderEvent] = []
        live.onEvent = { liveEvents.append($0) }
        let source = PipeSource(readEnd: ends.read, description: RuntimeSchedulingTests.mouse, chunkSize: chunkSize)
        try LiveLoop(runtime: live, source: source, clock: { end }).run()

        let replayed = makeRuntime()
        let replay = Replay(sources: [.init(description: RuntimeSchedulingTests.mouse, frames: Self.frames)])
        let expected = try replay.events(through: replayed)

        // device added, long press began/ended, Tab down/up, long press began/ended, device
        // removed. Live, the device comes and goes at the clock's time (the pipe's end); in the
        // replay, at its first and last frames.
        #expect(expected.count == 8)
        #expect(liveEvents.count == expected.count)
        #expect(Array(liveEvents.dropFirst().dropLast()) == Array(expected.dropFirst().dropLast()))
        #expect(liveEvents.first?.payload == expected.first?.payload)
        #expect(liveEvents.last?.payload == expected.last?.payload)
        #expect(liveEvents.last?.time == end)
    }

    @Test func theTimerFiresADeadlineWithoutInputAndStoppingCancelsTheGesture() throws {
        let now = Timestamp(microseconds: 10_000_000)
        let runtime = makeRuntime()
        let ends = try pipe(with: Self.bytes(of: [Self.frames[0]]), closeWriteEnd: false)
        defer { Glibc.close(ends.write) }
        var events: [WayfinderEvent] = []
        runtime.onEvent = { events.append($0) }
        // Poll 1: the press; the clock is past its long-press deadline, which fires at its own
        // time without further input. Poll 2: the source stops, as on SIGTERM.
        let source = PipeSource(
            readEnd: ends.read, description: RuntimeSchedulingTests.mouse, chunkSize: 4096, finishAfterChecks: 2)
        try LiveLoop(runtime: runtime, source: source, clock: { now }).run()
        #expect(
            events.map(\.payload) == [
                .device(.added, kind: .mouse),
                .input(.longPress(phase: .began, touchType: .indirectPointer, position: nil), target: nil),
                .input(.longPress(phase: .cancelled, touchType: .indirectPointer, position: nil), target: nil),
                .device(.removed, kind: .mouse),
            ])
        #expect(events[1].time == Timestamp(microseconds: 500_000))
        #expect(events[2].time == now)
    }
}
