import Classification
import EventModel
import Geometry
import InputEvents
import Interactions
import WayfinderTestSupport

/// Runs event frames through the real classifier and then through an interaction system, the way
/// the runtime does: each frame is classified (firing the classifier's deadlines first), each
/// classified input is handled (firing the interaction system's deadlines first).
struct ClassifiedPipeline {
    private(set) var translator: DeviceTranslator
    let system: InteractionSystem
    private(set) var classified: [ClassifiedInput] = []
    private(set) var events: [TimedPayload] = []
    private var buffer: [ClassifiedInput] = []

    init(device: DeviceDescription, system: InteractionSystem, options: ClassifierOptions = ClassifierOptions()) throws
    {
        translator = try DeviceTranslator(device: device, options: options)
        self.system = system
    }

    var actions: [TimedAction] { TimedAction.actions(in: events) }

    mutating func run(_ frames: [EventFrame], until end: Timestamp? = nil) {
        for frame in frames {
            buffer.removeAll(keepingCapacity: true)
            translator.process(frame, at: frame.time, into: &buffer)
            deliver()
        }
        if let end { advance(to: end) }
    }

    /// Lets time pass to `end` with no frame: both layers fire their deadlines in time order.
    mutating func advance(to end: Timestamp) {
        while true {
            let next = [translator.nextDeadline, system.nextDeadline].compactMap { $0 }.filter { $0 <= end }.min()
            guard let next else { break }
            buffer.removeAll(keepingCapacity: true)
            translator.advance(to: next, into: &buffer)
            deliver()
            events += system.advance(to: next)
        }
        buffer.removeAll(keepingCapacity: true)
        translator.advance(to: end, into: &buffer)
        deliver()
        events += system.advance(to: end)
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

    private mutating func deliver() {
        for input in buffer {
            classified.append(input)
            events += system.handle(input)
        }
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
