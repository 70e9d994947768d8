public import Classification
public import InputEvents
public import Scenes

/// The pipeline from device frames to the interaction stream, shared by live input and replay.
///
/// Feed it what devices do — ``addDevice(_:description:at:)``, ``process(_:from:)``,
/// ``removeDevice(_:at:)`` — and the passing of time, ``advance(to:)``. It classifies each
/// device's frames, sends keys to the focus engine, and sends pointer input to the node tree and
/// its interactions, reporting everything as ``WayfinderEvent``s through ``onEvent``, ``events``
/// and the return values.
///
/// The runtime never reads a clock. Every component exposes its next deadline, and the runtime
/// fires deadlines in time order whenever time passes: before a frame (deadlines up to the frame's
/// time fire first) or when ``advance(to:)`` is called (live, when the timer for ``nextDeadline``
/// expires). So the same frames give the same events however they are batched:
///
/// ```
/// frames:    F1 ─────────── F2 ─── F3
/// deadline:        D1 ── D2
/// events:    F1 … D1 … D2 … F2 … F3      (also when advance(to:) is called between D1 and D2)
/// ```
public final class Runtime {
    /// Called with every event, in order, as it happens.
    public var onEvent: ((WayfinderEvent) -> Void)?

    private let makeClassifier: (DeviceDescription) -> any FrameClassifier
    private let scene: (any SceneDriver)?
    private var devices: [DeviceID: Device] = [:]
    private var deviceOrder: [DeviceID] = []
    private var classified: [ClassifiedInput] = []
    private var sceneOutput: [TimedPayload] = []
    private var pending: [WayfinderEvent] = []
    private var continuations: [Int: AsyncStream<WayfinderEvent>.Continuation] = [:]
    private var nextContinuationID = 0
    private var lastTime: Timestamp?
    /// The device whose input the scene's deadline-driven events are attributed to.
    private var lastPointerDevice = ""
    private var lastKeyboardDevice = ""

    private final class Device {
        let description: DeviceDescription
        let kind: DeviceKind
        let classifier: any FrameClassifier
        init(description: DeviceDescription, kind: DeviceKind, classifier: any FrameClassifier) {
            self.description = description
            self.kind = kind
            self.classifier = classifier
        }
    }

    /// Creates a runtime.
    ///
    /// - Parameters:
    ///   - scene: The scene whose nodes, interactions and focus engine receive the input; nil to
    ///     report classified input only.
    ///   - sceneFile: The scene's file name, for errors.
    ///   - options: How devices are classified (tap-to-click, click method, handedness, layout).
    ///   - fullKeyboardAccess: Whether Full Keyboard Access is on.
    /// - Throws: `SceneError` when the scene's key commands do not parse.
    public convenience init(
        scene: Scene? = nil,
        sceneFile: String = "<scene>",
        options: ClassifierOptions = ClassifierOptions(),
        fullKeyboardAccess: Bool = false
    ) throws {
        let session = try scene.map {
            try SceneSession(scene: $0, file: sceneFile, fullKeyboardAccess: fullKeyboardAccess)
        }
        self.init(scene: session) { TranslatorClassifier(description: $0, options: options) }
    }

    /// Creates a runtime from its parts: a classifier per device and, optionally, a scene.
    init(
        scene: (any SceneDriver)?,
        classifier makeClassifier: @escaping (DeviceDescription) -> any FrameClassifier
    ) {
        self.scene = scene
        self.makeClassifier = makeClassifier
        classified.reserveCapacity(64)
        sceneOutput.reserveCapacity(64)
        pending.reserveCapacity(64)
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }

    // MARK: Input

    /// A device appeared: it gets its own classifier and a `device added` event.
    @discardableResult
    public func addDevice(_ id: DeviceID, description: DeviceDescription, at time: Timestamp) -> [WayfinderEvent] {
        advanceDeadlines(to: time)
        let kind = description.kind
        if devices[id] != nil { removeDeviceNow(id, at: time) }
        devices[id] = Device(description: description, kind: kind, classifier: makeClassifier(description))
        deviceOrder.append(id)
        pending.append(WayfinderEvent(time: time, device: description.name, payload: .device(.added, kind: kind)))
        return deliver()
    }

