public import EventModel
public import InputEvents

/// Frames of one device in time order, produced one at a time, so that a replay holds only the
/// next frame of each device however long the recordings are.
public protocol FrameReader {
    /// The next frame, or nil after the last one.
    /// - Throws: What the underlying reader throws (a malformed line, naming the file and line).
    mutating func nextFrame() throws -> EventFrame?
}

/// A reader over frames already in memory.
public struct ArrayFrameReader: FrameReader {
    private let frames: [EventFrame]
    private var index = 0

    /// Creates a reader over frames in time order.
    public init(_ frames: [EventFrame]) { self.frames = frames }

    public mutating func nextFrame() -> EventFrame? {
        guard index < frames.count else { return nil }
        defer { index += 1 }
        return frames[index]
    }
}

/// One device's recorded frames, ready to replay: its description, where it comes from (for its
/// `DeviceInstance`), how to read its frames, and where on the replay's time line it starts.
public struct ReplaySource {
    /// The device.
    public var description: DeviceDescription
    /// The recording the device comes from, counted from 0 in the order given.
    public var recording: Int
    /// The device's index within its recording.
    public var device: Int
    /// How much later than the replay's start the recording starts.
    public var offset: Duration
    /// The time of the device's last frame when it is known without reading the frames (for a
    /// progress bar).
    public var knownEnd: Timestamp?
    private let makeReader: () throws -> any FrameReader

    /// Creates a source whose frames are read by a reader made for each run.
    /// - Parameters:
    ///   - description: The device.
    ///   - recording: The recording's index.
    ///   - device: The device's index within the recording.
    ///   - offset: How much later than the replay's start the recording starts.
    ///   - makeReader: Opens the device's frames; called once per run.
    public init(
        description: DeviceDescription,
        recording: Int = 0,
        device: Int = 0,
        offset: Duration = .zero,
        reader makeReader: @escaping () throws -> any FrameReader
    ) {
        self.description = description
        self.recording = recording
        self.device = device
        self.offset = offset
        self.makeReader = makeReader
    }

    /// Creates a source from frames in memory.
    public init(
        description: DeviceDescription,
        frames: [EventFrame],
        recording: Int = 0,
        device: Int = 0,
        offset: Duration = .zero
    ) {
        self.init(description: description, recording: recording, device: device, offset: offset) {
            ArrayFrameReader(frames)
        }
        knownEnd = frames.last.map { $0.time + offset }
    }

    /// Opens the frames for one run.
    func openReader() throws -> any FrameReader { try makeReader() }
}

/// Plays recorded frames through a ``Runtime``: several devices merged in time order, deadlines
/// firing when the next frame's time passes them, exactly as live input would.
///
/// The merge holds one frame of lookahead per device, so memory does not grow with the length of
/// the recordings. Each device is added just before its first frame and removed just after its
/// last; steps at the same time keep the order of the sources, and each source its own order.
///
/// ```swift
/// let replay = Replay(sources: [ReplaySource(description: mouse, frames: frames)])
/// try replay.run(through: runtime) { events in for event in events { print(event.textLine() ?? "") } }
/// ```
public struct Replay {
    /// One step of the merged time line.
    public struct Step {
        /// What happens.
        public enum Action {
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

    /// The merged steps of every source, read as they are needed.
    public struct Steps {
        private struct Lane {
            var reader: any FrameReader
            /// The source's offset in microseconds, converted once: a `Duration`'s conversion costs
            /// a 128-bit division, too much for every event.
            var offsetMicroseconds: Int64
            /// The next frame, already moved onto the replay's time line.
            var next: EventFrame?
            var isAdded = false
            var lastTime: Timestamp?
            var isFinished = false
        }

        private var lanes: [Lane]
        /// The lanes with a step to come, as a binary min-heap on (time of that step, lane): the
        /// earliest step is found in time logarithmic in the number of lanes, so that a replay of
        /// thousands of files costs per frame what a replay of one does (a scan of every lane
        /// made 5,000 files take minutes). The lane breaks ties, as the first such lane did. The
        /// heap holds each step's time itself: reading it from the lane's frame on every
        /// comparison took a fifth of a 5,000-file replay, in cache misses.
        private var queue: DeadlineQueue<Int>
        /// The lane whose frame was handed on last: it is read further at the next call, so that
        /// the frame is no longer held when its reader reuses its storage, and a problem after it
        /// is thrown after it was handed on.
        private var handedOn: Int?

        init(_ sources: [ReplaySource]) throws {
            lanes = []
            lanes.reserveCapacity(sources.count)
            queue = DeadlineQueue(capacity: sources.count)
            for source in sources {
                var lane = Lane(reader: try source.openReader(), offsetMicroseconds: source.offset.wholeMicroseconds)
                lane.next = try Self.read(&lane)
                lane.isFinished = lane.next == nil
                lanes.append(lane)
                if !lane.isFinished { push(lanes.count - 1) }
            }
        }

        /// The time of a lane's coming step: its next frame's, or its last frame's for its removal.
        private func stepTime(_ lane: Int) -> Timestamp {
            lanes[lane].next?.time ?? lanes[lane].lastTime ?? .zero
        }

        private mutating func push(_ lane: Int) {
            queue.schedule(item: lane, at: stepTime(lane), order: lane)
        }

