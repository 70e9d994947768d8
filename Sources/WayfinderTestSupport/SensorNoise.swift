public import InputEvents

/// The noise of a real touch sensor, added to a clean scripted stream: resting fingers wobble,
/// fingers meant to land together land one after another, and panels report every few
/// milliseconds whether or not a finger moved.
///
/// ```swift
/// let noisy = SensorNoise.touchscreen(seed: 7).apply(to: script.frames, device: script.device)
/// ```
///
/// The figures were measured on real devices:
///
/// - **Wobble of a resting finger.** Touchscreens: an N-Trig panel reports a resting finger
///   about ±1 mm off a frame on each axis (issue 20's recordings), so a finger can be read 2 mm
///   from its landing sample along each axis. Touchpads: in the bundled Cypress recording
///   (`evemu-devices_cypress-clickpad.two-finger-press.evemu`) the finger resting beside the
///   pressing one is read up to 8 units (0.5 mm at 16 units per millimetre) from its landing
///   sample over 31 frames: ±0.25 mm about where it rests.
/// - **Staggered landing.** Fingers meant to land together land 10–40 ms apart (issue 20's
///   Atmel recordings: a fourth finger 14 ms after the third). Each frame in which several
///   fingers land is split into one frame per finger, the gaps taken in turn from
///   `landingGaps`; the rest of the stream comes that much later.
/// - **Positions that come late.** With `positionsLate`, a landing finger's tracking ID comes a
///   frame before its position, as some firmware sends it (and a two-slot Cypress pad never
///   sends its second slot's position at all: `ScriptedStreams.positionlessSlotTap`).
/// - **Reports while resting.** A panel reports every frame while fingers touch (the Atmel
///   panel every 10–15 ms, the Cypress pad every 13 ms in the bundled recordings): a pause in the
///   stream longer than `framePeriod` gets a frame every `framePeriod` with only the wobble.
///
/// The wobble is uniform and independent per finger, axis and frame, drawn from a generator
/// seeded with `seed`, so a failing seed reproduces.
public struct SensorNoise: Sendable {
    /// How far, in millimetres on each axis, a reported position lies from the finger at most.
    public var wobble: Double
    /// The gaps between fingers that land in one frame of the clean stream, taken in turn.
    public var landingGaps: [Duration]
    /// How often a resting finger is reported.
    public var framePeriod: Duration
    /// Whether a landing finger's position comes a frame after its tracking ID, as some firmware
    /// sends it.
    public var positionsLate = false
    /// The generator's seed.
    public var seed: UInt64

    /// Noise with the given figures.
    public init(wobble: Double, landingGaps: [Duration], framePeriod: Duration, seed: UInt64) {
        self.wobble = wobble
        self.landingGaps = landingGaps
        self.framePeriod = framePeriod
        self.seed = seed
    }

    /// The landing gaps: the brief's and issue 20's 10–40 ms, in an order that puts every size
    /// after every other.
    public static let measuredLandingGaps: [Duration] = [
        .milliseconds(25), .milliseconds(10), .milliseconds(40), .milliseconds(15), .milliseconds(30),
    ]

    /// An N-Trig-like touchscreen's noise: ±1 mm a frame, reported every 10 ms.
    public static func touchscreen(seed: UInt64) -> SensorNoise {
        SensorNoise(wobble: 1, landingGaps: measuredLandingGaps, framePeriod: .milliseconds(10), seed: seed)
    }

    /// A touchpad's noise, as measured on the bundled Cypress recording: ±0.25 mm a frame,
    /// reported every 10 ms.
    public static func touchpad(seed: UInt64) -> SensorNoise {
        SensorNoise(wobble: 0.25, landingGaps: measuredLandingGaps, framePeriod: .milliseconds(10), seed: seed)
    }

    /// The noise of the device's class: a touchscreen's for a directly touched device, a
    /// touchpad's otherwise.
    public static func of(_ device: DeviceDescription, seed: UInt64) -> SensorNoise {
        device.properties.contains(.direct) ? touchscreen(seed: seed) : touchpad(seed: seed)
    }

