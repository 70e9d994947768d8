import Classification
import EventModel
import Geometry
import InputEvents
import Interactions
import Wayfinder
import WayfinderTestSupport

/// Runs one device's frames through the real ``Runtime`` on a node tree built in code: the real
/// classifier, the runtime's deadline scheduling, the interaction system.
struct ClassifiedPipeline {
    let system: InteractionSystem
    private let runtime: Runtime
    private let device: DeviceDescription
    private var isAdded = false
    /// Every classified input the runtime reported, in order.
    private(set) var classified: [ClassifiedInput] = []
    /// Every action and content offset the interactions reported, in order.
    private(set) var events: [TimedPayload] = []
    private var output: [WayfinderEvent] = []

    init(device: DeviceDescription, system: InteractionSystem, options: DeviceSettings = DeviceSettings()) throws {
        self.system = system
        self.device = device
        runtime = try Runtime(interactions: system, settings: options)
    }

    var actions: [TimedAction] { TimedAction.actions(in: events) }

    /// Processes frames, then lets time pass to `end`.
    mutating func run(_ frames: [EventFrame], until end: Timestamp? = nil) {
        for frame in frames {
            if !isAdded {
                isAdded = true
                runtime.addDevice(
                    DeviceInstance(id: DeviceID(rawValue: 0), name: device.name, source: "test:0"), description: device,
                    at: frame.time, into: &output)
            }
            runtime.process(frame, from: DeviceID(rawValue: 0), into: &output)
            record()
        }
        if let end { advance(to: end) }
    }

    /// Lets time pass to `end` with no frame: every deadline up to it fires, in time order.
    mutating func advance(to end: Timestamp) {
        runtime.advance(to: end, into: &output)
        record()
    }

    /// Removes the device, as when it is unplugged: its gestures are cancelled.
    mutating func removeDevice(at time: Timestamp) {
        runtime.removeDevice(DeviceID(rawValue: 0), at: time, into: &output)
        record()
    }

    /// What the classifier reported of a continuous scroll along one axis: the distance (the sum of
    /// the deltas) and, once the scroll ended, when and at what velocity (zero when it gave none).
    func continuousScroll(
        along axis: KeyPath<Vector, Double>
    ) -> (distance: Double, release: (time: Timestamp, velocity: Double)?) {
        var distance = 0.0
        var release: (time: Timestamp, velocity: Double)?
        for input in classified {
            if case .scroll(.continuous, let delta, _, let phase, let velocity) = input.event {
                distance += delta[keyPath: axis]
                if phase == .ended { release = (input.time, velocity?[keyPath: axis] ?? 0) }
            }
        }
        return (distance, release)
    }

    private mutating func record() {
        for event in output {
            switch event.payload {
            case .input(let input, _): classified.append(ClassifiedInput(time: event.time, event: input))
            case .action, .contentOffset: events.append(TimedPayload(time: event.time, payload: event.payload))
            case .device, .focus, .select: continue
            }
        }
        output.removeAll(keepingCapacity: true)
    }
}

/// An action with the time it fired; reads as the action itself (`action.name`, `action.time`).
@dynamicMemberLookup
struct TimedAction: Equatable {
    var time: Timestamp
    var action: ActionEvent

    subscript<Value>(dynamicMember keyPath: KeyPath<ActionEvent, Value>) -> Value { action[keyPath: keyPath] }

    /// The actions among events, in order.
    static func actions(in events: [TimedPayload]) -> [TimedAction] {
        events.compactMap { event in event.payload.action.map { TimedAction(time: event.time, action: $0) } }
    }
}

/// A 1000 × 800 window.
func makeWindow(_ children: [Node]) -> (Node, InteractionSystem) {
    let root = Node(identifier: "window", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
    for child in children { root.addChild(child) }
    return (root, InteractionSystem(root: root, sceneSize: root.frame.size))
}
