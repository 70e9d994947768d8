import InputEvents

/// Small formatting helpers shared by the writers (no Foundation `String(format:)`, which is
/// slow and locale-dependent).
enum TextFormatting {
    /// `value` right-aligned in `width` columns, padded with spaces.
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `value` left-aligned in `width` columns, padded with spaces.
    static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Lower-case hexadecimal, zero-padded to `width` digits (C's `%0Nx`).
    static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// C's `%04d`: zero-padded to 4 columns including the sign (`0001`, `-001`, `458792`).
    static func evemuValue(_ value: Int32) -> String {
        let magnitude = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let zeros = max(0, 4 - sign.count - magnitude.count)
        return sign + String(repeating: "0", count: zeros) + magnitude
    }

    /// The comment evemu and libinput record put after an event: kernel names and the value,
    /// and for a `SYN_REPORT` the time since the previous one.
    ///
    /// The milliseconds are counted as evemu counts them: the difference of the two times each
    /// truncated to whole milliseconds (11.509776 → 11.543110 is +34ms).
    static func eventComment(_ event: InputEvent, at time: Timestamp, lastReport: Timestamp) -> String {
        if event.isReport {
            let milliseconds = time.microseconds / 1000 - lastReport.microseconds / 1000
            return "------------ SYN_REPORT (\(event.value)) ---------- +\(milliseconds)ms"
        }
        if event.type == .synchronization && event.code == SynchronizationCode.multitouchReport.rawValue {
            return "++++++++++++ SYN_MT_REPORT (\(event.value)) ++++++++++"
        }
        let type = event.type.name ?? "EV_\(event.type.rawValue)"
        let code = event.codeName ?? "?"
        return "\(type) / \(padRight(code, 20)) \(event.value)"
    }

    /// A YAML double-quoted scalar.
    static func yamlQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // Line breaks to YAML 1.1 as well, which a quoted scalar would fold into a space.
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if isYAMLPrintable(scalar) {
                    result.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xff {
                    result += "\\x" + hex(scalar.value, width: 2)
                } else {
                    result += "\\u" + hex(scalar.value, width: 4)
                }
            }
        }
        return result + "\""
    }

    /// Whether YAML can carry a character as it is (its `c-printable`): tab, line breaks and
    /// everything but the C0 and C1 control characters, DEL, U+FFFE and U+FFFF. libyaml refuses
    /// any other anywhere in a file.
    static func isYAMLPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0a, 0x0d, 0x20...0x7e, 0x85, 0xa0...0xd7ff, 0xe000...0xfffd, 0x10000...0x10ffff: true
        default: false
        }
    }

    /// Bytes of a bitmask holding `codes`, at least `minimumBytes` long, in multiples of 8.
    static func mask(_ codes: some Sequence<UInt16>, minimumBytes: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: minimumBytes)
        for code in codes {
            let index = Int(code) / 8
            if index >= bytes.count { bytes += [UInt8](repeating: 0, count: (index / 8 + 1) * 8 - bytes.count) }
            bytes[index] |= 1 << (code % 8)
        }
        return bytes
    }
}
