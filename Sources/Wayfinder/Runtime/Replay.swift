public import InputEvents

/// One device's recorded frames, ready to replay: its description, its frames (times relative to
/// the recording's start) and where on the replay's time line the recording starts.
public struct ReplaySource: Sendable {
    /// The device.
    public var description: DeviceDescription
    /// The frames in time order.
    public var frames: [EventFrame]
    /// How much later than the replay's start the recording starts.
    public var offset: Duration

    /// Creates a source.
    public init(description: DeviceDescription, frames: [EventFrame], offset: Duration = .zero) {
        self.description = description
        self.frames = frames
        self.offset = offset
    }
}

/// Plays recorded frames through a ``Runtime``: several devices merged in time order, deadlines
/// firing when the next frame's time passes them, exactly as live input would.
public struct Replay: Sendable {
    /// One step of the merged time line.
    public struct Step: Sendable {
        /// What happens.
        public enum Action: Sendable {
            /// The device appears (just before its first frame).
            case add
            /// The device sends a frame, its times moved onto the replay's time line.
            case frame(EventFrame)
            /// The device goes away (just after its last frame): gestures end, keys are released.
            case remove
        }
        /// When it happens on the replay's time line.
        public var time: Timestamp
        /// The index of the source in ``Replay/sources``.
        public var source: Int
        /// What happens.
        public var action: Action
    }

    /// The recordings.
    public var sources: [ReplaySource]

    /// How long after the last frame the replay keeps firing deadlines, so that what was still in
    /// progress (a scroll decelerating, a long press) finishes. UIScrollView's normal
    /// deceleration settles within about two seconds; five leaves room for a bounce.
    public static let settleDuration: Duration = .seconds(5)

    /// Creates a replay of recordings.
    public init(sources: [ReplaySource]) {
        self.sources = sources
    }

    /// The steps of every source on one time line, in time order: each device is added at its first
    /// frame and removed after its last; steps at the same time keep the order of the sources.
    public var steps: [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(sources.reduce(0) { $0 + $1.frames.count + 2 })
        for (index, source) in sources.enumerated() {
            guard let first = source.frames.first, let last = source.frames.last else { continue }
            steps.append(Step(time: first.time + source.offset, source: index, action: .add))
            for frame in source.frames {
                var shifted = frame
                for eventIndex in shifted.events.indices { shifted.events[eventIndex].time += source.offset }
                steps.append(Step(time: shifted.time, source: index, action: .frame(shifted)))
            }
            steps.append(Step(time: last.time + source.offset, source: index, action: .remove))
        }
        // A stable sort: equal times keep source order, and each source's own order.
        return steps.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// The time of the earliest source's start (zero unless every source is offset).
    public var startTime: Timestamp {
        Timestamp.zero + (sources.map(\.offset).min() ?? .zero)
    }

    /// Runs the replay through a runtime, returning every event in order.
    ///
    /// - Parameters:
    ///   - runtime: The runtime to feed. Sources are added as ``DeviceID``s 0, 1, … in source order.
    ///   - beforeStep: Called before each frame with its time and the step's index (to sleep in a
    ///     real-time replay, or to draw progress).
    ///   - afterStep: Called after each frame with the events it produced.
    @discardableResult
    public func run(
        through runtime: Runtime,
        beforeStep: (Timestamp, Int) -> Void = { _, _ in },
        afterStep: ([WayfinderEvent]) -> Void = { _ in }
    ) -> [WayfinderEvent] {
        var events: [WayfinderEvent] = []
        let steps = steps
        for (index, step) in steps.enumerated() {
            beforeStep(step.time, index)
            let device = DeviceID(rawValue: step.source)
            let produced: [WayfinderEvent]
            switch step.action {
            case .add:
                produced = runtime.addDevice(device, description: sources[step.source].description, at: step.time)
            case .frame(let frame): produced = runtime.process(frame, from: device)
            case .remove: produced = runtime.removeDevice(device, at: step.time)
            }
            afterStep(produced)
            events += produced
        }
        let end = (steps.last?.time ?? startTime) + Self.settleDuration
        var previous: Timestamp?
        while let deadline = runtime.nextDeadline, deadline <= end {
            // A deadline that does not move after firing would never let the replay end.
            if let previous, deadline <= previous { break }
            previous = deadline
            beforeStep(deadline, steps.count)
            let produced = runtime.advance(to: deadline)
            afterStep(produced)
            events += produced
        }
        return events
    }
}
