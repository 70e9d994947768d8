public import Classification
public import EventModel
public import FocusEngine
public import InputEvents
public import Interactions
public import Scenes

/// The pipeline from device frames to the interaction stream, shared by live input and replay.
///
/// Feed it what devices do — ``addDevice(_:description:at:)``, ``process(_:from:)``,
/// ``removeDevice(_:at:)`` — and the passing of time, ``advance(to:)``. It classifies each
/// device's frames, sends keys to the focus engine, and sends pointer input to the node tree and
/// its interactions, reporting everything as `WayfinderEvent`s through ``onEvent``, ``events``
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
///
/// Its stored state is marked `@exclusivity(unchecked)`: it is touched on every frame, only by
/// the runtime's own methods, and none of them holds an access open while calling out (callbacks
/// run on a finished copy of the buffer), so the dynamic exclusivity checks cost a fifth of a
/// frame for nothing.
public final class Runtime {
    /// Called with every event, in order, as it happens.
    @exclusivity(unchecked) public var onEvent: ((WayfinderEvent) -> Void)?
    /// Called with what a person should know that is not an event: a key that no layout names and
    /// so cannot drive focus (once per device and key), or a keyboard classified without the
    /// keymap asked for (once per runtime, as every keyboard has the same cause).
    public var onDiagnostic: ((String) -> Void)?
    /// The classifier diagnostics already reported.
    private var reportedDiagnostics: Set<String> = []
    /// Called with every decision the classifiers explain (``ExplainedDecision``), in order with
    /// the events (a decision comes before the events of the frame it was taken in). While nil,
    /// no decision is recorded.
    @exclusivity(unchecked) public var onDecision: ((ExplainedDecision) -> Void)? {
        didSet {
            let isOn = onDecision != nil
            for device in devices {
                device.classifier.explain(isOn)
                schedule(device)
            }
        }
    }
    /// Decisions taken and not yet handed on, with the index in the output before which they go.
    @exclusivity(unchecked) private var decisions: [(position: Int, decision: ExplainedDecision)] = []
    @exclusivity(unchecked) private var decisionBuffer: [ClassificationDecision] = []

    private let makeClassifier: (DeviceDescription) -> any FrameClassifier
    private let scene: (any SceneDriver)?
    /// The attached devices, in the order they were added (by ``Device/order``).
    ///
    /// Usually a handful, but a replay of thousands of files attaches thousands: so nothing done
    /// per frame walks this list. A device is found by its id in ``devicesByID`` (the last one
    /// found is tried first, which is nearly always the one), and the earliest deadline in
    /// ``deadlines``.
    @exclusivity(unchecked) private var devices: [Device] = []
    /// The attached devices by id.
    @exclusivity(unchecked) private var devicesByID: [DeviceID: Device] = [:]
    /// The attached devices told what the others do (touchpads, for disable-while-typing and
    /// disable-while-trackpointing), in the order they were added: a key is shared with these
    /// only, not with every keyboard and mouse of a replay of thousands of files.
    @exclusivity(unchecked) private var observers: [Device] = []
    /// The device found last by its id.
    @exclusivity(unchecked) private var lastFound: Device?
    /// The devices' deadlines, each scheduled when its classifier's changes
    /// (``Device/scheduledDeadline``); an entry whose device has since rescheduled or gone is
    /// stale.
    @exclusivity(unchecked) private var deadlines = DeadlineQueue<Device>(capacity: 16)
    /// The order the next device added gets.
    private var nextOrder = 0
    /// The devices whose deadlines fire together (a buffer kept from round to round).
    @exclusivity(unchecked) private var dueDevices: [Device] = []
    @exclusivity(unchecked) private var classified: [ClassifiedInput] = []
    @exclusivity(unchecked) private var sceneOutput: [TimedPayload] = []
    @exclusivity(unchecked) private var continuations: [Int: AsyncStream<WayfinderEvent>.Continuation] = [:]
    /// The buffers of the bounded event sequences (``events(keepingNewest:)``).
    @exclusivity(unchecked) private var buffers: [EventBuffer] = []
    private var nextContinuationID = 0
    @exclusivity(unchecked) private var lastTime: Timestamp?
    /// The device whose input the scene's deadline-driven events are attributed to: the last one
    /// that moved the pointer or touched.
    @exclusivity(unchecked) private var lastPointerDevice: DeviceInstance?
    /// Live: when the session started, on the clock of the devices' event times; the stream's
    /// times count from it, and `device` lines print it as `sessionStart`. Nil in a replay, whose
    /// times count from its first event. Set it before devices are added.
    public var sessionStart: Timestamp?

