import CYAML

/// Keys of a libinput record file that the reader does not interpret, kept as libyaml read them
/// so that they can be written again: the `libinput` version and `system` description of the
/// file, a device's `hid` descriptors and `quirks`, `udev.virtual`, the `hid` and `libinput`
/// entries among the events, and keys a later libinput may add.
///
/// The entries of a mapping, in file order. Each value keeps its scalars' text, whether they
/// were plain (so `false` stays a boolean and `"false"` a string) and any explicit tag; aliases
/// are refused by the reader, so a kept value is a plain tree. Written again through
/// ``LibinputRecordStreamWriter``, the entries parse to the tree they were read from.
///
/// ```swift
/// let file = try RecordingFile(path: "session.yml", keepingUnread: true)
/// print(file.keptBeforeDevices.keys)  // ["libinput", "system"]
/// ```
public struct KeptYAML: Hashable, Sendable {
    /// One value: a scalar, a list or a mapping.
    indirect enum Node: Hashable, Sendable {
        /// A scalar's text, whether it was plain (unquoted), and its explicit tag.
        case scalar(String, isPlain: Bool, tag: String?)
        /// A list's items and its explicit tag.
        case sequence([Node], tag: String?)
        /// A mapping's entries and its explicit tag.
        case mapping([Entry], tag: String?)
    }

    /// A key and its value.
    struct Entry: Hashable, Sendable {
        var key: Node
        var value: Node
    }

    /// The entries, in file order.
    var entries: [Entry]

    /// No entries.
    public init() { entries = [] }

    init(_ entries: [Entry]) { self.entries = entries }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, as text, in file order (a key that is a list or mapping is written `…`).
    public var keys: [String] {
        entries.map { entry in
            if case .scalar(let text, _, _) = entry.key { text } else { "…" }
        }
    }

    /// Adds another's entries after these.
    mutating func append(contentsOf other: KeptYAML) { entries += other.entries }
}

/// Reads the keys a reader passes over into a ``KeptYAML`` when it keeps them, or passes over
/// them when it does not, and keeps the kept material within ``RecordingLimits/maximumKeptBytes``.
///
/// A class so that the non-mutating methods of a reader can share one budget.
final class YAMLKeeper {
    /// Whether keys are kept at all.
    let isKeeping: Bool
    /// The bytes still allowed.
    private var remaining = RecordingLimits.maximumKeptBytes

    init(isKeeping: Bool) { self.isKeeping = isKeeping }

    /// Starts a new budget (for the next entry of an events list, whose kept keys are written
    /// and let go before the next is read).
    func resetBudget() { remaining = RecordingLimits.maximumKeptBytes }

    /// At a mapping key: reads the key and its value into `kept`, or passes over both.
    func keep(from yaml: YAMLEventReader, into kept: inout KeptYAML) throws(RecordingError) {
        guard isKeeping else {
            try yaml.skipNode()
            try yaml.skipNextNode()
            return
        }
        let key = try node(from: yaml)
        try yaml.next()
        let value = try node(from: yaml)
        kept.entries.append(KeptYAML.Entry(key: key, value: value))
    }

    /// The node that starts at the current event, read to its end. Recursion is bounded by
    /// ``RecordingLimits/maximumNestingDepth``, which the reader enforces.
    private func node(from yaml: YAMLEventReader) throws(RecordingError) -> KeptYAML.Node {
        try spend(32 + yaml.scalar.count, at: yaml)
        let tag = yaml.tag
        switch yaml.current {
        case .sequenceStart:
            var items: [KeptYAML.Node] = []
            while try yaml.next() != .sequenceEnd { items.append(try node(from: yaml)) }
            return .sequence(items, tag: tag)
        case .mappingStart:
            var entries: [KeptYAML.Entry] = []
            while try yaml.next() != .mappingEnd {
                let key = try node(from: yaml)
                try yaml.next()
                entries.append(KeptYAML.Entry(key: key, value: try node(from: yaml)))
            }
            return .mapping(entries, tag: tag)
        case .scalar:
            return .scalar(yaml.scalarText, isPlain: yaml.isPlainScalar, tag: tag)
        default:
            throw yaml.error(.yaml("the document ends inside a list or mapping"))
        }
    }

