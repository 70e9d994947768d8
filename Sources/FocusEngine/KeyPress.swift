public import EventModel

/// A key press as the focus engine sees it: a key name and the modifiers held. It is not tied to
/// evdev; the runtime translates keyboard events into it.
///
/// ```swift
/// let press = try KeyPress(parsing: "Shift+Tab")
/// press.key == .tab && press.modifiers == .shift  // true
/// ```
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    /// A key, named the way the command line writes it.
    public struct Key: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The canonical name: `Tab`, `Return`, `Up`, … or a single lower-case character.
        public var rawValue: String

        /// Creates a key from its canonical name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The Tab key.
        public static let tab = Key(rawValue: "Tab")
        /// The Return key.
        public static let `return` = Key(rawValue: "Return")
        /// The space bar.
        public static let space = Key(rawValue: "Space")
        /// The Escape key.
        public static let escape = Key(rawValue: "Escape")
        /// The up arrow.
        public static let up = Key(rawValue: "Up")
        /// The down arrow.
        public static let down = Key(rawValue: "Down")
        /// The left arrow.
        public static let left = Key(rawValue: "Left")
        /// The right arrow.
        public static let right = Key(rawValue: "Right")
        /// Backspace.
        public static let backspace = Key(rawValue: "Backspace")
        /// Forward delete.
        public static let delete = Key(rawValue: "Delete")
        /// Home.
        public static let home = Key(rawValue: "Home")
        /// End.
        public static let end = Key(rawValue: "End")
        /// Page up.
        public static let pageUp = Key(rawValue: "PageUp")
        /// Page down.
        public static let pageDown = Key(rawValue: "PageDown")

        /// A character key, such as `z` or `,`; letters are stored in lower case.
        public static func character(_ character: Character) -> Key {
            Key(rawValue: String(character).lowercased())
        }

        static let named: [Key] = [
            .tab, .return, .space, .escape, .up, .down, .left, .right, .backspace, .delete, .home, .end, .pageUp,
            .pageDown,
        ]
        static let aliases: [String: Key] = ["enter": .return, "esc": .escape, "del": .delete]

        /// The arrow's heading, for the four arrow keys.
        public var arrowHeading: FocusHeading? {
            switch self {
            case .up: .up
            case .down: .down
            case .left: .left
            case .right: .right
            default: nil
            }
        }

        /// The canonical name, with a single letter in upper case (`Z`).
        public var description: String { rawValue.count == 1 ? rawValue.uppercased() : rawValue }
    }

    /// The names chords use for modifiers, in the order a chord prints them, with the spellings
    /// a chord may use.
    static let modifierNames: [(KeyModifiers, String, [String])] = [
        (.control, "Ctrl", ["ctrl", "control"]),
        (.alt, "Alt", ["alt", "option", "opt"]),
        (.shift, "Shift", ["shift"]),
        (.meta, "Meta", ["meta", "cmd", "command", "super"]),
        (.tab, "Tab", ["tab"]),
    ]

    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a key press.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Parses a chord such as `Tab`, `Shift+Tab`, `Ctrl+P`, `Ctrl+,`, `Ctrl++` or `Tab+Z`.
    ///
    /// - Throws: ``KeyParseError`` when a part is not a known modifier or key.
    public init(parsing text: String) throws(KeyParseError) {
        guard !text.isEmpty else { throw KeyParseError(text: text, reason: "empty key name") }
        var parts: [Substring] = text.split(separator: "+", omittingEmptySubsequences: false)
        // "Ctrl++" names the plus key: the split leaves two empty parts at the end.
        if parts.count >= 2, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("+")
        }
        guard let keyPart = parts.last, !keyPart.isEmpty, !parts.dropLast().contains(where: \.isEmpty) else {
            throw KeyParseError(text: text, reason: "a '+' must join two names")
        }
        var modifiers: KeyModifiers = []
        for part in parts.dropLast() {
            guard let modifier = Self.modifierNames.first(where: { $0.2.contains(part.lowercased()) })?.0 else {
                let suggestion = Suggestion.closest(to: String(part), among: Self.modifierNames.map(\.1))
                throw KeyParseError(
                    text: text,
                    reason: "\"\(part)\" is not a modifier (Ctrl, Alt, Shift, Meta, or Tab for Full Keyboard Access)"
                        + Suggestion.text(suggestion))
            }
            guard !modifiers.contains(modifier) else {
                throw KeyParseError(text: text, reason: "\"\(part)\" is given twice")
            }
            modifiers.insert(modifier)
        }
        let name = String(keyPart)
        if let key = Key.named.first(where: { $0.rawValue.lowercased() == name.lowercased() }) {
            self.init(key, modifiers: modifiers)
        } else if let key = Key.aliases[name.lowercased()] {
            self.init(key, modifiers: modifiers)
        } else if name.count == 1, let character = name.first {
            self.init(.character(character), modifiers: modifiers)
        } else if name.count <= 3, name.first == "F" || name.first == "f", let number = Int(name.dropFirst()),
            (1...24).contains(number)
        {
            self.init(Key(rawValue: "F\(number)"), modifiers: modifiers)
        } else {
            let suggestion = Suggestion.closest(to: name, among: Key.named.map(\.description))
            throw KeyParseError(text: text, reason: "\"\(name)\" is not a key name" + Suggestion.text(suggestion))
        }
    }

    /// The chord as it is parsed: `Ctrl+Shift+Tab`, `Tab+Z`.
    public var description: String {
        var parts = Self.modifierNames.filter { modifiers.contains($0.0) }.map(\.1)
        parts.append(key.description)
        return parts.joined(separator: "+")
    }
}

/// One step of a key script: a press, or text typed (into Full Keyboard Access Find).
public enum KeyInput: Hashable, Sendable, CustomStringConvertible {
    /// A key press.
    case press(KeyPress)
    /// Text typed, written `text:word`.
    case text(String)

    /// Parses one token: `text:word` or a chord.
    ///
    /// - Throws: ``KeyParseError`` for an unknown key name.
    public init(parsing token: String) throws(KeyParseError) {
        if token.hasPrefix("text:") {
            let text = String(token.dropFirst("text:".count))
            guard !text.isEmpty else { throw KeyParseError(text: token, reason: "no text after \"text:\"") }
            self = .text(text)
        } else {
            self = .press(try KeyPress(parsing: token))
        }
    }

    /// Parses a whitespace-separated script such as `"Tab Down Down Return"`.
    ///
    /// - Throws: ``KeyParseError`` naming the first bad token and its position.
    public static func script(_ text: String) throws(KeyParseError) -> [KeyInput] {
        var inputs: [KeyInput] = []
        for (index, token) in text.split(whereSeparator: \.isWhitespace).enumerated() {
            do {
                inputs.append(try KeyInput(parsing: String(token)))
            } catch {
                throw KeyParseError(text: error.text, reason: error.reason, position: index + 1)
            }
        }
        return inputs
    }

    /// As written in a script.
    public var description: String {
        switch self {
        case .press(let press): press.description
        case .text(let text): "text:\(text)"
        }
    }
}

/// A key name that could not be parsed.
public struct KeyParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that failed.
    public var text: String
    /// Why.
    public var reason: String
    /// The 1-based position of the token in a script, when parsing one.
    public var position: Int?

    /// Creates an error.
    public init(text: String, reason: String, position: Int? = nil) {
        self.text = text
        self.reason = reason
        self.position = position
    }

    /// `key 3 ("Ctrl+Foo"): "Foo" is not a key name`.
    public var description: String {
        let place = position.map { "key \($0) " } ?? "key "
        return "\(place)(\"\(text)\"): \(reason)"
    }
}
