extension String {
    /// The text with every control character written out as `\u{1B}`, so that text that came
    /// from a file or a device (a device's name, a scene's ids and labels) cannot drive the
    /// terminal it is shown on: set its title (OSC 0), clear it (CSI 2J), write the clipboard
    /// (OSC 52).
    ///
    /// Control characters are C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): a
    /// terminal acts on each of them, and C1's CSI and OSC begin sequences as ESC does. Every
    /// other character, whatever its script, is kept. Text without control characters is returned
    /// as it is, without a copy.
    ///
    /// ```swift
    /// "\u{1B}]0;owned\u{7}".escapingControlCharacters()      // "\\u{1B}]0;owned\\u{07}"
    /// "two\nlines".escapingControlCharacters(keepingLineBreaks: true)   // unchanged
    /// ```
    /// - Parameter keepingLineBreaks: Whether line feeds and tabs stay as they are: for whole
    ///   lines of output, which end in a line feed and may align columns with tabs, rather than
    ///   for a name within a line.
    public func escapingControlCharacters(keepingLineBreaks: Bool = false) -> String {
        guard containsControlCharacters(keepingLineBreaks: keepingLineBreaks) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            if scalar.isControl, !(keepingLineBreaks && (scalar == "\n" || scalar == "\t")) {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\u{" + (digits.count < 2 ? "0" : "") + digits + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether ``escapingControlCharacters(keepingLineBreaks:)`` would change the text.
    func containsControlCharacters(keepingLineBreaks: Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.containsControlCharacters(keepingLineBreaks: keepingLineBreaks) }
            ?? utf8.containsControlCharacters(keepingLineBreaks: keepingLineBreaks)
    }
}

extension Sequence<UInt8> {
    /// Whether UTF-8 text holds a control character that
    /// `String.escapingControlCharacters(keepingLineBreaks:)` escapes: a walk over the bytes, where
    /// C1 characters are the two bytes C2 80 to C2 9F. For text written as bytes, which needs the
    /// escapes only when this says so.
    /// - Parameter keepingLineBreaks: Whether line feeds and tabs do not count.
    public func containsControlCharacters(keepingLineBreaks: Bool) -> Bool {
        var afterC2 = false
        for byte in self {
            if byte < 0x20 {
                if !(keepingLineBreaks && (byte == 0x0A || byte == 0x09)) { return true }
            } else if byte == 0x7F || (afterC2 && byte < 0xA0) {
                return true
            }
            afterC2 = byte == 0xC2
        }
        return false
    }
}

extension Unicode.Scalar {
    /// Whether a terminal acts on the character rather than showing it: C0, DEL or C1.
    fileprivate var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