    private final class Device {
        let identity: DeviceInstance
        let description: DeviceDescription
        let kind: DeviceKind
        let classifier: any FrameClassifier
        /// Where the device comes among those attached: later devices have higher numbers.
        let order: Int
        /// Key codes already reported as having no name the focus engine knows.
        var unnamedKeys: Set<UInt16> = []
        /// The classifier's deadline as last put in ``Runtime/deadlines``; nil when it has none,
        /// or once the device is removed.
        var scheduledDeadline: Timestamp?
        init(
            identity: DeviceInstance, description: DeviceDescription, kind: DeviceKind, classifier: any FrameClassifier,
            order: Int
        ) {
            self.identity = identity
            self.description = description
            self.kind = kind
            self.classifier = classifier
            self.order = order
        }
    }

    /// Creates a runtime.
    ///
    /// - Parameters:
    ///   - scene: The scene whose nodes, interactions and focus engine receive the input; nil to
    ///     report classified input only.
    ///   - sceneFile: The scene's file name, for errors.
    ///   - settings: How devices behave (tapping, clicks, scrolling, handedness, typing, layout).
    ///   - rules: Changes to `settings` for chosen devices (a settings file).
    ///   - fullKeyboardAccess: Whether Full Keyboard Access is on.
    /// - Throws: `SceneError` when the scene's key commands do not parse; `ClassificationError`
    ///   when the keyboard layout chosen does not exist.
    public convenience init(
        scene: Scene? = nil,
        sceneFile: String = "<scene>",
        settings: DeviceSettings = DeviceSettings(),
        rules: DeviceSettingsRules = DeviceSettingsRules(),
        fullKeyboardAccess: Bool = false
    ) throws {
        try settings.keyboardLayout.validate()
        let session = try scene.map {
            try SceneSession(scene: $0, file: sceneFile, fullKeyboardAccess: fullKeyboardAccess)
        }
        self.init(scene: session) {
            TranslatorClassifier(description: $0, settings: rules.settings(for: $0, base: settings))
        }
    }

    /// Creates a runtime for a node tree and a focus system built in code: a toolkit's own views
    /// (conforming to `InteractionNode`) and focus environments, rather than a scene file.
    ///
    /// - Parameters:
    ///   - interactions: The interaction system of the node tree, which receives pointer input.
    ///   - focus: The focus system that receives keys; nil when keys only go to the stream.
    ///   - settings: How devices behave.
    /// - Throws: `ClassificationError` when the keyboard layout chosen does not exist.
    public convenience init(
        interactions: InteractionSystem,
        focus: FocusSystem? = nil,
        settings: DeviceSettings = DeviceSettings()
    ) throws {
        try settings.keyboardLayout.validate()
        self.init(scene: SceneSession(interactions: interactions, focus: focus)) {
            TranslatorClassifier(description: $0, settings: settings)
        }
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
        dueDevices.reserveCapacity(16)
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
        for buffer in buffers { buffer.finish() }
    }

    // MARK: Input