    /// `frames` of a multitouch (slotted) device as the noisy sensor would report them.
    public func apply(to frames: [EventFrame], device: DeviceDescription) -> [EventFrame] {
        var writer = NoisyStreamWriter(noise: self, device: device)
        for frame in frames { writer.add(frame) }
        return writer.frames
    }
}

/// A small, seedable generator (SplitMix64).
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in -1...1.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 52) - 1
    }
}

/// Rewrites a clean stream frame by frame (see `SensorNoise`).
private struct NoisyStreamWriter {
    /// An event of the clean stream, with the slot it addresses (nil for events of no slot).
    private typealias SlotEvent = (slot: Int?, event: InputEvent)

    private struct Slot {
        var isActive = false
        var x: Int32 = 0
        var y: Int32 = 0
        var hasPosition = false
        /// Whether its position is held back until the next frame.
        var isWithheld = false
    }

    private let noise: SensorNoise
    private let unitsPerMillimetreX: Double
    private let unitsPerMillimetreY: Double
    private let rangeX: ClosedRange<Int32>
    private let rangeY: ClosedRange<Int32>
    private let toolKeys: [KeyCode] = [.toolFinger, .toolDoubleTap, .toolTripleTap, .toolQuadTap, .toolQuintTap]
    private var random: SplitMix64
    private var slots = [Slot](repeating: Slot(), count: 16)
    /// The slot the clean stream's events address, and the one the noisy stream's last selected.
    private var inputSlot = 0
    private var outputSlot = 0
    /// The fingers the tool keys report in the noisy stream.
    private var reportedTools = 0
    /// How much later than the clean stream the noisy one is.
    private var delay = Duration.zero
    private var gapIndex = 0
    private var lastTime: Timestamp?
    private(set) var frames: [EventFrame] = []

    init(noise: SensorNoise, device: DeviceDescription) {
        self.noise = noise
        random = SplitMix64(seed: noise.seed)
        let xInfo = device.absoluteAxes[.multitouchPositionX] ?? AbsoluteAxisInfo(minimum: 0, maximum: 1000)
        let yInfo = device.absoluteAxes[.multitouchPositionY] ?? AbsoluteAxisInfo(minimum: 0, maximum: 1000)
        // A panel without a resolution reports in points: 160 per inch.
        let pointsPerMillimetre = 160 / 25.4
        unitsPerMillimetreX = xInfo.resolution > 0 ? Double(xInfo.resolution) : pointsPerMillimetre
        unitsPerMillimetreY = yInfo.resolution > 0 ? Double(yInfo.resolution) : pointsPerMillimetre
        rangeX = xInfo.minimum...max(xInfo.minimum, xInfo.maximum)
        rangeY = yInfo.minimum...max(yInfo.minimum, yInfo.maximum)
    }

    private var anyActive: Bool { slots.contains { $0.isActive } }

    mutating func add(_ frame: EventFrame) {
        let time = frame.time
        if let lastTime, anyActive {
            var rest = lastTime + noise.framePeriod
            while rest < time {
                emit(events: [], tools: nil, at: rest + delay)
                rest += noise.framePeriod
            }
        }
        lastTime = time
        // Split the frame: the events of each slot that lands, and everything else.
        var landings: [(slot: Int, events: [SlotEvent])] = []
        var others: [SlotEvent] = []
        var tools: Int?
        var slot = inputSlot
        for event in frame.events where !event.isReport {
            if event.type == .absolute, event.code == AbsoluteAxis.multitouchSlot.rawValue {
                slot = Int(event.value)
                continue
            }
            if event.type == .key, let index = toolKeys.firstIndex(where: { $0.rawValue == event.code }) {
                if event.value != 0 { tools = index + 1 } else if tools == nil || tools == index + 1 { tools = 0 }
                continue
            }
            if event.type == .key, event.code == KeyCode.touch.rawValue { continue }
            let isSlotEvent = event.type == .absolute && event.code >= AbsoluteAxis.multitouchSlot.rawValue
            if isSlotEvent, event.code == AbsoluteAxis.multitouchTrackingID.rawValue, event.value >= 0,
                !slots[slot].isActive
            {
                landings.append((slot, [(slot, event)]))
            } else if isSlotEvent, let index = landings.firstIndex(where: { $0.slot == slot }) {
                landings[index].events.append((slot, event))
            } else {
                others.append((isSlotEvent ? slot : nil, event))
            }
        }
        inputSlot = slot
        guard landings.count > 1 else {
            emit(events: landings.flatMap(\.events) + others, tools: tools, at: time + delay)
            return
        }
        // One frame per landing finger; the last also carries the frame's other events and its
        // tool count (which may count untracked fingers too).
        let before = reportedTools
        for (index, landing) in landings.enumerated() {
            let isLast = index == landings.count - 1
            let count = isLast ? (tools ?? before + landings.count) : before + index + 1
            emit(events: landing.events + (isLast ? others : []), tools: count, at: time + delay)
            if !isLast {
                delay += noise.landingGaps[gapIndex % noise.landingGaps.count]
                gapIndex += 1
            }
        }
    }

