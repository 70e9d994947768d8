import CYAML

/// A YAML document as a tree, built from libyaml's event stream. Every node keeps its position
/// so that errors can name the line and column.
indirect enum YAMLNode {
    case scalar(String, YAMLMark)
    case sequence([YAMLNode], YAMLMark)
    case mapping([(key: YAMLNode, value: YAMLNode)], YAMLMark)

    var mark: YAMLMark {
        switch self {
        case .scalar(_, let mark), .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    /// The value for a scalar key of a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        for pair in pairs {
            if case .scalar(let text, _) = pair.key, text == key { return pair.value }
        }
        return nil
    }

    /// Whether the node is an empty scalar (`key:` with nothing after it, or `~`/`null`).
    var isNull: Bool {
        if case .scalar(let text, _) = self { return text.isEmpty || text == "~" || text == "null" }
        return false
    }

    /// A short description of the node's kind, for error messages.
    var kindName: String {
        switch self {
        case .scalar(let text, _): "\"\(text)\""
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// A 1-based line and column.
struct YAMLMark {
    var line: Int
    var column: Int
}

enum YAMLTree {
    /// Parses one YAML document with libyaml.
    /// - Parameters:
    ///   - bytes: The document.
    ///   - lineOffset: Lines skipped before `bytes` in the file, added to every mark.
    ///   - file: The file name, for errors.
    static func parse(_ bytes: ArraySlice<UInt8>, lineOffset: Int, file: String) throws(RecordingError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw RecordingError(file: file, reason: .yaml("libyaml could not start"))
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<YAMLNode, RecordingError> = Array(bytes).withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return Result { () throws(RecordingError) -> YAMLNode in
                try build(&parser, lineOffset: lineOffset, file: file)
            }
        }
        return try result.get()
    }

    /// An open sequence or mapping. A class, so that appending to the innermost container does
    /// not copy its elements (an enum payload would, making long lists quadratic).
    private final class Container {
        let isMapping: Bool
        let mark: YAMLMark
        var items: [YAMLNode] = []
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var pendingKey: YAMLNode?

        init(isMapping: Bool, mark: YAMLMark) {
            self.isMapping = isMapping
            self.mark = mark
        }

        var node: YAMLNode { isMapping ? .mapping(pairs, mark) : .sequence(items, mark) }
    }

    private static func build(
        _ parser: inout yaml_parser_t,
        lineOffset: Int,
        file: String
    ) throws(RecordingError) -> YAMLNode {
        var stack: [Container] = []
        var root: YAMLNode?
        var event = yaml_event_t()

        func mark(_ raw: yaml_mark_t) -> YAMLMark {
            YAMLMark(line: Int(raw.line) + 1 + lineOffset, column: Int(raw.column) + 1)
        }

        func add(_ node: YAMLNode) {
            guard let top = stack.last else {
                root = node
                return
            }
            if !top.isMapping {
                top.items.append(node)
            } else if let key = top.pendingKey {
                top.pairs.append((key, node))
                top.pendingKey = nil
            } else {
                top.pendingKey = node
            }
        }

        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
                let context = parser.context.map { String(cString: $0) + ": " } ?? ""
                let at = parser.problem_mark
                throw RecordingError(
                    file: file,
                    line: Int(at.line) + 1 + lineOffset,
                    column: Int(at.column) + 1,
                    reason: .yaml(context + problem)
                )
            }
            defer { yaml_event_delete(&event) }
            let start = mark(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                if let root { return root }
                if event.type == YAML_STREAM_END_EVENT { return .scalar("", start) }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                guard scalar.length <= RecordingLimits.maximumValueLength else {
                    throw RecordingError(
                        file: file, line: start.line, column: start.column,
                        reason: .limitExceeded(
                            "a value of \(scalar.length) bytes; values are at most "
                                + "\(RecordingLimits.maximumValueLength) bytes"))
                }
                let text = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                add(.scalar(text, start))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                // Checked before libyaml reads further: its work per token grows with the depth.
                guard stack.count < RecordingLimits.maximumNestingDepth else {
                    throw RecordingError(
                        file: file, line: start.line, column: start.column,
                        reason: .limitExceeded(
                            "lists and mappings nested more than \(RecordingLimits.maximumNestingDepth) deep"))
                }
                stack.append(Container(isMapping: event.type == YAML_MAPPING_START_EVENT, mark: start))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let top = stack.popLast() else { break }
                add(top.node)
            case YAML_ALIAS_EVENT:
                throw RecordingError(
                    file: file, line: start.line, column: start.column,
                    reason: .yaml("aliases (*name) are not supported in recordings"))
            default:
                break
            }
        }
    }
}
