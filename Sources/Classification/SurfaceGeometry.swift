import Geometry
import InputEvents

/// Converts between device units and millimetres or fractions of a touch surface.
struct SurfaceGeometry: Hashable, Sendable {
    let minimumX: Int32
    let maximumX: Int32
    let minimumY: Int32
    let maximumY: Int32
    /// Device units per millimetre.
    let unitsPerMillimetreX: Double
    let unitsPerMillimetreY: Double
    /// Whether the units per millimetre came from the device (its resolution) rather than a guess.
    let hasResolution: Bool

    /// Reads the surface from the device's position axes (`ABS_MT_POSITION_X`/`Y`, else
    /// `ABS_X`/`Y`); a device without a resolution is assumed to measure `fallbackSize`.
    init(device: DeviceDescription, fallbackSize: PhysicalSize) {
        let xInfo =
            device.absoluteAxes[.multitouchPositionX] ?? device.absoluteAxes[.x]
            ?? AbsoluteAxisInfo(minimum: 0, maximum: 1)
        let yInfo =
            device.absoluteAxes[.multitouchPositionY] ?? device.absoluteAxes[.y]
            ?? AbsoluteAxisInfo(minimum: 0, maximum: 1)
        // A range the device got wrong (maximum not above minimum) becomes one unit wide rather
        // than dividing by zero.
        minimumX = min(xInfo.minimum, Int32.max - 1)
        maximumX = max(xInfo.maximum, minimumX + 1)
        minimumY = min(yInfo.minimum, Int32.max - 1)
        maximumY = max(yInfo.maximum, minimumY + 1)
        let width = Double(maximumX) - Double(minimumX)
        let height = Double(maximumY) - Double(minimumY)
        if xInfo.resolution > 0, yInfo.resolution > 0 {
            unitsPerMillimetreX = Double(xInfo.resolution)
            unitsPerMillimetreY = Double(yInfo.resolution)
            hasResolution = true
        } else {
            unitsPerMillimetreX = width / max(fallbackSize.width, 1)
            unitsPerMillimetreY = height / max(fallbackSize.height, 1)
            hasResolution = false
        }
    }

    /// The surface's size in millimetres.
    var size: PhysicalSize {
        PhysicalSize(
            width: (Double(maximumX) - Double(minimumX)) / unitsPerMillimetreX,
            height: (Double(maximumY) - Double(minimumY)) / unitsPerMillimetreY
        )
    }

    /// A position in device units as millimetres from the surface's top-left corner.
    func millimetres(x: Int32, y: Int32) -> Vector {
        Vector(
            x: (Double(x) - Double(minimumX)) / unitsPerMillimetreX,
            y: (Double(y) - Double(minimumY)) / unitsPerMillimetreY
        )
    }

    /// A position in device units as a fraction of the surface (0 … 1 on each axis).
    func fraction(x: Int32, y: Int32) -> Vector {
        Vector(
            x: (Double(x) - Double(minimumX)) / (Double(maximumX) - Double(minimumX)),
            y: (Double(y) - Double(minimumY)) / (Double(maximumY) - Double(minimumY))
        )
    }
}
