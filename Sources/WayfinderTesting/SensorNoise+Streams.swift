public import InputEvents

extension SensorNoise {
    /// The wobble of a resting finger on a noisy touchscreen: an N-Trig panel reports it about
    /// ±1 mm off a frame on each axis (issue 20's recordings), the noisiest seen.
    public static let touchscreenWobble = 1.0
    /// The wobble of a resting finger on a touchpad: in the bundled Cypress recording
    /// (`evemu-devices_cypress-clickpad.two-finger-press.evemu`) the finger resting beside the
    /// pressing one is read up to 8 units (0.5 mm at 16 units per millimetre) from its landing
    /// sample over 31 frames, ±0.25 mm about where it rests.
    public static let touchpadWobble = 0.25

    /// A noisy touchscreen's noise: ±1 mm a frame (`touchscreenWobble`), with the realistic
    /// report interval and landing gaps.
    public static func touchscreen(seed: UInt64) -> SensorNoise {
        var noise = realistic(seed: seed)
        noise.wobble = touchscreenWobble
        return noise
    }

    /// A touchpad's noise: ±0.25 mm a frame (`touchpadWobble`), with the realistic report
    /// interval and landing gaps.
    public static func touchpad(seed: UInt64) -> SensorNoise {
        var noise = realistic(seed: seed)
        noise.wobble = touchpadWobble
        return noise
    }

    /// The noise of the device's class: a touchscreen's for a directly touched device, a
    /// touchpad's otherwise.
    public static func of(_ device: DeviceDescription, seed: UInt64) -> SensorNoise {
        device.properties.contains(.direct) ? touchscreen(seed: seed) : touchpad(seed: seed)
    }

    /// `frames` of a multitouch (slotted) device, written without noise, as this noisy sensor
    /// would report them. Where `InputScript`'s `noise` adds the noise while a script is written,
    /// this adds it to a finished stream (the scripted streams the hardware suite replays):
    ///
    /// - Every finger on the surface is reported every frame, up to `wobble` millimetres off on
    ///   each axis (uniform, independent per finger, axis and frame).
    /// - Each frame in which several fingers land is split into one frame per finger, a landing
    ///   gap apart; the rest of the stream comes that much later.
    /// - A pause in the stream longer than `interval` gets a frame every `interval` with only the
    ///   wobble.
    /// - With `positionsLate`, a landing finger's tracking ID comes a frame before its position,
    ///   as some firmware sends it (and a two-slot Cypress pad never sends its second slot's
    ///   position: `ScriptedStreams.positionlessSlotTap`).
    ///
    /// ```swift
    /// var noise = SensorNoise.of(stream.device, seed: 7)
    /// noise.positionsLate = true
    /// let noisy = noise.apply(to: stream.frames, device: stream.device)
    /// ```
    public func apply(to frames: [EventFrame], device: DeviceDescription) -> [EventFrame] {
        var writer = NoisyStreamWriter(noise: self, device: device)
        for frame in frames { writer.add(frame) }
        return writer.frames
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
    private var random: SensorNoise.Generator
    private var slots = [Slot](repeating: Slot(), count: 16)
    /// The slot the clean stream's events address, and the one the noisy stream's last selected.
    private var inputSlot = 0
    private var outputSlot = 0
    /// The fingers the tool keys report in the noisy stream.
    private var reportedTools = 0
    /// How much later than the clean stream the noisy one is.
    private var delay = Duration.zero
    private var lastTime: Timestamp?
    private(set) var frames: [EventFrame] = []

    init(noise: SensorNoise, device: DeviceDescription) {
        self.noise = noise
        random = SensorNoise.Generator(seed: noise.seed)
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
            var rest = lastTime + noise.interval
            while rest < time {
                emit(events: [], tools: nil, at: rest + delay)
                rest += noise.interval
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
            if !isLast { delay += random.nextDuration(from: noise.minimumLandingGap, to: noise.maximumLandingGap) }
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
            let x = Double(slots[slot].x) + (2 * random.nextUnit() - 1) * noise.wobble * unitsPerMillimetreX
            let y = Double(slots[slot].y) + (2 * random.nextUnit() - 1) * noise.wobble * unitsPerMillimetreY
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
