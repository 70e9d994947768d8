import InputEvents

/// The raw values of the kernel codes that the per-event paths compare against, read once from
/// `InputEvents` when a part is created.
///
/// `InputEvents` declares its codes as `static let`s. From another module every use of one is a
/// call to its accessor, and a `switch` over them makes several such calls per event; held as
/// stored values, a comparison is a load. The values are still defined only in `InputEvents`.
struct KernelCodes: Hashable, Sendable {
    // Event types.
    let synchronization = EventType.synchronization
    let key = EventType.key
    let relative = EventType.relative
    let absolute = EventType.absolute
    // Synchronization codes.
    let report = SynchronizationCode.report.rawValue
    let contactReport = SynchronizationCode.multitouchReport.rawValue
    // Keys and buttons.
    let firstButton = KeyCode.firstButton.rawValue
    let leftButton = KeyCode.leftButton.rawValue
    let taskButton = KeyCode.taskButton.rawValue
    let touch = KeyCode.touch.rawValue
    let toolFinger = KeyCode.toolFinger.rawValue
    let toolDoubleTap = KeyCode.toolDoubleTap.rawValue
    let toolTripleTap = KeyCode.toolTripleTap.rawValue
    let toolQuadTap = KeyCode.toolQuadTap.rawValue
    let toolQuintTap = KeyCode.toolQuintTap.rawValue
    // Relative axes.
    let relativeX = RelativeAxis.x.rawValue
    let relativeY = RelativeAxis.y.rawValue
    let wheel = RelativeAxis.wheel.rawValue
    let wheelHighResolution = RelativeAxis.wheelHighResolution.rawValue
    let horizontalWheel = RelativeAxis.horizontalWheel.rawValue
    let horizontalWheelHighResolution = RelativeAxis.horizontalWheelHighResolution.rawValue
    // Absolute axes.
    let absoluteX = AbsoluteAxis.x.rawValue
    let absoluteY = AbsoluteAxis.y.rawValue
    let slot = AbsoluteAxis.multitouchSlot.rawValue
    let trackingID = AbsoluteAxis.multitouchTrackingID.rawValue
    let positionX = AbsoluteAxis.multitouchPositionX.rawValue
    let positionY = AbsoluteAxis.multitouchPositionY.rawValue
    let pressure = AbsoluteAxis.multitouchPressure.rawValue
    let toolType = AbsoluteAxis.multitouchToolType.rawValue
}

/// The values of a key event (`EV_KEY`). The kernel documents them (in `input.rst`) without
/// naming them.
enum KeyEventValue {
    /// The key came up.
    static let released: Int32 = 0
    /// The key went down.
    static let pressed: Int32 = 1
    /// The kernel's autorepeat while the key is held.
    static let autorepeat: Int32 = 2
    /// The value of a `SYN_REPORT` that ends a frame the kernel made up itself (autorepeat, or the
    /// releases it sends when a device goes away).
    static let syntheticReport: Int32 = 1
}