        /// The lane whose coming step is earliest (the first such lane on a tie), taken out of the
        /// queue. A lane has one entry at most, so none is ever stale.
        private mutating func popFirst() -> Int? {
            guard let (_, lane) = queue.first(where: { _, _ in true }) else { return nil }
            queue.removeFirst()
            return lane
        }

        private static func read(_ lane: inout Lane) throws -> EventFrame? {
            guard var frame = try lane.reader.nextFrame() else { return nil }
            if lane.offsetMicroseconds != 0 {
                for index in frame.events.indices {
                    frame.events[index].time.microseconds += lane.offsetMicroseconds
                }
            }
            return frame
        }

        /// The next step in time order, or nil when every source is done.
        /// - Throws: What a source's reader throws.
        public mutating func next() throws -> Step? {
            if let index = handedOn {
                handedOn = nil
                lanes[index].next = try Self.read(&lanes[index])
                push(index)
            }
            // The lane whose next step is earliest; the first such lane on a tie.
            guard let index = popFirst() else { return nil }
            let bestTime = stepTime(index)
            if !lanes[index].isAdded {
                lanes[index].isAdded = true
                // Its first frame comes next, at the same time.
                push(index)
                return Step(time: bestTime, source: index, action: .add)
            }
            guard let frame = lanes[index].next else {
                lanes[index].isFinished = true
                return Step(time: bestTime, source: index, action: .remove)
            }
            lanes[index].lastTime = frame.time
            lanes[index].next = nil
            handedOn = index
            return Step(time: frame.time, source: index, action: .frame(frame))
        }
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

    /// Opens every source and returns the merged steps.
    /// - Throws: What a source throws when it is opened.
    public func makeSteps() throws -> Steps { try Steps(sources) }

    /// The time of the earliest source's start (zero unless every source is offset).
    public var startTime: Timestamp {
        Timestamp.zero + (sources.map(\.offset).min() ?? .zero)
    }

    /// When the last frame of any source happens, when every source knows it without reading.
    public var knownEnd: Timestamp? {
        var end: Timestamp?
        for source in sources {
            guard let last = source.knownEnd else { return nil }
            end = max(end ?? last, last)
        }
        return end
    }

    /// The device instance the runtime knows a source by.
    public func instance(of source: Int) -> DeviceInstance {
        let replayed = sources[source]
        return .replayed(
            DeviceID(rawValue: source), name: replayed.description.name, recording: replayed.recording,
            device: replayed.device)
    }

    /// Runs the replay through a runtime, handing the events of each step to `afterStep` as they
    /// happen; nothing is kept, so a replay of any length runs in the same memory.
    ///
    /// - Parameters:
    ///   - runtime: The runtime to feed. Sources are added as `DeviceID`s 0, 1, … in source order.
    ///   - prepareFrame: Called with each frame and the index of its source before the runtime
    ///     sees it: to look at the raw frame (a report draws its contacts), or to change it (hide
    ///     typed keys).
    ///   - beforeStep: Called with each step's time before it runs (to wait in a real-time replay,
    ///     or to draw progress).
    ///   - afterStep: Called after each step with the events it produced (a buffer reused for the
    ///     next step: copy what must be kept).
    /// - Throws: What a source's reader throws, the events before it having been handed on; or
    ///   what `beforeStep` or `afterStep` throws, which ends the replay there (the output cannot
    ///   be written, say).
    public func run(
        through runtime: Runtime,
        prepareFrame: (_ source: Int, _ frame: inout EventFrame) -> Void = { _, _ in },
        beforeStep: (Timestamp) throws -> Void = { _ in },
        afterStep: ([WayfinderEvent]) throws -> Void = { _ in }
    ) throws {
        var steps = try makeSteps()
        var produced: [WayfinderEvent] = []
        produced.reserveCapacity(64)
        var end = startTime
        while let step = try steps.next() {
            try beforeStep(step.time)
            produced.removeAll(keepingCapacity: true)
            let device = DeviceID(rawValue: step.source)
            switch step.action {
            case .add:
                runtime.addDevice(
                    instance(of: step.source), description: sources[step.source].description, at: step.time,
                    into: &produced)
            case .frame(var frame):
                prepareFrame(step.source, &frame)
                runtime.process(frame, from: device, into: &produced)
            case .remove:
                runtime.removeDevice(device, at: step.time, into: &produced)
            }
            try afterStep(produced)
            end = step.time
        }
        let settled = end + Self.settleDuration
        var previous: Timestamp?
        while let deadline = runtime.nextDeadline, deadline <= settled {
            // A deadline that does not move after firing would never let the replay end.
            if let previous, deadline <= previous { break }
            previous = deadline
            try beforeStep(deadline)
            produced.removeAll(keepingCapacity: true)
            runtime.advance(to: deadline, into: &produced)
            try afterStep(produced)
        }
    }

    /// Runs the replay through a runtime and returns every event in order (for tests and short
    /// recordings; ``run(through:prepareFrame:beforeStep:afterStep:)`` streams).
    /// - Throws: What a source's reader throws.
    public func events(through runtime: Runtime) throws -> [WayfinderEvent] {
        var events: [WayfinderEvent] = []
        try run(through: runtime, afterStep: { events += $0 })
        return events
    }
}