    /// A device appeared: it gets its own classifier and a `device added` event.
    ///
    /// - Parameters:
    ///   - identity: Who the device is; its `DeviceInstance/id` names it in later calls. A device
    ///     already attached under the same id is removed first.
    ///   - description: What the device is.
    ///   - time: When it appeared.
    ///   - output: Where the events it caused are appended.
    public func addDevice(
        _ identity: DeviceInstance,
        description: DeviceDescription,
        at time: Timestamp,
        into output: inout [WayfinderEvent]
    ) {
        let start = output.count
        advanceDeadlines(to: time, into: &output)
        let kind = description.kind
        if device(identity.id) != nil { removeDeviceNow(identity.id, at: time, into: &output) }
        let classifier = makeClassifier(description)
        if onDecision != nil { classifier.explain(true) }
        var identity = identity
        if identity.details == nil {
            identity.details = DeviceDetails(
                identity: description.identity, physicalPath: description.physicalPath,
                size: description.kind == .keyboard ? nil : description.physicalSize,
                resolution: description.axisResolution, settings: classifier.settingsInEffect,
                sessionStart: sessionStart?.seconds)
        }
        let device = Device(
            identity: identity, description: description, kind: kind, classifier: classifier, order: nextOrder)
        nextOrder += 1
        devices.append(device)
        devicesByID[identity.id] = device
        if classifier.observesOtherDevices { observers.append(device) }
        schedule(device)
        output.append(WayfinderEvent(time: time, device: identity, payload: .device(.added, kind: kind)))
        if let diagnostic = classifier.diagnostic, reportedDiagnostics.insert(diagnostic).inserted {
            onDiagnostic?(diagnostic)
        }
        notify(&output, from: start)
    }

    /// A device went away: its gestures are cancelled, its keys and buttons released, then a
    /// `device removed` event follows.
    public func removeDevice(_ id: DeviceID, at time: Timestamp, into output: inout [WayfinderEvent]) {
        let start = output.count
        advanceDeadlines(to: time, into: &output)
        removeDeviceNow(id, at: time, into: &output)
        notify(&output, from: start)
    }

    /// Processes one frame from a device: deadlines up to the frame's time fire first.
    ///
    /// Frames from an unknown device, and incomplete frames, are ignored. With a buffer that keeps
    /// its capacity from frame to frame, a frame allocates nothing in steady state.
    public func process(_ frame: EventFrame, from id: DeviceID, into output: inout [WayfinderEvent]) {
        guard frame.isComplete, let found = unretainedDevice(id) else { return }
        let start = output.count
        // Not retained for the frame: the runtime holds the device until `removeDeviceNow`, which
        // only the runtime's entry points reach, and nothing here calls one. Listeners, which
        // may, hear of the events after the device is let go (`notify`).
        found._withUnsafeGuaranteedRef { device in
            advanceDeadlines(to: frame.time, into: &output)
            classified.removeAllKeepingCapacity()
            device.classifier.process(frame, into: &classified)
            schedule(device)
            collectDecisions(of: device, before: output.count)
            routeClassified(from: device, into: &output)
        }
        notify(&output, from: start)
    }

    /// Lets time pass: fires every deadline up to and including `time`.
    public func advance(to time: Timestamp, into output: inout [WayfinderEvent]) {
        let start = output.count
        advanceDeadlines(to: time, into: &output)
        notify(&output, from: start)
    }

    /// Sends a key press, or text typed (into Full Keyboard Access's Find), straight to the focus
    /// system: for input that does not come from an evdev keyboard, such as a terminal.
    public func press(
        _ input: KeyInput,
        at time: Timestamp,
        device: DeviceInstance = .synthetic("terminal"),
        into output: inout [WayfinderEvent]
    ) {
        let start = output.count
        advanceDeadlines(to: time, into: &output)
        if let scene {
            sceneOutput.removeAllKeepingCapacity()
            scene.press(input, at: time, into: &sceneOutput)
            takeSceneOutput(device: device, into: &output)
        }
        notify(&output, from: start)
    }

    /// Carries out a request from assistive technology, such as a screen reader on the
    /// accessibility bus moving focus or running an action (see ``AccessibilityRequest``), as
    /// input at `time`: deadlines up to then fire first, and the events go out like any other.
    /// - Returns: Whether the scene carried the request out.
    @discardableResult
    public func perform(
        _ request: AccessibilityRequest,
        at time: Timestamp,
        device: DeviceInstance = .synthetic("accessibility"),
        into output: inout [WayfinderEvent]
    ) -> Bool {
        let start = output.count
        advanceDeadlines(to: time, into: &output)
        var isDone = false
        if let scene {
            sceneOutput.removeAllKeepingCapacity()
            isDone = scene.perform(request, at: time, into: &sceneOutput)
            takeSceneOutput(device: device, into: &output)
        }
        notify(&output, from: start)
        return isDone
    }

