public import Geometry
public import InputEvents

/// The path of one contact on a touch surface, as the device reported it: where it went, in
/// millimetres from the surface's top-left corner (device units when the size is unknown).
///
/// A path counts every point the recording holds but keeps at most
/// ``ContactPaths/maximumDrawnPoints`` of them for drawing: when it would hold more, every other
/// point is dropped and from then on only every second (fourth, …) point is kept, so that a
/// contact resting for ten minutes costs as much as one resting for ten seconds.
public struct ContactPath: Hashable, Sendable {
    /// The contact's number on its device, counted from 1 in the order contacts landed.
    public var number: Int
    /// When it landed and when it lifted (the last point's time while it is down).
    public var start: Timestamp
    public var end: Timestamp
    /// How many points the recording holds for it: one for the frame it landed in, one for each
    /// later frame that moved it.
    public var pointCount = 0
    /// The points kept for drawing, first and last included.
    public private(set) var drawnPoints: [Vector] = []
    /// Whether the device marked it a palm (`ABS_MT_TOOL_TYPE` `MT_TOOL_PALM`) at some point.
    public var wasPalm = false
    /// Every how many points one is kept.
    private var stride = 1
    /// The last point, kept even when thinning drops it, so that the path ends where it ended.
    private var last: Vector?
    private var isLastDrawn = false

    /// Creates a path that landed at `time`.
    init(number: Int, start: Timestamp) {
        self.number = number
        self.start = start
        self.end = start
    }

    /// The points drawn: the kept ones and the last.
    public var points: [Vector] {
        guard let last, !isLastDrawn else { return drawnPoints }
        return drawnPoints + [last]
    }

    /// Adds a point.
    mutating func append(_ point: Vector, at time: Timestamp) {
        end = time
        defer { pointCount += 1 }
        last = point
        guard pointCount % stride == 0 else {
            isLastDrawn = false
            return
        }
        if drawnPoints.count == ContactPaths.maximumDrawnPoints {
            drawnPoints = drawnPoints.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
            guard pointCount % stride == 0 else {
                isLastDrawn = false
                return
            }
        }
        drawnPoints.append(point)
        isLastDrawn = true
    }
}

/// The contacts of one touch device, followed through its raw frames: multitouch slots
/// (`ABS_MT_SLOT`, `ABS_MT_TRACKING_ID`, `ABS_MT_POSITION_X/Y`) or, on a device without them, the
/// single contact of `BTN_TOUCH` with `ABS_X/Y`.
///
/// This reads what the device said, not what a classifier made of it: the picture of a session
/// shows the fingers, and the stream's events say what they meant.
public struct ContactPaths: Sendable {
    /// The most points a path keeps for drawing (see ``ContactPath``): enough for a smooth line
    /// across a surface, few enough that a ten-minute session draws in a few megabytes.
    public static let maximumDrawnPoints = 500

    /// The size the paths are measured in: millimetres when ``isInMillimetres``.
    public let size: Size
    /// Whether ``size`` and the points are millimetres (the device gave its resolution), or
    /// device units.
    public let isInMillimetres: Bool
    /// Every contact, in the order they landed.
    public private(set) var paths: [ContactPath] = []

    private struct Slot {
        var path: Int?
        var x: Int32 = 0
        var y: Int32 = 0
        var moved = false
    }

    private let isMultitouch: Bool
    private let minimumX: Double
    private let minimumY: Double
    private let unitsPerX: Double
    private let unitsPerY: Double
    private var slots: [Slot]
    private var currentSlot = 0
    private var touching = false

    /// Follows the contacts of a device; nil for a device with no absolute position axes.
    public init?(device: DeviceDescription) {
        let multitouch = device.absoluteAxes[.multitouchPositionX].flatMap { x in
            device.absoluteAxes[.multitouchPositionY].map { (x, $0) }
        }
        let single = device.absoluteAxes[.x].flatMap { x in device.absoluteAxes[.y].map { (x, $0) } }
        guard let (x, y) = multitouch ?? single, x.span > 0, y.span > 0 else { return nil }
        isMultitouch = multitouch != nil
        minimumX = Double(x.minimum)
        minimumY = Double(y.minimum)
        if let physical = device.physicalSize, physical.width > 0, physical.height > 0 {
            isInMillimetres = true
            size = Size(width: physical.width, height: physical.height)
            unitsPerX = Double(x.span) / physical.width
            unitsPerY = Double(y.span) / physical.height
        } else {
            isInMillimetres = false
            size = Size(width: Double(x.span), height: Double(y.span))
            unitsPerX = 1
            unitsPerY = 1
        }
        let slotCount = isMultitouch ? Int(max(0, device.absoluteAxes[.multitouchSlot]?.maximum ?? 0)) + 1 : 1
        slots = Array(repeating: Slot(), count: min(slotCount, 64))
    }

    /// The centre of the contacts on the surface now, or where the last one lifted; nil before
    /// any contact.
    public var currentCentre: Vector? {
        var sum = Vector.zero
        var count = 0.0
        for slot in slots {
            guard let index = slot.path, let point = paths[index].points.last else { continue }
            sum = sum + point
            count += 1
        }
        if count > 0 { return Vector(x: sum.x / count, y: sum.y / count) }
        return paths.last?.points.last
    }

    /// Follows one frame.
    public mutating func follow(_ frame: EventFrame) {
        let time = frame.time
        for event in frame.events {
            switch event.type {
            case .absolute:
                follow(axis: AbsoluteAxis(rawValue: event.code), value: event.value, at: time)
            case .key where !isMultitouch && event.code == KeyCode.touch.rawValue:
                if event.value != 0 && !touching {
                    touching = true
                    slots[0].path = startPath(at: time)
                    slots[0].moved = true
                } else if event.value == 0 && touching {
                    touching = false
                    slots[0].path = nil
                }
            default:
                break
            }
        }
        for index in slots.indices where slots[index].moved {
            slots[index].moved = false
            guard let path = slots[index].path else { continue }
            let point = Vector(
                x: (Double(slots[index].x) - minimumX) / unitsPerX, y: (Double(slots[index].y) - minimumY) / unitsPerY)
            paths[path].append(point, at: time)
        }
    }

    private mutating func follow(axis: AbsoluteAxis, value: Int32, at time: Timestamp) {
        if isMultitouch {
            switch axis {
            case .multitouchSlot:
                currentSlot = Int(value)
            case .multitouchTrackingID where slots.indices.contains(currentSlot):
                if value >= 0 {
                    slots[currentSlot].path = startPath(at: time)
                    slots[currentSlot].moved = true
                } else {
                    slots[currentSlot].path = nil
                }
            case .multitouchPositionX where slots.indices.contains(currentSlot):
                slots[currentSlot].x = value
                slots[currentSlot].moved = true
            case .multitouchPositionY where slots.indices.contains(currentSlot):
                slots[currentSlot].y = value
                slots[currentSlot].moved = true
            case .multitouchToolType where slots.indices.contains(currentSlot):
                // MT_TOOL_PALM
                if value == 2, let path = slots[currentSlot].path { paths[path].wasPalm = true }
            default:
                break
            }
        } else {
            switch axis {
            case .x:
                slots[0].x = value
                slots[0].moved = touching
            case .y:
                slots[0].y = value
                slots[0].moved = touching
            default:
                break
            }
        }
    }

    private mutating func startPath(at time: Timestamp) -> Int {
        paths.append(ContactPath(number: paths.count + 1, start: time))
        return paths.count - 1
    }
}
