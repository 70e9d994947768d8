internal import CEvdev
import InputEvents

extension DeviceDescription {
    /// Creates a description from a libevdev context: name, identity, properties, codes, axis
    /// ranges, and the LEDs and switches that are on.
    init(libevdevContext context: OpaquePointer, udevProperties: [String: String]) {
        let name = libevdev_get_name(context).map { String(cString: $0) } ?? ""
        let identity = DeviceIdentity(
            busType: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(context)),
            vendorID: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(context)),
            productID: UInt16(truncatingIfNeeded: libevdev_get_id_product(context)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(context))
        )
        var properties: Set<InputProperty> = []
        for property in 0...InputProperty.maximum.rawValue where libevdev_has_property(context, UInt32(property)) != 0 {
            properties.insert(InputProperty(rawValue: property))
        }
        var supportedCodes: [EventType: Set<UInt16>] = [.synchronization: []]
        var absoluteAxes: [AbsoluteAxis: AbsoluteAxisInfo] = [:]
        var ledStates: [UInt16: Int32] = [:]
        var switchStates: [UInt16: Int32] = [:]
        for typeValue in 0...EventType.maximum.rawValue where libevdev_has_event_type(context, UInt32(typeValue)) != 0 {
            let type = EventType(rawValue: typeValue)
            let maximum = libevdev_event_type_get_max(UInt32(typeValue))
            var codes: Set<UInt16> = []
            if maximum >= 0 {
                for code in 0...UInt16(clamping: maximum)
                where libevdev_has_event_code(context, UInt32(typeValue), UInt32(code)) != 0 {
                    codes.insert(code)
                    let value = libevdev_get_event_value(context, UInt32(typeValue), UInt32(code))
                    switch type {
                    case .absolute:
                        if let info = libevdev_get_abs_info(context, UInt32(code))?.pointee {
                            absoluteAxes[AbsoluteAxis(rawValue: code)] = AbsoluteAxisInfo(
                                value: info.value,
                                minimum: info.minimum,
                                maximum: info.maximum,
                                fuzz: info.fuzz,
                                flat: info.flat,
                                resolution: info.resolution
                            )
                        }
                    case .led where value != 0: ledStates[code] = value
                    case .switch where value != 0: switchStates[code] = value
                    default: break
                    }
                }
            }
            supportedCodes[type, default: []].formUnion(codes)
        }
        self.init(
            name: name,
            identity: identity,
            properties: properties,
            supportedCodes: supportedCodes,
            absoluteAxes: absoluteAxes,
            ledStates: ledStates,
            switchStates: switchStates,
            udevProperties: udevProperties,
            physicalPath: libevdev_get_phys(context).map { String(cString: $0) }
        )
    }

    /// Returns a new libevdev context (`libevdev_new`) set up to match this description, or nil
    /// when libevdev cannot allocate one. The caller frees it with `libevdev_free`.
    func makeLibevdevContext() -> OpaquePointer? {
        guard let context = libevdev_new() else { return nil }
        libevdev_set_name(context, name)
        libevdev_set_id_bustype(context, Int32(identity.busType))
        libevdev_set_id_vendor(context, Int32(identity.vendorID))
        libevdev_set_id_product(context, Int32(identity.productID))
        libevdev_set_id_version(context, Int32(identity.version))
        for property in properties.sorted() {
            libevdev_enable_property(context, UInt32(property.rawValue))
        }
        for (type, codes) in supportedCodes.sorted(by: { $0.key < $1.key }) {
            libevdev_enable_event_type(context, UInt32(type.rawValue))
            for code in codes.sorted() {
                switch type {
                case .absolute:
                    let info = absoluteAxes[AbsoluteAxis(rawValue: code)] ?? AbsoluteAxisInfo(minimum: 0, maximum: 0)
                    var raw = input_absinfo(
                        value: info.value,
                        minimum: info.minimum,
                        maximum: info.maximum,
                        fuzz: info.fuzz,
                        flat: info.flat,
                        resolution: info.resolution
                    )
                    libevdev_enable_event_code(context, UInt32(type.rawValue), UInt32(code), &raw)
                case .autorepeat:
                    var value: Int32 = 0
                    libevdev_enable_event_code(context, UInt32(type.rawValue), UInt32(code), &value)
                default:
                    libevdev_enable_event_code(context, UInt32(type.rawValue), UInt32(code), nil)
                }
            }
        }
        for (code, value) in ledStates {
            libevdev_set_event_value(context, UInt32(EventType.led.rawValue), UInt32(code), value)
        }
        for (code, value) in switchStates {
            libevdev_set_event_value(context, UInt32(EventType.switch.rawValue), UInt32(code), value)
        }
        return context
    }
}

extension DeviceDescription {
    /// Calls a closure with a libevdev context made from this description, then frees it.
    /// Returns nil when libevdev cannot allocate a context.
    func withLibevdevContext<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
        guard let context = makeLibevdevContext() else { return nil }
        defer { libevdev_free(context) }
        return body(context)
    }
}