    private func spend(_ bytes: Int, at yaml: YAMLEventReader) throws(RecordingError) {
        remaining -= bytes
        guard remaining >= 0 else {
            throw yaml.error(
                .limitExceeded(
                    "more than \(RecordingLimits.maximumKeptBytes) bytes of keys Wayfinder does not read in one place "
                        + "(the header, or one entry of the events)"))
        }
    }
}

extension KeptYAML {
    /// Appends the entries as a block mapping whose keys start at column `indent` + 1.
    func write(indent: Int, into text: inout String) {
        for entry in entries { Self.write(entry, indent: indent, into: &text) }
    }

    /// Appends the entries as the rest of a list item's mapping (`  - evdev: …` then these keys,
    /// two columns in).
    static func write(_ entry: Entry, indent: Int, into text: inout String) {
        let pad = String(repeating: " ", count: indent)
        if let key = inlineKey(entry.key) {
            text += pad + key + ":"
        } else {
            // A list, a mapping, a null or a long key: an explicit `? key` `: value` pair.
            text += pad + "?"
            write(entry.key, indent: indent + 2, into: &text)
            text += pad + ":"
        }
        write(entry.value, indent: indent + 2, into: &text)
    }

    /// A key that can stand before `:` on its line: a non-empty scalar of one line, shorter
    /// than YAML's 1,024-character limit on implicit keys.
    private static func inlineKey(_ node: Node) -> String? {
        guard case .scalar(let value, let isPlain, let tag) = node, !value.isEmpty || !isPlain else { return nil }
        let written = (tag.map { tagText($0) + " " } ?? "") + scalarText(value, isPlain: isPlain)
        return written.utf8.count < 1_000 ? written : nil
    }

    /// Appends a value after its indicator (`key:`, `-`, `?`): a scalar on the same line, or a
    /// list or mapping on the lines below, `indent` columns in. Block style throughout, so that
    /// a plain scalar read in a flow list (`[a, b]`) needs no flow-context escaping.
    private static func write(_ node: Node, indent: Int, into text: inout String) {
        let pad = String(repeating: " ", count: indent)
        switch node {
        case .scalar(let value, let isPlain, let tag):
            let scalar = scalarText(value, isPlain: isPlain)
            let parts = (tag.map { [tagText($0)] } ?? []) + (scalar.isEmpty ? [] : [scalar])
            text += parts.isEmpty ? "\n" : " " + parts.joined(separator: " ") + "\n"
        case .sequence(let items, let tag):
            text += tag.map { " " + tagText($0) } ?? ""
            if let flow = flowList(items) {
                // A list of scalars (a HID descriptor, a time) on one line, as libinput writes it.
                text += " [" + flow.joined(separator: ", ") + "]\n"
                return
            }
            text += "\n"
            for item in items {
                text += pad + "-"
                write(item, indent: indent + 2, into: &text)
            }
        case .mapping(let entries, let tag):
            text += tag.map { " " + tagText($0) } ?? ""
            guard !entries.isEmpty else {
                text += " {}\n"
                return
            }
            text += "\n"
            for entry in entries { write(entry, indent: indent, into: &text) }
        }
    }

    /// The items of a list of untagged scalars as a flow list takes them, or nil when a plain one
    /// would read otherwise in flow context: empty (a null), beginning with `?` (which starts a
    /// key there, as in `[?a]`), or holding `,[]{}:#`.
    private static func flowList(_ items: [Node]) -> [String]? {
        var written: [String] = []
        for item in items {
            guard case .scalar(let value, let isPlain, nil) = item else { return nil }
            let text = scalarText(value, isPlain: isPlain)
            let staysPlain = isPlain && text == value
            if staysPlain
                && (value.isEmpty || value.hasPrefix("?") || value.contains(where: { ",[]{}:#".contains($0) }))
            {
                return nil
            }
            written.append(text)
        }
        return written
    }

