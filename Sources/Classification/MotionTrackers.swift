import Geometry

#if canImport(Glibc)
    import Glibc
#endif

/// The speed of a pointer as libinput measures it for acceleration (`filter.c`'s trackers): each
/// motion event starts a tracker, every tracker adds up the deltas since it started, and the
/// speed is the distance of the most recent trackers over their time, as far back as they stay
/// within a second, in one direction and at a similar speed.
///
/// Deltas are in the units the profile works in (1000-dpi counts for a mouse, device units on the
/// x axis's resolution for a touchpad); times are whole microseconds; speeds are units per
/// microsecond. The storage is fixed when the trackers are made: feeding allocates nothing.
struct MotionTrackers: Hashable, Sendable {
    /// Trackers older than this do not count: libinput's `MOTION_TIMEOUT`, 1 s (`filter.c`).
    static let motionTimeout: Int64 = 1_000_000
    /// A tracker whose speed differs from the most recent one's by more than this ends the
    /// average: libinput's `MAX_VELOCITY_DIFF`, 1 unit per ms (`filter.c`).
    static let maximumSpeedDifference = 1.0 / 1000
    /// libinput's tracker count without its velocity-averaging quirk (`filter-mouse.c`,
    /// `filter-touchpad.c`, `filter-trackpoint.c`: `use_velocity_averaging ? 16 : 2`): the speed
    /// is that of the latest event alone.
    static let defaultCount = 2
    /// The time of a tracker that has seen nothing: long before any event. libinput's trackers
    /// start at time 0 of a monotonic clock that is well past a second by the first event; a
    /// recording's times may start at 0, so "long ago" is written out.
    static let longAgo: Int64 = -(1 << 50)

    /// A time interval shorter than `threshold` counts as `value` (libinput's
    /// `pointer_delta_smoothener`, in microseconds), for devices whose events arrive in bursts.
    struct Smoothing: Hashable, Sendable {
        var threshold: Int64
        var value: Int64
    }

    /// One tracker: the deltas added up since it started, when it started, and the compass
    /// directions of the delta that started it.
    private struct Tracker: Hashable, Sendable {
        // Written out rather than `.zero`: a static of another module is a call per use.
        var delta = Vector(x: 0, y: 0)
        var time = MotionTrackers.longAgo
        var direction: UInt8 = 0
    }

    // One array of trackers rather than one per field: feeding checks once that the storage is
    // not shared, where three arrays checked at every write. Empty for the default two trackers,
    // which are `evenTracker` and `oddTracker`.
    private var trackers: [Tracker]
    /// The default two trackers (index 0 and index 1), kept inline: feeding them writes two
    /// stored properties, where an array checks first that its storage is not shared.
    private var evenTracker = Tracker()
    private var oddTracker = Tracker()
    /// Whether there are two trackers, kept inline.
    private let isPair: Bool
    private let count: Int
    private var current = 0
    private let smoothing: Smoothing?

    /// Creates `count` empty trackers (long ago, no direction), as libinput's are.
    init(count: Int = MotionTrackers.defaultCount, smoothing: Smoothing? = nil) {
        isPair = count == 2
        trackers = isPair ? [] : [Tracker](repeating: Tracker(), count: count)
        self.count = count
        self.smoothing = smoothing
    }

    /// The tracker `offset` places older than the current one (`offset < count`).
    private func index(offset: Int) -> Int {
        let index = current - offset
        return index < 0 ? index + count : index
    }

    /// Forgets the motion so far: the next speed is measured from `time` (libinput's
    /// `trackers_reset`, when a touch begins).
    mutating func reset(at time: Int64) {
        if isPair {
            if current == 0 {
                oddTracker = Tracker()
                evenTracker.time = time
                evenTracker.direction = CompassDirections.undefined
            } else {
                evenTracker = Tracker()
                oddTracker.time = time
                oddTracker.direction = CompassDirections.undefined
            }
            return
        }
        let current = current
        trackers.withUnsafeMutableBufferPointer { trackers in
            for tracker in trackers.indices where tracker != current { trackers[tracker] = Tracker() }
            trackers[current].time = time
            trackers[current].direction = CompassDirections.undefined
        }
    }

    /// Adds a motion event's delta at `time` (libinput's `trackers_feed`).
    ///
    /// Inlined where it is called, with the default two trackers' path: every motion event of a
    /// mouse or touchpad feeds them, and a call of its own cost as much as the feeding.
    @inline(__always)
    mutating func feed(_ delta: Vector, at time: Int64) {
        guard isPair else { return feedEveryTracker(delta, at: time) }
        // With two trackers the speed is the latest movement's whatever the directions (a change
        // of direction keeps the newest tracker's speed too): the newest tracker's direction is
        // not worked out. It starts afresh; only the other one adds the delta up.
        let newest = Tracker(delta: Vector(x: 0, y: 0), time: time, direction: CompassDirections.undefined)
        if current == 0 {
            current = 1
            evenTracker.delta = evenTracker.delta + delta
            oddTracker = newest
        } else {
            current = 0
            oddTracker.delta = oddTracker.delta + delta
            evenTracker = newest
        }
    }