    /// Writes one frame: the events as given (a slot's with its slot selected first), the
    /// positions of every finger on the surface with the wobble, the tool keys if `tools` says a
    /// count, and the `SYN_REPORT`.
    private mutating func emit(events: [SlotEvent], tools: Int?, at time: Timestamp) {
        var output: [InputEvent] = []
        func select(_ slot: Int) {
            guard outputSlot != slot else { return }
            output.append(
                InputEvent(time: time, type: .absolute, code: AbsoluteAxis.multitouchSlot.rawValue, value: Int32(slot)))
            outputSlot = slot
        }
        for (slot, event) in events {
            guard let slot else {
                output.append(InputEvent(time: time, type: event.type, code: event.code, value: event.value))
                continue
            }
            switch event.code {
            case AbsoluteAxis.multitouchPositionX.rawValue:
                slots[slot].x = event.value
                slots[slot].hasPosition = true
            case AbsoluteAxis.multitouchPositionY.rawValue:
                slots[slot].y = event.value
                slots[slot].hasPosition = true
            default:
                if event.code == AbsoluteAxis.multitouchTrackingID.rawValue {
                    slots[slot].isWithheld = noise.positionsLate && event.value >= 0 && !slots[slot].isActive
                    slots[slot].isActive = event.value >= 0
                }
                select(slot)
                output.append(InputEvent(time: time, type: event.type, code: event.code, value: event.value))
            }
        }
        for slot in slots.indices where slots[slot].isActive && slots[slot].hasPosition {
            guard !slots[slot].isWithheld else {
                slots[slot].isWithheld = false
                continue
            }
            select(slot)
            let x = Double(slots[slot].x) + random.unit() * noise.wobble * unitsPerMillimetreX
            let y = Double(slots[slot].y) + random.unit() * noise.wobble * unitsPerMillimetreY
            output.append(
                InputEvent(
                    time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionX.rawValue,
                    value: min(max(Int32(x.rounded()), rangeX.lowerBound), rangeX.upperBound)))
            output.append(
                InputEvent(
                    time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionY.rawValue,
                    value: min(max(Int32(y.rounded()), rangeY.lowerBound), rangeY.upperBound)))
        }
        if let tools, tools != reportedTools {
            if reportedTools > 0 {
                output.append(
                    InputEvent(time: time, type: .key, code: toolKeys[min(reportedTools, 5) - 1].rawValue, value: 0))
            }
            if tools > 0 {
                output.append(InputEvent(time: time, type: .key, code: toolKeys[min(tools, 5) - 1].rawValue, value: 1))
            }
            if (reportedTools == 0) != (tools == 0) {
                output.append(
                    InputEvent(time: time, type: .key, code: KeyCode.touch.rawValue, value: tools > 0 ? 1 : 0))
            }
            reportedTools = tools
        }
        output.append(.report(at: time))
        frames.append(EventFrame(events: output))
    }
}
