// Checks of the classified stream, shared by the classifier's fuzz target
// (`// fuzz-support: StreamChecks`): what must hold of any device's output, whatever its frames.

import EventModel
import Geometry
import InputEvents

/// One device's classified stream, checked event by event: every sequence that begins ends or is
/// cancelled, keys, buttons and contacts go down and up in turn, every number is finite, and
/// time never goes backwards nor runs ahead of the input.
struct ClassifiedStreamCheck {
    /// The device, for messages.
    let device: String
    private var lastTime: Timestamp?
    /// The sequences begun and not yet ended: a long press, a drag, a continuous scroll, a
    /// gesture, by kind.
    private var openSequences: Set<String> = []
    private var heldKeys: Set<UInt16> = []
    private var heldButtons: Set<String> = []
    private var downContacts: Set<Int> = []

    init(device: String) { self.device = device }

    /// Checks one event; `now` is the latest time the input has reached (a frame's or an
    /// `advance(to:)` call's).
    mutating func check(_ event: ClassifiedEvent, at time: Timestamp, now: Timestamp) {
        if let lastTime { expect(time >= lastTime, "\(device): \(event) at \(time) after \(lastTime)") }
        expect(time <= now, "\(device): \(event) at \(time), later than the input's \(now)")
        lastTime = time
        switch event {
        case .key(let code, let state, _, _, _):
            switch state {
            case .down: expect(heldKeys.insert(code.rawValue).inserted, "\(device): \(code) down twice")
            case .repeat: expect(heldKeys.contains(code.rawValue), "\(device): \(code) repeats while up")
            case .up: expect(heldKeys.remove(code.rawValue) != nil, "\(device): \(code) up while up")
            }
        case .button(let button, let state, let trigger, let code):
            let key = "\(button) \(trigger) \(code.map { String($0.rawValue) } ?? "-")"
            switch state {
            case .down: expect(heldButtons.insert(key).inserted, "\(device): button \(key) down twice")
            case .up: expect(heldButtons.remove(key) != nil, "\(device): button \(key) up while up")
            }
        case .scroll(let source, let delta, let v120, let phase, let velocity):
            Self.checkFinite(delta, "scroll delta", device)
            if let v120 { Self.checkFinite(v120, "scroll v120", device) }
            if let velocity { Self.checkFinite(velocity, "scroll velocity", device) }
            switch (source, phase) {
            case (.discrete, nil): break
            case (.continuous, .began?): begin("scroll")
            case (.continuous, .changed?): change("scroll")
            case (.continuous, .ended?): end("scroll")
            case (.discrete, _?), (.continuous, nil):
                fatalError("\(device): a \(source) scroll with phase \(String(describing: phase))")
            }
        case .tap(let fingers, _, let position):
            expect(fingers > 0, "\(device): a tap of \(fingers) fingers")
            if let position { Self.checkFinite(position, "tap position", device) }
        case .longPress(let phase, let touchType, let position):
            if let position { Self.checkFinite(position, "long press position", device) }
            step("longPress \(touchType)", phase)
        case .drag(let phase, let touchType, let translation, let position):
            Self.checkFinite(translation, "drag translation", device)
            if let position { Self.checkFinite(position, "drag position", device) }
            step("drag \(touchType)", phase)
        case .motion(let delta, let unaccelerated):
            Self.checkFinite(delta, "motion", device)
            Self.checkFinite(unaccelerated, "unaccelerated motion", device)
        case .position(let position, _, let isDown, let contact):
            Self.checkFinite(position, "position", device)
            if isDown {
                downContacts.insert(contact)
            } else {
                expect(downContacts.remove(contact) != nil, "\(device): contact \(contact) lifted while up")
            }
        case .touch(_, let position, _):
            Self.checkFinite(position, "touch position", device)
        case .gesture(let gesture):
            Self.checkFinite(gesture.delta, "gesture delta", device)
            expect(gesture.scale.isFinite && gesture.rotation.isFinite, "\(device): \(gesture)")
            if let position = gesture.position { Self.checkFinite(position, "gesture position", device) }
            expect(gesture.fingers > 0, "\(device): a gesture of \(gesture.fingers) fingers")
            step("\(gesture.kind) \(gesture.touchType) \(gesture.fingers)", gesture.phase)
        }
    }

    /// After the device went away: nothing is held, nothing is left begun.
    func checkNothingHeld() {
        expect(openSequences.isEmpty, "\(device): \(openSequences.sorted()) never ended")
        expect(heldKeys.isEmpty, "\(device): keys \(heldKeys.sorted()) still down")
        expect(heldButtons.isEmpty, "\(device): buttons \(heldButtons.sorted()) still down")
        expect(downContacts.isEmpty, "\(device): contacts \(downContacts.sorted()) still down")
    }

    private mutating func step(_ key: String, _ phase: GesturePhase) {
        switch phase {
        case .began: begin(key)
        case .changed: change(key)
        case .ended, .cancelled: end(key)
        }
    }

    private mutating func begin(_ key: String) {
        expect(openSequences.insert(key).inserted, "\(device): \(key) began twice")
    }

    private func change(_ key: String) {
        expect(openSequences.contains(key), "\(device): \(key) changed without beginning")
    }

    private mutating func end(_ key: String) {
        expect(openSequences.remove(key) != nil, "\(device): \(key) ended without beginning")
    }

    static func checkFinite(_ vector: Vector, _ what: String, _ device: String) {
        expect(vector.x.isFinite && vector.y.isFinite, "\(device): \(what) \(vector) is not finite")
    }
}
