import Classification
import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

/// Every scripted stream, with a real sensor's noise added (`SensorNoise.apply`: resting fingers wobble
/// ±1 mm on a touchscreen and ±0.25 mm on a touchpad, fingers that land together land 10–40 ms
/// apart, resting fingers are reported every 10 ms, and with every second seed a landing finger's
/// position comes a frame after its tracking ID), is classified as the clean stream is: the
/// same taps, buttons, scrolls and gestures in the same order. Positions and pointer motion are
/// left out (the noise moves them), and runs of a continuous update count as one (a rest reported
/// every 10 ms adds frames, a late position delays a gesture by a frame). So no gesture begins from noise alone, a two-finger touch and release
/// stays a two-finger tap, and fingers landing one after another make one gesture with the final
/// count.
@Suite struct SensorNoiseTests {
    /// The seeds each stream is tried with.
    static let seeds: [UInt64] = Array(1...12)

    /// Every scripted stream but those that already carry their sensor's noise.
    static let streams: [String] = ScriptedStreams.all.flatMap { set in
        set.streams.filter { !$0.carriesNoise }.map { "\(set.folder)/\($0.name)" }
    }

    private func stream(_ path: String) throws -> ScriptedStream {
        let parts = path.split(separator: "/").map(String.init)
        let set = try #require(ScriptedStreams.all.first { $0.folder == parts[0] })
        return ScriptedStreams.stream(parts[1], in: set)
    }

    /// What a classification is made of, without positions and motion, continuous updates
    /// collapsed.
    private func interactions(_ stream: ScriptedStream, _ frames: [EventFrame]) throws -> [String] {
        let options = DeviceSettings(tapToClick: stream.tapToClick, clickMethod: stream.clickfinger ? .fingers : nil)
        let end = (frames.last?.time ?? .zero) + .seconds(1)
        let output = try classify(stream.device, frames, options: options, until: end)
        return collapsed(
            output.filter {
                switch $0.event {
                case .position, .touch, .motion: false
                default: true
                }
            })
    }

    @Test(arguments: streams)
    func noiseKeepsTheClassification(path: String) throws {
        let stream = try stream(path)
        let clean = try interactions(stream, stream.frames)
        for seed in Self.seeds {
            var noise = SensorNoise.of(stream.device, seed: seed)
            noise.positionsLate = seed.isMultiple(of: 2)
            let noisy = noise.apply(to: stream.frames, device: stream.device)
            let classified = try interactions(stream, noisy)
            #expect(classified == clean, "seed \(seed)")
        }
    }
}

/// What `SensorNoise` does to a stream, so that the property above tests what it says.
@Suite struct SensorNoiseShapeTests {
    /// The times, in microseconds from the stream's start, of the frames in which a finger lands.
    private func landings(_ frames: [EventFrame]) -> [Int64] {
        let start = frames.first?.time ?? .zero
        return frames.filter { frame in
            frame.events.contains {
                $0.type == .absolute && $0.code == AbsoluteAxis.multitouchTrackingID.rawValue && $0.value >= 0
            }
        }.map { $0.time.microseconds - start.microseconds }
    }

    /// Four fingers that the clean stream lands in one frame land one a frame, 10–40 ms apart
    /// (the rest of the stream that much later); the noisy stream reports the resting fingers
    /// every 10 ms, where the clean one reports nothing for 300 ms.
    @Test(arguments: SensorNoiseTests.seeds)
    func fingersLandOneAfterAnotherAndRestingOnesAreReported(seed: UInt64) throws {
        let stream = ScriptedStreams.stream("four-finger-swipe-up", in: ScriptedStreams.gestures)
        let noisy = SensorNoise.touchpad(seed: seed).apply(to: stream.frames, device: stream.device)
        #expect(landings(stream.frames) == [0])
        let landed = landings(noisy)
        #expect(landed.count == 4)
        #expect(zip(landed, landed.dropFirst()).allSatisfy { (10_000..<40_000).contains($1 - $0) })
        // The clean stream: a landing, 12 moves and a lift. The noisy one also reports the rest
        // (300 ms from the landing to the first move, every 10 ms: 29 frames between them).
        #expect(stream.frames.count == 14)
        #expect(noisy.count == 3 + 14 + 29)
    }
}
