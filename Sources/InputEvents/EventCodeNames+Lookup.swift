/// The kernel's names for event types, codes and device properties, both ways.
///
/// The names are those of the kernel headers, resolved the way libevdev prints them: where the
/// headers give one value several names (`BTN_MOUSE` and `BTN_LEFT`), ``name(of:code:)`` returns
/// the one libevdev prints (`BTN_LEFT`), and ``code(named:)`` accepts every name.
///
/// ```swift
/// EventCodeNames.name(of: .key, code: 0x110)  // "BTN_LEFT"
/// EventCodeNames.code(named: "ABS_MT_SLOT")   // (.absolute, 0x2f)
/// EventType(name: "EV_REL")?.name             // "EV_REL"
/// ```
///
/// The tables are generated from `input-event-codes.h` and `input.h` by
/// `Scripts/generate-event-codes`.
public enum EventCodeNames {
    /// Returns the kernel name of a code of an event type, or nil when the headers define none.
    ///
    /// Lookup is an array index: cheap enough for every event of a recording.
    /// - Parameters:
    ///   - type: The event type the code belongs to.
    ///   - code: The code.
    /// - Returns: The name, such as `KEY_A` or `ABS_MT_POSITION_X`, or nil.
    public static func name(of type: EventType, code: UInt16) -> String? {
        guard let table = table(for: type), Int(code) < table.count else { return nil }
        return table[Int(code)]
    }

    /// Returns the event type and code a kernel name stands for, or nil for an unknown name.
    ///
    /// Accepts the names ``name(of:code:)`` returns and the other names the headers define for
    /// the same value (`BTN_MOUSE`, `KEY_MIN_INTERESTING`, `BTN_A`). Names are case-sensitive.
    /// - Parameter name: A kernel name such as `REL_WHEEL` or `SYN_REPORT`.
    /// - Returns: The type and code, or nil.
    public static func code(named name: String) -> (type: EventType, code: UInt16)? {
        guard let entry = codesByName[name] else { return nil }
        return (EventType(rawValue: entry.type), entry.code)
    }

    /// Returns the largest code of an event type that has a name, or nil for a type without codes.
    /// - Parameter type: The event type.
    public static func maximumNamedCode(of type: EventType) -> UInt16? {
        guard let table = table(for: type), let last = table.lastIndex(where: { $0 != nil }) else { return nil }
        return UInt16(last)
    }

    /// Every name ``name(of:code:)`` can return for a type, with its code, in code order.
    /// - Parameter type: The event type.
    public static func allCodes(of type: EventType) -> [(code: UInt16, name: String)] {
        guard let table = table(for: type) else { return [] }
        return table.enumerated().compactMap { index, name in name.map { (UInt16(index), $0) } }
    }

    static func table(for type: EventType) -> [String?]? {
        switch type {
        case .synchronization: synchronizationNames
        case .key: keyNames
        case .relative: relativeNames
        case .absolute: absoluteNames
        case .miscellaneous: miscellaneousNames
        case .switch: switchNames
        case .led: ledNames
        case .sound: soundNames
        case .autorepeat: autorepeatNames
        case .forceFeedback: forceFeedbackNames
        default: nil
        }
    }

    private static let codesByName: [String: (type: UInt16, code: UInt16)] = {
        var result: [String: (type: UInt16, code: UInt16)] = [:]
        for (typeValue, _) in typeNames.enumerated() {
            let type = EventType(rawValue: UInt16(typeValue))
            for (code, name) in allCodes(of: type) { result[name] = (type.rawValue, code) }
        }
        for alias in aliases { result[alias.name] = (alias.type, alias.code) }
        return result
    }()

    fileprivate static let typesByName: [String: UInt16] = {
        var result: [String: UInt16] = [:]
        for (value, name) in typeNames.enumerated() {
            if let name { result[name] = UInt16(value) }
        }
        for alias in typeAliases { result[alias.name] = alias.type }
        return result
    }()

    fileprivate static let propertiesByName: [String: UInt16] = {
        var result: [String: UInt16] = [:]
        for (value, name) in propertyNames.enumerated() {
            if let name { result[name] = UInt16(value) }
        }
        return result
    }()
}

extension EventType {
    /// Creates the event type a kernel name stands for (`EV_KEY`), or nil for an unknown name.
    /// - Parameter name: A kernel name such as `EV_ABS`.
    public init?(name: String) {
        guard let value = EventCodeNames.typesByName[name] else { return nil }
        self.init(rawValue: value)
    }

    /// The kernel name of the type (`EV_KEY`), or nil for a value the headers do not name.
    public var name: String? {
        Int(rawValue) < EventCodeNames.typeNames.count ? EventCodeNames.typeNames[Int(rawValue)] : nil
    }
}

extension InputProperty {
    /// Creates the property a kernel name stands for (`INPUT_PROP_BUTTONPAD`), or nil.
    /// - Parameter name: A kernel name such as `INPUT_PROP_DIRECT`.
    public init?(name: String) {
        guard let value = EventCodeNames.propertiesByName[name] else { return nil }
        self.init(rawValue: value)
    }

    /// The kernel name of the property, or nil for a value the headers do not name.
    public var name: String? {
        Int(rawValue) < EventCodeNames.propertyNames.count ? EventCodeNames.propertyNames[Int(rawValue)] : nil
    }
}

extension InputEvent {
    /// The kernel name of the event's code (`BTN_LEFT`, `ABS_MT_SLOT`), or nil.
    public var codeName: String? { EventCodeNames.name(of: type, code: code) }
}

extension KeyCode {
    /// Creates the key code a kernel name stands for (`KEY_A`, `BTN_LEFT`), or nil.
    /// - Parameter name: A kernel name of an `EV_KEY` code.
    public init?(name: String) {
        guard let entry = EventCodeNames.code(named: name), entry.type == .key else { return nil }
        self.init(rawValue: entry.code)
    }

    /// The kernel name of the key or button (`KEY_A`, `BTN_LEFT`), or nil.
    public var name: String? { EventCodeNames.name(of: .key, code: rawValue) }
}

extension RelativeAxis {
    /// The kernel name of the axis (`REL_WHEEL`), or nil.
    public var name: String? { EventCodeNames.name(of: .relative, code: rawValue) }
}

extension AbsoluteAxis {
    /// The kernel name of the axis (`ABS_MT_POSITION_X`), or nil.
    public var name: String? { EventCodeNames.name(of: .absolute, code: rawValue) }
}