    /// A device went away: its gestures are cancelled, its keys and buttons released, then a
    /// `device removed` event follows.
    @discardableResult
    public func removeDevice(_ id: DeviceID, at time: Timestamp) -> [WayfinderEvent] {
        advanceDeadlines(to: time)
        removeDeviceNow(id, at: time)
        return deliver()
    }

    /// Processes one frame from a device: deadlines up to the frame's time fire first.
    ///
    /// Frames from an unknown device, and incomplete frames, are ignored.
    @discardableResult
    public func process(_ frame: EventFrame, from id: DeviceID) -> [WayfinderEvent] {
        guard let device = devices[id], frame.isComplete else { return [] }
        advanceDeadlines(to: frame.time)
        classified.removeAll(keepingCapacity: true)
        device.classifier.process(frame, into: &classified)
        route(classified, from: device)
        return deliver()
    }

    /// Lets time pass: fires every deadline up to and including `time`.
    @discardableResult
    public func advance(to time: Timestamp) -> [WayfinderEvent] {
        advanceDeadlines(to: time)
        return deliver()
    }

    /// Sends a key press straight to the focus system, named as `wayfinder navigate` names keys
    /// (`Tab`, `Shift+Tab`, `Up`, `Return`, `Ctrl+P`): for input that does not come from an evdev
    /// keyboard, such as a terminal.
    @discardableResult
    public func press(_ chord: String, at time: Timestamp, device: String = "terminal") -> [WayfinderEvent] {
        advanceDeadlines(to: time)
        if let scene {
            sceneOutput.removeAll(keepingCapacity: true)
            scene.press(chord, at: time, into: &sceneOutput)
            append(sceneOutput, device: device)
        }
        return deliver()
    }

    /// Removes every device (releasing keys and buttons, cancelling gestures), as when the
    /// runtime stops.
    @discardableResult
    public func removeAllDevices(at time: Timestamp) -> [WayfinderEvent] {
        advanceDeadlines(to: time)
        for id in deviceOrder { removeDeviceNow(id, at: time) }
        return deliver()
    }