    /// `feed(_:at:)` with more than two trackers, kept out of line: the default two are fed
    /// where `feed` is called.
    @inline(never)
    private mutating func feedEveryTracker(_ delta: Vector, at time: Int64) {
        current = current + 1 == count ? 0 : current + 1
        // The angle is only worked out when there are older trackers to stop at.
        let newest = Tracker(
            delta: Vector(x: 0, y: 0), time: time,
            direction: count > 2 ? CompassDirections.of(delta) : CompassDirections.undefined)
        let current = current
        trackers.withUnsafeMutableBufferPointer { trackers in
            for tracker in trackers.indices { trackers[tracker].delta = trackers[tracker].delta + delta }
            trackers[current] = newest
        }
    }

    private func speed(of tracker: Tracker, at time: Int64) -> Double {
        var interval = time - tracker.time + 1
        if let smoothing, interval < smoothing.threshold { interval = smoothing.value }
        return tracker.delta.length / Double(interval)
    }

    /// The speed at `time`, in units per microsecond (libinput's `trackers_velocity`): the
    /// oldest tracker that is less than a second old, in a direction shared by every newer one,
    /// and within `maximumSpeedDifference` of the newest; the first motion after a second of rest
    /// is measured over the whole second.
    func speed(at time: Int64) -> Double {
        var trackers = self
        return trackers.speedInPlace(at: time)
    }

    /// `speed(at:)`, read where the trackers are. It is `mutating` although it changes nothing:
    /// called from a mutating method, a non-mutating one gets a copy of the trackers, and that
    /// copy, read right after `feed` wrote them, waits for those stores to complete.
    ///
    /// Inlined where it is called, with the default two trackers' path, as `feed` is.
    @inline(__always)
    mutating func speedInPlace(at time: Int64) -> Double {
        if isPair { return latestSpeed(at: time) }
        return speedOfEveryTracker(at: time)
    }

    /// `speedInPlace(at:)` with more than two trackers, kept out of line as `feedEveryTracker` is.
    @inline(never)
    private mutating func speedOfEveryTracker(at time: Int64) -> Double {
        var result = 0.0
        var initial = 0.0
        var direction = trackers[current].direction
        for offset in 1..<count {
            let tracker = trackers[index(offset: offset)]
            if tracker.time > time { break }
            if time - tracker.time > Self.motionTimeout {
                if offset == 1 { result = speed(of: tracker, at: tracker.time + Self.motionTimeout) }
                break
            }
            let speed = speed(of: tracker, at: time)
            direction &= tracker.direction
            if direction == 0 {
                if offset == 1 { result = speed }
                break
            }
            if initial == 0 {
                initial = speed
                result = speed
            } else {
                if abs(initial - speed) > Self.maximumSpeedDifference { break }
                result = speed
            }
        }
        return result
    }

    /// `speed(at:)` with the default two trackers: the older tracker's speed, which is the
    /// latest movement's (whatever its direction, since the newest tracker's is undefined, and
    /// with no older tracker to compare it with).
    @inline(__always)
    private mutating func latestSpeed(at time: Int64) -> Double {
        let older = current == 0 ? oddTracker : evenTracker
        if older.time > time { return 0 }
        if time - older.time > Self.motionTimeout { return speed(of: older, at: older.time + Self.motionTimeout) }
        return speed(of: older, at: time)
    }
}

/// The eight compass directions a delta may point in, as bits (north first, clockwise), as
/// libinput marks its trackers (`xy_get_direction`, in `libinput-private.h`).
enum CompassDirections {
    /// Any direction: a tracker reset marks the newest tracker so.
    static let undefined: UInt8 = 0xff

    /// The one or two octants closest to the delta's direction; a delta shorter than 2 units on
    /// both axes marks the three octants around its quadrant or axis, since its angle means
    /// little.
    static func of(_ delta: Vector) -> UInt8 {
        let (x, y) = (delta.x, delta.y)
        let north: UInt8 = 1 << 0
        let northEast: UInt8 = 1 << 1
        let east: UInt8 = 1 << 2
        let southEast: UInt8 = 1 << 3
        let south: UInt8 = 1 << 4
        let southWest: UInt8 = 1 << 5
        let west: UInt8 = 1 << 6
        let northWest: UInt8 = 1 << 7
        if abs(x) < 2, abs(y) < 2 {
            if x > 0, y > 0 { return south | southEast | east }
            if x > 0, y < 0 { return north | northEast | east }
            if x < 0, y > 0 { return south | southWest | west }
            if x < 0, y < 0 { return north | northWest | west }
            if x > 0 { return northEast | east | southEast }
            if x < 0 { return northWest | west | southWest }
            if y > 0 { return southEast | south | southWest }
            if y < 0 { return northEast | north | northWest }
            return undefined
        }
        // The angle in eighths of a turn from north, clockwise (y grows downward): [0, 8).
        var turn = atan2(y, x) + 2.5 * Double.pi
        turn = turn.truncatingRemainder(dividingBy: 2 * Double.pi)
        turn *= 4 / Double.pi
        let first = Int(turn + 0.9) % 8
        let second = Int(turn + 0.1) % 8
        return UInt8(1 << first) | UInt8(1 << second)
    }
}