    /// The scene's node tree and focus system, for exposing them (to the accessibility bus).
    var sceneSession: SceneSession? { scene as? SceneSession }

    /// Removes every device (releasing keys and buttons, cancelling gestures), as when the
    /// runtime stops.
    public func removeAllDevices(at time: Timestamp, into output: inout [WayfinderEvent]) {
        let start = output.count
        advanceDeadlines(to: time, into: &output)
        while let device = devices.first { removeDeviceNow(device.identity.id, at: time, into: &output) }
        notify(&output, from: start)
    }

    /// Ends the event sequences: consumers of ``events`` see the end.
    public func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations.removeAll()
        for buffer in buffers { buffer.finish() }
        buffers.removeAll()
    }

    // MARK: Output

    /// The earliest time at which something will happen without new input.
    public var nextDeadline: Timestamp? {
        let earliest = scene?.nextDeadline
        guard let (deadline, _) = firstDeviceDeadline() else { return earliest }
        return earliest.map { min($0, deadline) } ?? deadline
    }

    /// The events from now on, as an asynchronous sequence with a bounded buffer that ends with
    /// ``finish()``: when the consumer falls more than `limit` events behind, the oldest are
    /// dropped and the consumer is told how many (``BoundedEvents``). The sequence is `Sendable`:
    /// iterate it on any task, while the runtime stays on its own thread or actor.
    public func events(keepingNewest limit: Int) -> BoundedEvents {
        let buffer = EventBuffer(capacity: limit)
        buffers.append(buffer)
        return BoundedEvents(buffer: buffer)
    }

    /// The events from now on, as an asynchronous sequence that ends with ``finish()``. Its
    /// buffer has no limit: a consumer that falls behind makes it grow.
    /// ``events(keepingNewest:)`` bounds it.
    public var events: AsyncStream<WayfinderEvent> {
        let (stream, continuation) = AsyncStream<WayfinderEvent>.makeStream(bufferingPolicy: .unbounded)
        let id = nextContinuationID
        nextContinuationID += 1
        continuations[id] = continuation
        return stream
    }

    /// What the scene looks like now, for the terminal view; nil without a scene.
    public func snapshot() -> TerminalSnapshot? { scene?.snapshot() }

    /// The text typed into Full Keyboard Access Find while Find is open (after Tab+F), or nil:
    /// a terminal front end sends typed characters as text while it is open.
    public var findQuery: String? { scene?.findQuery }

    /// The devices attached now, in the order they were added.
    public var attachedDevices: [(identity: DeviceInstance, kind: DeviceKind)] {
        devices.map { ($0.identity, $0.kind) }
    }

    // MARK: Pipeline

    private func device(_ id: DeviceID) -> Device? {
        unretainedDevice(id)?.takeUnretainedValue()
    }

    /// ``device(_:)`` without retaining the device: for a caller that removes no device while it
    /// uses it (``devicesByID`` holds it).
    private func unretainedDevice(_ id: DeviceID) -> Unmanaged<Device>? {
        if let lastFound = lastFoundUnretained,
            lastFound._withUnsafeGuaranteedRef({ $0.identity.id == id })
        {
            return lastFound
        }
        guard let found = devicesByID[id] else { return nil }
        lastFound = found
        return Unmanaged.passUnretained(found)
    }

    /// ``lastFound`` without retaining it.
    private var lastFoundUnretained: Unmanaged<Device>? {
        lastFound.map { Unmanaged.passUnretained($0) }
    }

    /// Removes an attached device from a list in order of addition, found by a binary search.
    private static func remove(_ device: Device, from list: inout [Device]) {
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle].order < device.order { low = middle + 1 } else { high = middle }
        }
        if low < list.count, list[low] === device { list.remove(at: low) }
    }

    /// Puts the device's deadline in the queue when its classifier's has changed: after anything
    /// its classifier was told.
    private func schedule(_ device: Device) {
        let deadline = device.classifier.nextDeadline
        guard deadline != device.scheduledDeadline else { return }
        device.scheduledDeadline = deadline
        guard let deadline else { return }
        deadlines.schedule(item: device, at: deadline, order: device.order)
        // Entries left behind by deadlines moved later or cancelled go when time reaches them;
        // a classifier that moves its deadline earlier on every frame would pile them up.
        if deadlines.count > 4 * devices.count + 64 { deadlines.removeStale(where: Self.isCurrent) }
    }

    /// Whether a queued deadline is the device's own still.
    private static func isCurrent(_ device: Device, _ deadline: Timestamp) -> Bool {
        device.scheduledDeadline == deadline
    }

    /// The earliest deadline of any device, and whose it is (the first added on a tie).
    private func firstDeviceDeadline() -> (Timestamp, Device)? {
        deadlines.first(where: Self.isCurrent).map { ($0.deadline, $0.item) }
    }

    private func removeDeviceNow(_ id: DeviceID, at time: Timestamp, into output: inout [WayfinderEvent]) {
        guard let device = devicesByID.removeValue(forKey: id) else { return }
        if lastFound === device { lastFound = nil }
        Self.remove(device, from: &devices)
        Self.remove(device, from: &observers)
        device.scheduledDeadline = nil
        classified.removeAllKeepingCapacity()
        device.classifier.removeDevice(at: time, into: &classified)
        collectDecisions(of: device, before: output.count)
        routeClassified(from: device, into: &output)
        if let scene, lastPointerDevice?.id == id {
            sceneOutput.removeAllKeepingCapacity()
            scene.cancelPointerGestures(at: time, into: &sceneOutput)
            takeSceneOutput(device: device.identity, into: &output)
            lastPointerDevice = nil
        }
        output.append(
            WayfinderEvent(time: time, device: device.identity, payload: .device(.removed, kind: device.kind)))
    }

    /// Fires deadlines in time order up to `time`: whichever component's deadline is earliest goes
    /// first, and what it produces at that time flows through the rest of the pipeline.
    private func advanceDeadlines(to time: Timestamp, into output: inout [WayfinderEvent]) {
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
            // The devices due, in the order they were added, taken out of the queue first: one
            // that does not move its deadline comes back in the next round, not this one.
            dueDevices.removeAllKeepingCapacity()
            while let (deviceDeadline, device) = firstDeviceDeadline(), deviceDeadline <= deadline {
                deadlines.removeFirst()
                device.scheduledDeadline = nil
                dueDevices.append(device)
            }
            for device in dueDevices {
                // What an earlier device's input did to it (a key, for disable-while-typing)
                // may have moved its deadline.
                if let deviceDeadline = device.classifier.nextDeadline, deviceDeadline <= deadline {
                    classified.removeAllKeepingCapacity()
                    device.classifier.advance(to: deadline, into: &classified)
                    collectDecisions(of: device, before: output.count)
                    routeClassified(from: device, into: &output)
                }
                schedule(device)
            }
            if let scene, let sceneDeadline = scene.nextDeadline, sceneDeadline <= deadline {
                sceneOutput.removeAllKeepingCapacity()
                scene.advance(to: deadline, into: &sceneOutput)
                takeSceneOutput(device: lastPointerDevice ?? .synthetic("scene"), into: &output)
            }
        }
    }

    /// Sends the classified input in `classified` on, in order, and leaves the buffer empty: keys
    /// to the focus engine, the rest to the node tree.
    ///
    /// Each input is moved out of the buffer (its order reversed in place, then taken off the end)
    /// into the event that reports it, rather than copied and destroyed with the buffer. Nothing
    /// the inputs reach classifies, so the buffer is not touched meanwhile.
    private func routeClassified(from device: Device, into output: inout [WayfinderEvent]) {
        classified.reverseElements(from: 0)
        while let input = classified.popLast() {
            switch input.event {
            case .key(let code, let state, let modifiers, let keysym, _):
                output.append(
                    WayfinderEvent(time: input.time, device: device.identity, payload: .input(input.event, target: nil))
                )
                if state != .repeat, devices.count > 1 {
                    shareKey(code, isDown: state == .down, from: device, at: input.time)
                }
                guard let scene, state != .up, !code.isModifier else { continue }
                guard let press = KeyPress(code: code, keysym: keysym, modifiers: modifiers) else {
                    reportUnnamedKey(code, keysym: keysym, on: device)
                    continue
                }
                sceneOutput.removeAllKeepingCapacity()
                scene.press(.press(press), at: input.time, into: &sceneOutput)
                takeSceneOutput(device: device.identity, into: &output)
            case .button, .scroll, .tap, .longPress, .drag, .motion, .position, .touch, .gesture:
                if case .motion = input.event, device.kind == .pointingStick, devices.count > 1 {
                    shareStickMotion(from: device, at: input.time)
                }
                guard let scene else {
                    output.append(
                        WayfinderEvent(
                            time: input.time, device: device.identity, payload: .input(input.event, target: nil)))
                    continue
                }
                // Compared first: assigning the same device again would retain and release it.
                // A removed device's identity is forgotten (`removeDeviceNow`), so an equal
                // number is the same device.
                if lastPointerDevice?.id != device.identity.id { lastPointerDevice = device.identity }
                sceneOutput.removeAllKeepingCapacity()
                let target = scene.handlePointer(input, into: &sceneOutput)
                output.append(
                    WayfinderEvent(
                        time: input.time, device: device.identity, payload: .input(input.event, target: target)))
                takeSceneOutput(device: device.identity, into: &output)
            }
        }
    }

    /// Lets every other device's classifier see a pointing stick's motion
    /// (disable-while-trackpointing).
    private func shareStickMotion(from stick: Device, at time: Timestamp) {
        for other in observers where other !== stick {
            other.classifier.observePointingStickMotion(onStick: stick.description.identity, at: time)
            schedule(other)
        }
    }

    /// Lets every other device's classifier see a keyboard's key (disable-while-typing).
    private func shareKey(_ code: KeyCode, isDown: Bool, from keyboard: Device, at time: Timestamp) {
        for other in observers where other !== keyboard {
            other.classifier.observeKey(code, isDown: isDown, onKeyboard: keyboard.description.identity, at: time)
            schedule(other)
        }
    }

    /// Takes the decisions a device's classifier recorded, to be handed on before the output's
    /// event at `position`.
    private func collectDecisions(of device: Device, before position: Int) {
        guard onDecision != nil else { return }
        decisionBuffer.removeAll(keepingCapacity: true)
        device.classifier.takeDecisions(into: &decisionBuffer)
        for decision in decisionBuffer {
            decisions.append(
                (position, ExplainedDecision(time: decision.time, device: device.identity, decision: decision)))
        }
    }

    private func reportUnnamedKey(_ code: KeyCode, keysym: KeySymbol?, on device: Device) {
        // A keyboard without a keymap has said once that its keys come without keysyms.
        if keysym == nil, device.classifier.diagnostic != nil { return }
        guard device.unnamedKeys.insert(code.rawValue).inserted else { return }
        let what = keysym.map { "gives the keysym \($0.name), which" } ?? "has no keysym in the layout and"
        onDiagnostic?(
            "\(code.streamName) on \(device.identity) \(what) names no key the focus engine knows; it does not move focus"
        )
    }

    /// Moves the scene's events out of `sceneOutput` into the output as events of a device,
    /// leaving `sceneOutput` empty. Taken off the end and put back in order, each payload is moved
    /// rather than copied and then destroyed with the buffer (most calls carry none or one).
    private func takeSceneOutput(device: DeviceInstance, into output: inout [WayfinderEvent]) {
        guard !sceneOutput.isEmpty else { return }
        let start = output.count
        while let item = sceneOutput.popLast() {
            output.append(WayfinderEvent(time: item.time, device: device, payload: item.payload))
        }
        output.reverseElements(from: start)
    }

    /// Hands the events one call appended to ``onEvent`` and the event sequences, and the
    /// decisions taken meanwhile to ``onDecision``, each before the events it preceded.
    ///
    /// Inlined up to the question whether anyone listens: a frame nobody listens to (a benchmark,
    /// an embedder reading the output buffer) pays for nothing more.
    @inline(__always)
    private func notify(_ output: inout [WayfinderEvent], from start: Int) {
        if !decisions.isEmpty { return notifyWithDecisions(output, from: start) }
        guard start < output.count, onEvent != nil || !continuations.isEmpty || !buffers.isEmpty else { return }
        deliver(&output, from: start)
    }

    /// Each event is moved out of `output` for the calls and back after them. Read in place, an
    /// event would be copied for the calls (an outlined copy of its payload, and a destroy after),
    /// which cost a live frame more than its classification; and walking the empty dictionary of
    /// continuations looks up its view's metadata. The buffer is the caller's, under this call's
    /// exclusive access, so nothing can read the slot while it is empty.
    @inline(never)
    private func deliver(_ output: inout [WayfinderEvent], from start: Int) {
        output.withUnsafeMutableBufferPointer { events in
            // Not empty: start < count.
            guard let base = events.baseAddress else { return }
            for index in start..<events.count {
                let event = (base + index).move()
                onEvent?(event)
                if !continuations.isEmpty || !buffers.isEmpty { yieldToSequences(event) }
                (base + index).initialize(to: event)
            }
        }
    }

    /// Hands an event to the event sequences (``events`` and ``events(keepingNewest:)``).
    private func yieldToSequences(_ event: WayfinderEvent) {
        for continuation in continuations.values { continuation.yield(event) }
        for buffer in buffers { buffer.yield(event) }
    }

    private func notifyWithDecisions(_ output: [WayfinderEvent], from start: Int) {
        var next = 0
        for index in start..<max(start, output.count) {
            while next < decisions.count, decisions[next].position <= index {
                onDecision?(decisions[next].decision)
                next += 1
            }
            onEvent?(output[index])
            for continuation in continuations.values { continuation.yield(output[index]) }
            for buffer in buffers { buffer.yield(output[index]) }
        }
        while next < decisions.count {
            onDecision?(decisions[next].decision)
            next += 1
        }
        decisions.removeAll(keepingCapacity: true)
    }
}