    /// A scalar as written: a plain one of one line as it was when it reads back as the same
    /// plain scalar after a block key or dash, anything else double-quoted (which resolves to a
    /// string, as a quoted, literal or folded scalar did, and as a plain scalar of several lines
    /// or one that only a flow list or mapping allows does).
    private static func scalarText(_ value: String, isPlain: Bool) -> String {
        // An empty plain scalar is a null, written as nothing after its indicator.
        if isPlain && (value.isEmpty || isPlainInBlock(value)) { return value }
        return TextFormatting.yamlQuoted(value)
    }

    /// Whether a non-empty plain scalar, written as it is after `key: ` or `- `, reads back as
    /// itself.
    ///
    /// libyaml reads some plain scalars in a flow list or mapping that block context reads
    /// otherwise: a lone `-` before `,`, `]` or `}` (`{a: -}`) is a list item's dash after a
    /// block key. The rest of the test is the rule for plain scalars in block context: no
    /// indicator first, no `-`, `?` or `:` followed by a space, no `: ` or ` #` inside, no `:`
    /// at the end, no space at either end, one line. Each of these is read from a block-context
    /// plain scalar unchanged, so a plain scalar from block context always passes.
    private static func isPlainInBlock(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard let first = bytes.first, let last = bytes.last else { return true }
        let blanks: [UInt8] = [0x20, 0x09]
        if blanks.contains(first) || blanks.contains(last) || last == UInt8(ascii: ":") { return false }
        if Array("#,[]{}&*!|>'\"%@`".utf8).contains(first) { return false }
        if Array("-?:".utf8).contains(first), bytes.count == 1 || blanks.contains(bytes[1]) { return false }
        if value.contains(where: \.isNewline) || value.contains(": ") || value.contains(" #") || value.contains(":\t")
            || value.contains("\t#")
        {
            return false
        }
        return true
    }

    /// An explicit tag: `!` as it is, any other in its verbatim form (`!<tag:yaml.org,2002:str>`).
    private static func tagText(_ tag: String) -> String { tag == "!" ? "!" : "!<\(tag)>" }
}

extension YAMLEventReader {
    /// Whether the current event is a plain (unquoted, not block) scalar.
    var isPlainScalar: Bool { current == .scalar && event.pointee.data.scalar.style == YAML_PLAIN_SCALAR_STYLE }

    /// The current scalar's, list's or mapping's explicit tag.
    var tag: String? {
        let tag: UnsafeMutablePointer<yaml_char_t>? =
            switch current {
            case .scalar: event.pointee.data.scalar.tag
            case .sequenceStart: event.pointee.data.sequence_start.tag
            case .mappingStart: event.pointee.data.mapping_start.tag
            default: nil
            }
        return tag.map { String(cString: $0) }
    }
}

/// The keys of a libinput record device entry that the reader does not interpret, where they
/// were: inside `evdev` and `udev`, and beside them before and after `events`.
public struct KeptDeviceKeys: Hashable, Sendable {
    /// `evdev`'s keys other than name, id, codes, absinfo and properties.
    public var evdev = KeptYAML()
    /// `udev`'s keys other than properties (`virtual`).
    public var udev = KeptYAML()
    /// `udev.properties` as the file lists them (order and repeats included), when kept.
    public var udevProperties: [String]?
    /// The device's other keys before `events` (`hid`, `quirks`).
    public var beforeEvents = KeptYAML()
    /// The device's keys after `events`.
    public var afterEvents = KeptYAML()

    /// No keys.
    public init() {}

    /// The kept keys' names, for messages: `hid`, `udev.virtual`, `evdev.KEY`.
    public var names: [String] {
        evdev.keys.map { "evdev.\($0)" } + udev.keys.map { "udev.\($0)" } + beforeEvents.keys + afterEvents.keys
    }
}