    /// Ends the event sequences: consumers of ``events`` see the end.
    public func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations.removeAll()
    }

    // MARK: Output

    /// The earliest time at which something will happen without new input.
    public var nextDeadline: Timestamp? {
        var earliest = scene?.nextDeadline
        for device in devices.values {
            if let deadline = device.classifier.nextDeadline, earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        return earliest
    }

    /// The events from now on, as an asynchronous sequence that ends with ``finish()``.
    public var events: AsyncStream<WayfinderEvent> {
        let (stream, continuation) = AsyncStream<WayfinderEvent>.makeStream(bufferingPolicy: .unbounded)
        let id = nextContinuationID
        nextContinuationID += 1
        continuations[id] = continuation
        return stream
    }

    /// What the scene looks like now, for the terminal view; nil without a scene.
    public func snapshot() -> TerminalSnapshot? { scene?.snapshot() }

    /// The devices attached now, with their kinds.
    public var attachedDevices: [(id: DeviceID, name: String, kind: DeviceKind)] {
        deviceOrder.compactMap { id in devices[id].map { (id, $0.description.name, $0.kind) } }
    }

    // MARK: Pipeline

    private func removeDeviceNow(_ id: DeviceID, at time: Timestamp) {
        guard let device = devices.removeValue(forKey: id) else { return }
        deviceOrder.removeAll { $0 == id }
        classified.removeAll(keepingCapacity: true)
        device.classifier.removeDevice(at: time, into: &classified)
        route(classified, from: device)
        if let scene, device.description.name == lastPointerDevice, device.kind != .keyboard {
            sceneOutput.removeAll(keepingCapacity: true)
            scene.cancelPointerGestures(at: time, into: &sceneOutput)
            append(sceneOutput, device: device.description.name)
        }
        pending.append(
            WayfinderEvent(time: time, device: device.description.name, payload: .device(.removed, kind: device.kind))
        )
    }

    /// Fires deadlines in time order up to `time`: whichever component's deadline is earliest goes
    /// first, and what it produces at that time flows through the rest of the pipeline.
    private func advanceDeadlines(to time: Timestamp) {
        if let lastTime, time < lastTime {
            // Kernel timestamps never go back within a device; across devices a late frame is
            // processed at the latest time seen.
        } else {
            lastTime = time
        }
        var guardCount = 0
        while let deadline = nextDeadline, deadline <= time {
            guardCount += 1
            if guardCount > 100_000 {
                assertionFailure("our bug: a deadline at \(deadline) does not move")
                break
            }
            for id in deviceOrder {
                guard let device = devices[id], let deviceDeadline = device.classifier.nextDeadline,
                    deviceDeadline <= deadline
                else { continue }
                classified.removeAll(keepingCapacity: true)
                device.classifier.advance(to: deadline, into: &classified)
                route(classified, from: device)
            }
            if let scene, let sceneDeadline = scene.nextDeadline, sceneDeadline <= deadline {
                sceneOutput.removeAll(keepingCapacity: true)
                scene.advance(to: deadline, into: &sceneOutput)
                append(sceneOutput, device: lastPointerDevice)
            }
        }
    }

    /// Sends classified input on: keys to the focus engine, the rest to the node tree.
    private func route(_ inputs: [ClassifiedInput], from device: Device) {
        let name = device.description.name
        for input in inputs {
            switch input.event {
            case .key(let code, let state, let modifiers, let text):
                pending.append(
                    WayfinderEvent(time: input.time, device: name, payload: .input(input.event, target: nil)))
                lastKeyboardDevice = name
                guard let scene, state != .up, !KeyNames.isModifier(code),
                    let chord = KeyNames.chord(
                        of: code, modifiers: modifiers, text: text ?? KeyNames.usLayoutText[code.rawValue])
                else { continue }
                sceneOutput.removeAll(keepingCapacity: true)
                scene.press(chord, at: input.time, into: &sceneOutput)
                append(sceneOutput, device: name)
            case .button, .scroll, .tap, .longPress, .drag, .motion, .position:
                guard let scene else {
                    pending.append(
                        WayfinderEvent(time: input.time, device: name, payload: .input(input.event, target: nil)))
                    continue
                }
                lastPointerDevice = name
                sceneOutput.removeAll(keepingCapacity: true)
                let target = scene.handlePointer(input, into: &sceneOutput)
                pending.append(
                    WayfinderEvent(time: input.time, device: name, payload: .input(input.event, target: target)))
                append(sceneOutput, device: name)
            }
        }
    }

    private func append(_ output: [TimedPayload], device: String) {
        for item in output { pending.append(WayfinderEvent(time: item.time, device: device, payload: item.payload)) }
    }

    private func deliver() -> [WayfinderEvent] {
        // Most frames (motion without a scene, a key release) produce nothing: return without
        // touching the reserved buffer, so that such frames allocate nothing here.
        guard !pending.isEmpty else { return [] }
        let events = pending
        pending.removeAll(keepingCapacity: true)
        for event in events {
            onEvent?(event)
            for continuation in continuations.values { continuation.yield(event) }
        }
        return events
    }
}

/// The `Classification` module's translator as the runtime's classifier.
final class TranslatorClassifier: FrameClassifier {
    private var translator: DeviceTranslator?

    /// Creates the translator for a device; a device whose keyboard layout does not compile is
    /// classified with the default layout, and if even that fails its frames give nothing.
    init(description: DeviceDescription, options: ClassifierOptions) {
        translator =
            (try? DeviceTranslator(device: description, kind: description.kind, options: options))
            ?? (try? DeviceTranslator(device: description, kind: description.kind))
    }

    func process(_ frame: EventFrame, into output: inout [ClassifiedInput]) {
        translator?.process(frame, at: frame.time, into: &output)
    }

    var nextDeadline: Timestamp? { translator?.nextDeadline }

    func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        translator?.advance(to: time, into: &output)
    }

    func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        translator?.removeDevice(at: time, into: &output)
    }
}