extension Runtime {
    /// A device appeared; returns the events it caused (see
    /// ``addDevice(_:description:at:into:)``).
    @discardableResult
    public func addDevice(_ identity: DeviceInstance, description: DeviceDescription, at time: Timestamp)
        -> [WayfinderEvent]
    {
        var output: [WayfinderEvent] = []
        addDevice(identity, description: description, at: time, into: &output)
        return output
    }

    /// A device went away; returns the events it caused.
    @discardableResult
    public func removeDevice(_ id: DeviceID, at time: Timestamp) -> [WayfinderEvent] {
        var output: [WayfinderEvent] = []
        removeDevice(id, at: time, into: &output)
        return output
    }

    /// Processes one frame; returns the events it caused (see ``process(_:from:into:)``, which
    /// allocates nothing in steady state).
    @discardableResult
    public func process(_ frame: EventFrame, from id: DeviceID) -> [WayfinderEvent] {
        var output: [WayfinderEvent] = []
        process(frame, from: id, into: &output)
        return output
    }

    /// Lets time pass; returns the events the deadlines caused.
    @discardableResult
    public func advance(to time: Timestamp) -> [WayfinderEvent] {
        var output: [WayfinderEvent] = []
        advance(to: time, into: &output)
        return output
    }

    /// Sends a key press straight to the focus system; returns the events it caused.
    @discardableResult
    public func press(_ press: KeyPress, at time: Timestamp, device: DeviceInstance = .synthetic("terminal"))
        -> [WayfinderEvent]
    {
        var output: [WayfinderEvent] = []
        self.press(.press(press), at: time, device: device, into: &output)
        return output
    }

    /// Sends a key press or typed text straight to the focus system; returns the events it caused.
    @discardableResult
    public func press(_ input: KeyInput, at time: Timestamp, device: DeviceInstance = .synthetic("terminal"))
        -> [WayfinderEvent]
    {
        var output: [WayfinderEvent] = []
        self.press(input, at: time, device: device, into: &output)
        return output
    }

    /// Carries out a request from assistive technology; returns the events it caused (see
    /// ``perform(_:at:device:into:)``).
    @discardableResult
    public func perform(
        _ request: AccessibilityRequest, at time: Timestamp, device: DeviceInstance = .synthetic("accessibility")
    ) -> [WayfinderEvent] {
        var output: [WayfinderEvent] = []
        perform(request, at: time, device: device, into: &output)
        return output
    }

    /// Removes every device; returns the events it caused.
    @discardableResult
    public func removeAllDevices(at time: Timestamp) -> [WayfinderEvent] {
        var output: [WayfinderEvent] = []
        removeAllDevices(at: time, into: &output)
        return output
    }
}

/// The `Classification` module's translator as the runtime's classifier.
final class TranslatorClassifier: FrameClassifier {
    @exclusivity(unchecked) private var translator: DeviceTranslator
    /// The translator's next deadline, kept after every call: the runtime asks for it on every
    /// frame.
    @exclusivity(unchecked) private(set) var nextDeadline: Timestamp?
    /// What the classifier does differently from what was asked: keys by code without a keymap,
    /// or the default layout instead of one that does not compile.
    let diagnostic: String?
    /// The settings in effect for the device, for its `device` line.
    let settingsInEffect: [(name: String, value: DeviceDetails.SettingValue)]

    /// Creates the translator for a device; a device whose keyboard layout does not compile is
    /// classified with the default layout, and if even that fails, without its keys.
    init(description: DeviceDescription, settings: DeviceSettings) {
        settingsInEffect = settings.inEffect(for: description, kind: description.kind)
        if let translator = try? DeviceTranslator(device: description, kind: description.kind, settings: settings) {
            self.translator = translator
            diagnostic = translator.diagnostic?.description
        } else if let translator = try? DeviceTranslator(
            device: description, kind: description.kind, settings: settings.withDefaultKeyboardLayout)
        {
            self.translator = translator
            diagnostic =
                ClassificationError.layoutUnavailable(settings.keyboardLayout).description
                + "; the keys of \(description.name) use the default layout"
        } else {
            diagnostic = "\(description.name): no keymap compiles; its keys are left out"
            var keyless = description
            keyless.supportedCodes[.key] = description.supportedCodes[.key]?.filter {
                $0 >= KeyCode.firstButton.rawValue
            }
            // Without keyboard keys no keymap is needed, so this cannot fail.
            // swift-format-ignore: NeverForceTry
            translator = try! DeviceTranslator(device: keyless, kind: description.kind, settings: settings)
        }
    }

    func process(_ frame: EventFrame, into output: inout [ClassifiedInput]) {
        translator.process(frame, at: frame.time, into: &output)
        nextDeadline = translator.nextDeadline
    }

    func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        translator.advance(to: time, into: &output)
        nextDeadline = translator.nextDeadline
    }

    func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        translator.removeDevice(at: time, into: &output)
        nextDeadline = translator.nextDeadline
    }

    var observesOtherDevices: Bool { translator.observesOtherDevices }

    func explain(_ isOn: Bool) { translator.isExplaining = isOn }

    func takeDecisions(into buffer: inout [ClassificationDecision]) { translator.takeDecisions(into: &buffer) }

    func observePointingStickMotion(onStick stick: DeviceIdentity, at time: Timestamp) {
        translator.observePointingStickMotion(onStick: stick, at: time)
    }

    func observeKey(_ code: KeyCode, isDown: Bool, onKeyboard keyboard: DeviceIdentity, at time: Timestamp) {
        translator.observeKey(code, isDown: isDown, onKeyboard: keyboard, at: time)
        nextDeadline = translator.nextDeadline
    }
}
