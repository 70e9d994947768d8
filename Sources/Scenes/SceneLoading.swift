import FileAccess
import FocusEngine
public import Foundation
import Geometry

/// A scene as loaded from a file, with the warnings the loader found.
public struct LoadedScene: Hashable, Sendable {
    /// The validated scene.
    public var scene: Scene
    /// Fields that were accepted but ignored (unknown fields, fields without effect), in file
    /// order. The loader never prints them; the caller decides.
    public var warnings: [SceneWarning]

    /// Creates a loaded scene.
    public init(scene: Scene, warnings: [SceneWarning]) {
        self.scene = scene
        self.warnings = warnings
    }
}

extension Scene {
    /// Reads and validates a scene file.
    ///
    /// - Parameter url: The file to read.
    /// - Returns: The scene and the warnings found.
    /// - Throws: A ``SceneError`` naming the file, the line, the node and the field.
    public static func load(contentsOf url: URL) throws(SceneError) -> LoadedScene {
        try load(path: url.path)
    }

    /// Reads and validates the scene file at `path`; errors and warnings name the file as given.
    ///
    /// The file must be a regular file (not a directory, FIFO or device) of at most
    /// ``SceneLimits/maximumFileSize`` bytes; otherwise the error says which it is.
    ///
    /// - Throws: A ``SceneError`` naming the file, the line, the node and the field.
    public static func load(path: String) throws(SceneError) -> LoadedScene {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try ReadableFile(path: path).readAll(maximumSize: SceneLimits.maximumFileSize)
        } catch {
            throw SceneError(file: path, line: nil, nodeID: nil, field: nil, kind: .unreadable(reason: error.message))
        }
        // The text is read in place: one copy of it while parsing.
        return try parse(bytes, file: path)
    }

    /// Validates a scene given as JSON text.
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - file: The name errors and warnings use for the source.
    /// - Throws: A ``SceneError`` naming the file, the line, the node and the field.
    public static func parse(_ text: String, file: String = "<scene>") throws(SceneError) -> LoadedScene {
        try parse(Array(text.utf8), file: file)
    }

    /// Validates a scene given as UTF-8 JSON bytes.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 encoded JSON.
    ///   - file: The name errors and warnings use for the source.
    /// - Throws: A ``SceneError`` naming the file, the line, the node and the field.
    public static func parse(_ bytes: [UInt8], file: String) throws(SceneError) -> LoadedScene {
        try bytes.withUnsafeBufferPointer { buffer throws(SceneError) in try parse(buffer, file: file) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(SceneError) -> LoadedScene {
        var decoder = SceneDecoder(file: file, reader: JSONReader(document: bytes))
        let scene = try decoder.decodeScene()
        return LoadedScene(scene: scene, warnings: decoder.warnings)
    }
}

/// Reads a scene file and validates it as it goes: nodes are built straight from the text, without
/// a JSON tree in between (only small fields such as effects and actions pass through
/// ``JSONValue``).
private struct SceneDecoder {
    static let sceneFields: [String] = [
        "size", "layoutDirection", "selectKey", "directionalSearch", "description", "root", "commands",
    ]
    static let nodeFields: [String] = [
        "id", "frame", "children", "role", "focusable", "allowsFocus", "focusGroup", "priority", "selected",
        "selectionFollowsFocus", "focusSection", "focusEffect", "label", "inputLabels",
        "respondsToUserInteraction", "accessibilityElement", "accessibilityPath", "actions", "interactions",
        "scroll", "onSubmit", "defaultAction", "performs", "transparent", "value",
    ]
    static let commandFields: [String] = ["title", "key", "discoverabilityTitle", "action"]
    /// The same fields, to match keys on their bytes.
    static let sceneKeys = KnownKeys(sceneFields)
    static let nodeKeys = KnownKeys(nodeFields)
    /// What ``locateIdentity()`` looks for.
    static let identityKeys = KnownKeys(["id", "frame"])
    /// The indices of `id` and `frame` among ``nodeFields``.
    static let idField = nodeFields.firstIndex(of: "id")!
    static let frameField = nodeFields.firstIndex(of: "frame")!
    static let scrollFields: [String] = ["contentSize", "minimumZoomScale", "maximumZoomScale"]

    let file: String
    var json: JSONReader
    var warnings: [SceneWarning] = []
    /// The line on which each id was first seen.
    var idLines = IdentifierLines()
    /// Node references to check once every id is known: (node, field, line, referenced id).
    var references: [(nodeID: String, field: String, line: Int, target: String)] = []
    /// Roles read before, so that a role written again is not made into a new string.
    var readRoles = RepeatedValues<String>()
    /// Interaction lists read before without a warning, by the text they were read from: a list
    /// written again byte for byte (as generated scenes do for every cell) is not read again, and
    /// its nodes share one array.
    var readInteractions = RepeatedValues<[SceneInteraction]>()

    init(file: String, reader: JSONReader) {
        self.file = file
        self.json = reader
    }

    // MARK: Errors

    func error(_ kind: SceneError.Kind, line: Int?, node: String?, field: String?) -> SceneError {
        SceneError(file: file, line: line, nodeID: node, field: field, kind: kind)
    }

    func wrongType(_ value: JSONValue, expected: String, node: String?, field: String) -> SceneError {
        error(.wrongType(expected: expected, found: value.typeName), line: value.line, node: node, field: field)
    }

    mutating func warnUnknownFields(
        in members: [JSONMember],
        known: [String],
        node: String?,
        prefix: String = ""
    ) {
        for member in members where !known.contains(member.key) {
            warnUnknownField(member.key, line: member.line, known: known, node: node, prefix: prefix)
        }
    }

    mutating func warnUnknownField(_ key: String, line: Int, known: [String], node: String?, prefix: String = "") {
        var warning = SceneWarning(file: file, line: line, nodeID: node, field: prefix + key, kind: .unknownField)
        warning.suggestion = Suggestion.closest(to: key, among: known)
        warnings.append(warning)
    }

    // MARK: Reading

    /// Runs a step of the JSON reader, turning a syntax error into a scene error.
    func syntax(_ error: JSONSyntaxError) -> SceneError {
        SceneError(file: file, line: error.line, nodeID: nil, field: nil, kind: .syntax(error.message))
    }

    mutating func readValue() throws(SceneError) -> JSONValue {
        do { return try json.readValue() } catch { throw syntax(error) }
    }

    mutating func skipValue() throws(SceneError) {
        do { try json.skipValue() } catch { throw syntax(error) }
    }

    mutating func readKey(among known: KnownKeys) throws(SceneError) -> (key: String, known: Int?, line: Int) {
        do { return try json.readKey(among: known) } catch { throw syntax(error) }
    }

    mutating func nextMember() throws(SceneError) -> Bool {
        do { return try json.nextMember() } catch { throw syntax(error) }
    }

    mutating func nextElement() throws(SceneError) -> Bool {
        do { return try json.nextElement() } catch { throw syntax(error) }
    }

    /// Throws the syntax error of the next value, if it has one: a malformed value is reported as
    /// such rather than as a value of the wrong type.
    func checkSyntaxOfNextValue() throws(SceneError) {
        var probe = json
        do { try probe.skipValue() } catch { throw syntax(error) }
    }

    /// Opens an object, or throws "expected an object, found …"; returns whether it is empty.
    mutating func beginObject(node: String?, field: @autoclosure () -> String) throws(SceneError) -> Bool {
        guard json.peek() == UInt8(ascii: "{") else {
            try checkSyntaxOfNextValue()
            throw error(
                .wrongType(expected: "an object", found: json.peekTypeName()), line: json.line, node: node,
                field: field())
        }
        do { return try json.beginObject() } catch { throw syntax(error) }
    }

    /// Opens an array, or throws "expected an array, found …"; returns whether it is empty.
    mutating func beginArray(node: String?, field: @autoclosure () -> String) throws(SceneError) -> Bool {
        guard json.peek() == UInt8(ascii: "[") else {
            try checkSyntaxOfNextValue()
            throw error(
                .wrongType(expected: "an array", found: json.peekTypeName()), line: json.line, node: node,
                field: field())
        }
        do { return try json.beginArray() } catch { throw syntax(error) }
    }

    // MARK: Typed readers

    /// Reads a string value; anything else goes through the general checks for its message.
    mutating func readString(node: String?, field: @autoclosure () -> String) throws(SceneError) -> String {
        guard json.peek() == UInt8(ascii: "\"") else { return try string(try readValue(), node: node, field: field()) }
        do { return try json.readString() } catch { throw syntax(error) }
    }

    /// Reads a role's name like ``readString(node:field:)``, the string read before when its
    /// text repeats one.
    mutating func readRoleName(node: String?, field: @autoclosure () -> String) throws(SceneError) -> String {
        _ = json.peek()
        if let (name, text) = readRoles.value(repeatedAt: json) {
            json.skipRepeated(text)
            return name
        }
        let start = json.startRepeatableValue()
        let name = try readString(node: node, field: field())
        if let text = json.endRepeatableValue(start) { readRoles.remember(name, readFrom: text) }
        return name
    }

    /// Reads `true` or `false`; anything else goes through the general checks for its message.
    mutating func readBool(node: String?, field: @autoclosure () -> String) throws(SceneError) -> Bool {
        let boolean: Bool?
        do { boolean = try json.readBoolean() } catch { throw syntax(error) }
        if let boolean { return boolean }
        return try bool(try readValue(), node: node, field: field())
    }

    func object(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> [JSONMember] {
        guard case .object(let members) = value.kind else {
            throw wrongType(value, expected: "an object", node: node, field: field)
        }
        return members
    }

    func array(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> [JSONValue] {
        guard case .array(let elements) = value.kind else {
            throw wrongType(value, expected: "an array", node: node, field: field)
        }
        return elements
    }

    func string(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> String {
        guard case .string(let string) = value.kind else {
            throw wrongType(value, expected: "a string", node: node, field: field)
        }
        return string
    }

    func bool(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> Bool {
        guard case .bool(let bool) = value.kind else {
            throw wrongType(value, expected: "true or false", node: node, field: field)
        }
        return bool
    }

    func number(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> Double {
        guard case .number(let number) = value.kind else {
            throw wrongType(value, expected: "a number", node: node, field: field)
        }
        return number
    }

    func integer(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> Int {
        let number = try number(value, node: node, field: field)
        guard number == number.rounded(), abs(number) <= 9_007_199_254_740_992 else {
            throw wrongType(value, expected: "an integer", node: node, field: field)
        }
        return Int(number)
    }

    func numbers(_ value: JSONValue, count: Int, what: String, node: String?, field: String) throws(SceneError)
        -> [Double]
    {
        let elements = try array(value, node: node, field: field)
        guard elements.count == count else {
            throw error(
                .invalidValue("expected \(what), found an array of \(elements.count) element(s)"),
                line: value.line,
                node: node,
                field: field
            )
        }
        var result: [Double] = []
        for (index, element) in elements.enumerated() {
            result.append(try number(element, node: node, field: "\(field)[\(index)]"))
        }
        return result
    }

    func rect(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> Rect {
        let values = try numbers(value, count: 4, what: "[x, y, width, height]", node: node, field: field)
        let rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        guard rect.width >= 0, rect.height >= 0 else {
            throw error(
                .negativeSize(width: rect.width, height: rect.height), line: value.line, node: node, field: field)
        }
        try checkRange(values, line: value.line, node: node, field: field)
        return rect
    }

    /// Scene coordinates and sizes stay within ±1e9 points: no screen is that large, and beyond
    /// it squared distances lose the precision directional search relies on.
    static let maximumMagnitude = 1e9

    func checkRange(_ values: [Double], line: Int, node: String?, field: String) throws(SceneError) {
        for value in values where abs(value) > Self.maximumMagnitude {
            throw error(
                .invalidValue("\(formatted(value)) is out of range (at most 1e9 points from the origin)"),
                line: line,
                node: node,
                field: field
            )
        }
    }

    func size(_ value: JSONValue, node: String?, field: String) throws(SceneError) -> Size {
        let values = try numbers(value, count: 2, what: "[width, height]", node: node, field: field)
        guard values[0] >= 0, values[1] >= 0 else {
            throw error(.negativeSize(width: values[0], height: values[1]), line: value.line, node: node, field: field)
        }
        try checkRange(values, line: value.line, node: node, field: field)
        return Size(width: values[0], height: values[1])
    }

    func enumeration<E: RawRepresentable & CaseIterable>(
        _ value: JSONValue,
        as type: E.Type,
        node: String?,
        field: String
    ) throws(SceneError) -> E where E.RawValue == String {
        let name = try string(value, node: node, field: field)
        guard let result = E(rawValue: name) else {
            let allowed = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            let suggestion = Suggestion.closest(to: name, among: E.allCases.map(\.rawValue))
            throw error(
                .invalidValue("\"\(name)\" is not one of \(allowed)" + Suggestion.text(suggestion)),
                line: value.line,
                node: node,
                field: field
            )
        }
        return result
    }

    // MARK: Scene

    /// Checks a member's key, the known field `knownIndex` if it is one, against the keys already
    /// seen in its object.
    func checkRepeated(_ key: String, knownIndex: Int?, line: Int, in keys: inout KeyTracker) throws(SceneError) {
        guard keys.insert(key, knownIndex: knownIndex) else {
            throw syntax(JSONSyntaxError.repeated(key, line: line))
        }
    }

    mutating func decodeScene() throws(SceneError) -> Scene {
        let objectLine = json.line
        var root: SceneNode?
        var size: Size?
        var layoutDirection = LayoutDirection.leftToRight
        var selectKey = SelectKey.return
        var directionalSearch = DirectionalSearch.precise
        var description: String?
        var commands: [SceneCommand] = []
        var keys = KeyTracker()
        if try !beginObject(node: nil, field: "(top level)") {
            repeat {
                let (key, known, line) = try readKey(among: Self.sceneKeys)
                try checkRepeated(key, knownIndex: known, line: line, in: &keys)
                switch key {
                case "root": root = try decodeNode(field: "root")
                case "size":
                    let value = try readValue()
                    let read = try self.size(value, node: nil, field: "size")
                    // A touchscreen maps its surface onto the scene: on an empty scene every
                    // contact would land on one line or point, and no input would reach a node.
                    guard read.width > 0, read.height > 0 else {
                        throw error(
                            .invalidValue(
                                "[\(formatted(read.width)), \(formatted(read.height))] is empty: a scene's size must be "
                                    + "positive, since touchscreens map their surface onto it"),
                            line: value.line, node: nil, field: "size")
                    }
                    size = read
                case "layoutDirection":
                    layoutDirection = try enumeration(
                        try readValue(), as: LayoutDirection.self, node: nil, field: "layoutDirection")
                case "selectKey":
                    selectKey = try enumeration(try readValue(), as: SelectKey.self, node: nil, field: "selectKey")
                case "directionalSearch":
                    directionalSearch = try enumeration(
                        try readValue(), as: DirectionalSearch.self, node: nil, field: "directionalSearch")
                case "description": description = try string(try readValue(), node: nil, field: "description")
                case "commands":
                    let elements = try array(try readValue(), node: nil, field: "commands")
                    for (index, element) in elements.enumerated() {
                        commands.append(try decodeCommand(element, field: "commands[\(index)]"))
                    }
                default:
                    warnUnknownField(key, line: line, known: Self.sceneFields, node: nil)
                    try skipValue()
                }
            } while try nextMember()
        }
        do { try json.finishDocument() } catch { throw syntax(error) }
        guard let root else { throw error(.missingField, line: objectLine, node: nil, field: "root") }
        for reference in references where idLines.firstLine(of: reference.target) == nil {
            throw error(
                .unknownNodeReference(reference.target),
                line: reference.line,
                node: reference.nodeID,
                field: reference.field
            )
        }
        return Scene(
            size: size,
            layoutDirection: layoutDirection,
            selectKey: selectKey,
            directionalSearch: directionalSearch,
            description: description,
            commands: commands,
            root: root
        )
    }

    mutating func decodeCommand(_ value: JSONValue, field: String) throws(SceneError) -> SceneCommand {
        let members = try object(value, node: nil, field: field)
        warnUnknownFields(in: members, known: Self.commandFields, node: nil, prefix: "\(field).")
        func required(_ key: String) throws(SceneError) -> String {
            guard let member = members.first(where: { $0.key == key }) else {
                throw error(.missingField, line: value.line, node: nil, field: "\(field).\(key)")
            }
            let text = try string(member.value, node: nil, field: "\(field).\(key)")
            guard !text.isEmpty else {
                throw error(.invalidValue("must not be empty"), line: member.line, node: nil, field: "\(field).\(key)")
            }
            return text
        }
        var command = SceneCommand(
            title: try required("title"), key: try required("key"), action: try required("action"), line: value.line)
        if let member = members.first(where: { $0.key == "discoverabilityTitle" }) {
            command.discoverabilityTitle = try string(member.value, node: nil, field: "\(field).discoverabilityTitle")
        }
        return command
    }

    // MARK: Nodes

    /// Where a node's `id` and `frame` are, found by looking ahead through its object, so that
    /// errors anywhere in the node can name it and the frame is checked first, whatever the order
    /// of the fields.
    func locateIdentity() throws(SceneError) -> (id: JSONReader?, frame: JSONReader?) {
        var scout = json
        var id: JSONReader?
        var frame: JSONReader?
        do {
            if try scout.beginObject() { return (nil, nil) }
            repeat {
                let known = try scout.readKeyIndex(among: Self.identityKeys)
                if known == 0 && id == nil {
                    id = scout
                } else if known == 1 && frame == nil {
                    frame = scout
                }
                if id != nil && frame != nil { break }
                try scout.skipValue(checkingKeys: false)  // the main pass checks them
            } while try scout.nextMember()
        } catch {
            throw syntax(error)
        }
        return (id, frame)
    }

    /// Reads a frame at a position found by ``locateIdentity()``: four plain numbers are read
    /// straight from the text, and the reader past them is returned too; anything else goes
    /// through the general checks for its message.
    func frame(at position: JSONReader, node: String) throws(SceneError) -> (frame: Rect, end: JSONReader?) {
        var reader = position
        var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
        fast: do {
            guard reader.peek() == UInt8(ascii: "["), try !reader.beginArray() else { break fast }
            for slot in 0..<4 {
                guard let byte = reader.peek(), byte == UInt8(ascii: "-") || (byte >= 48 && byte <= 57) else {
                    break fast
                }
                let number = try reader.readNumber()
                switch slot {
                case 0: values.0 = number
                case 1: values.1 = number
                case 2: values.2 = number
                default: values.3 = number
                }
                guard try reader.nextElement() == (slot < 3) else { break fast }
            }
            let rect = Rect(x: values.0, y: values.1, width: values.2, height: values.3)
            guard rect.width >= 0, rect.height >= 0 else { break fast }
            let limit = Self.maximumMagnitude
            guard abs(values.0) <= limit, abs(values.1) <= limit, abs(values.2) <= limit, abs(values.3) <= limit
            else { break fast }
            return (rect, reader)
        } catch {
            throw syntax(error)
        }
        return (try rect(try value(at: position), node: node, field: "frame"), nil)
    }

    /// Reads one value at a position found by ``locateIdentity()``.
    func value(at position: JSONReader) throws(SceneError) -> JSONValue {
        var reader = position
        do { return try reader.readValue() } catch { throw syntax(error) }
    }

    /// Reads a node's id at a position found by ``locateIdentity()`` and returns it with its line
    /// and the reader past it: a string is read straight from the text; anything else goes
    /// through the general checks for its message. `field` names the node's place, for the
    /// messages.
    func identifier(at position: JSONReader, parentID: String?, field: () -> String) throws(SceneError)
        -> (id: String, line: Int, end: JSONReader)
    {
        var reader = position
        let id: String
        let isString = reader.peek() == UInt8(ascii: "\"")
        let line = reader.line
        if isString {
            do { id = try reader.readString() } catch { throw syntax(error) }
        } else {
            id = try string(try value(at: position), node: parentID, field: "\(field()).id")
        }
        guard !id.isEmpty else {
            throw error(.invalidValue("an id must not be empty"), line: line, node: parentID, field: "\(field()).id")
        }
        return (id, line, reader)
    }

    /// Decodes the child at `index` of the node `parentID`.
    mutating func decodeChild(_ index: Int, parentID: String) throws(SceneError) -> SceneNode {
        try decodeNode(childIndex: index, parentID: parentID)
    }

    /// Decodes one node; `field` says where it sits (`root`, `children[2]`) for errors that come
    /// before its id is known.
    mutating func decodeNode(field: String, parentID: String? = nil) throws(SceneError) -> SceneNode {
        try decodeNode(childIndex: nil, parentID: parentID, root: field)
    }

    /// Decodes one node, the root (`childIndex` nil) or a child; the field name for errors is
    /// built only when an error needs it.
    mutating func decodeNode(childIndex: Int?, parentID: String?, root: String = "root") throws(SceneError)
        -> SceneNode
    {
        func field() -> String { childIndex.map { "children[\($0)]" } ?? root }
        let objectLine = json.line
        guard json.peek() == UInt8(ascii: "{") else {
            _ = try beginObject(node: parentID, field: field())  // throws the type error
            throw error(.missingField, line: objectLine, node: parentID, field: "\(field()).id")
        }
        let (idPosition, framePosition) = try locateIdentity()
        guard let idPosition else {
            throw error(.missingField, line: objectLine, node: parentID, field: "\(field()).id")
        }
        let (id, idLine, idEnd) = try identifier(at: idPosition, parentID: parentID, field: field)
        if let firstLine = idLines.insert(id, line: idLine) {
            throw error(.duplicateID(firstLine: firstLine), line: idLine, node: id, field: "id")
        }
        guard let framePosition else {
            throw error(.missingField, line: objectLine, node: id, field: "frame")
        }
        let (frame, frameEnd) = try frame(at: framePosition, node: id)
        var node = SceneNode(loadedID: id, frame: frame, line: objectLine)
        var keys = KeyTracker()
        _ = try beginObject(node: parentID, field: field())
        repeat {
            let (key, known, line) = try readKey(among: Self.nodeKeys)
            try checkRepeated(key, knownIndex: known, line: line, in: &keys)
            // The id and the frame were read already: move past them (the first of each is the
            // one read, and a second is a repeated key); a frame read through the general checks
            // is skipped as ``decodeNodeField(_:line:into:)`` does.
            if known == Self.idField {
                json.move(to: idEnd)
            } else if known == Self.frameField, let frameEnd {
                json.move(to: frameEnd)
            } else {
                try decodeNodeField(key, line: line, into: &node)
            }
        } while try nextMember()
        return consume node
    }

    /// Decodes the member `key` of a node, reading its value.
    mutating func decodeNodeField(_ key: String, line: Int, into node: inout SceneNode) throws(SceneError) {
        let id = node.id
        switch key {
        case "id", "frame":
            try skipValue()
        case "children":
            if try beginArray(node: id, field: key) { return }
            var index = 0
            repeat {
                node.children.append(try decodeChild(index, parentID: id))
                index += 1
            } while try nextElement()
            node.children.trimCapacity()
        // Generated scenes give every cell interactions: compared early, as a key is compared with
        // each case in turn.
        case "interactions": node.interactions = try decodeInteractions(node: id)
        case "role":
            let valueLine = json.line
            let role = NodeRole(rawValue: try readRoleName(node: id, field: key))
            if !NodeRole.wellKnown.contains(role) {
                var warning = SceneWarning(
                    file: file, line: valueLine, nodeID: id, field: key, kind: .unknownRole(role.rawValue))
                warning.suggestion = Suggestion.closest(to: role.rawValue, among: NodeRole.wellKnown.map(\.rawValue))
                warnings.append(warning)
            }
            node.role = role
        case "focusable": node.focusable = try readBool(node: id, field: key)
        case "allowsFocus": node.allowsFocus = try readBool(node: id, field: key)
        case "focusGroup":
            let group = try readString(node: id, field: key)
            guard !group.isEmpty else {
                throw error(
                    .invalidValue("a focus group identifier must not be empty"), line: line, node: id, field: key)
            }
            node.focusGroup = group
        case "priority":
            let priority = try integer(try readValue(), node: id, field: key)
            if priority < 0 {
                // UIKit ignores negative focus group priorities; so do we, but say so.
                warnings.append(
                    SceneWarning(
                        file: file,
                        line: line,
                        nodeID: id,
                        field: key,
                        kind: .ignoredField(reason: "negative priorities are ignored")
                    )
                )
            } else {
                node.priority = priority
            }
        case "selected": node.selected = try readBool(node: id, field: key)
        case "selectionFollowsFocus": node.selectionFollowsFocus = try readBool(node: id, field: key)
        case "focusSection": node.focusSection = try readBool(node: id, field: key)
        case "focusEffect": node.focusEffect = try decodeFocusEffect(try readValue(), node: id)
        case "label": node.label = try readString(node: id, field: key)
        case "inputLabels":
            var labels: [String] = []
            for (index, element) in try array(try readValue(), node: id, field: key).enumerated() {
                labels.append(try string(element, node: id, field: "inputLabels[\(index)]"))
            }
            node.inputLabels = labels
        case "respondsToUserInteraction":
            node.respondsToUserInteraction = try readBool(node: id, field: key)
        case "accessibilityElement": node.accessibilityElement = try readBool(node: id, field: key)
        case "transparent": node.transparent = try readBool(node: id, field: key)
        case "accessibilityPath": node.accessibilityPath = try decodeAccessibilityPath(try readValue(), node: id)
        case "actions":
            var actions: [SceneCustomAction] = []
            for (index, element) in try array(try readValue(), node: id, field: key).enumerated() {
                actions.append(try decodeAction(element, node: id, field: "actions[\(index)]"))
            }
            node.actions = actions
        case "scroll":
            let value = try readValue()
            let scrollMembers = try object(value, node: id, field: key)
            warnUnknownFields(in: scrollMembers, known: Self.scrollFields, node: id, prefix: "scroll.")
            guard let contentSize = scrollMembers.first(where: { $0.key == "contentSize" }) else {
                throw error(.missingField, line: value.line, node: id, field: "scroll.contentSize")
            }
            node.scroll = try decodeZoomScales(
                in: scrollMembers,
                of: SceneScroll(contentSize: try size(contentSize.value, node: id, field: "scroll.contentSize")),
                node: id)
        case "onSubmit", "defaultAction":
            let name = try readString(node: id, field: key)
            guard !name.isEmpty else {
                throw error(.invalidValue("an action name must not be empty"), line: line, node: id, field: key)
            }
            if key == "onSubmit" { node.onSubmit = name } else { node.defaultAction = name }
        case "value":
            node.value = try readString(node: id, field: key)
        case "performs":
            var names: [String] = []
            for (index, element) in try array(try readValue(), node: id, field: key).enumerated() {
                names.append(try string(element, node: id, field: "performs[\(index)]"))
            }
            node.performs = names
        default:
            warnUnknownField(key, line: line, known: Self.nodeFields, node: id)
            try skipValue()
        }
    }

    /// Reads a node's `interactions`: again the value read before when the text repeats one;
    /// otherwise straight from the text when it is plainly written, or through the general checks.
    mutating func decodeInteractions(node id: String) throws(SceneError) -> [SceneInteraction] {
        _ = json.peek()
        if let (interactions, text) = readInteractions.value(repeatedAt: json) {
            json.skipRepeated(text)
            return interactions
        }
        let start = json.startRepeatableValue()
        let warningCount = warnings.count
        var interactions: [SceneInteraction]
        if let plain = readPlainInteractions() {
            interactions = plain
        } else {
            interactions = []
            for (index, element) in try array(try readValue(), node: id, field: "interactions").enumerated() {
                interactions.append(try decodeInteraction(element, node: id, field: "interactions[\(index)]"))
            }
        }
        // A value read with warnings is read again, to warn again.
        if warnings.count == warningCount, let text = json.endRepeatableValue(start) {
            readInteractions.remember(interactions, readFrom: text)
        }
        return interactions
    }

    static let interactionKeys = KnownKeys(["kind", "actions", "action", "allowedScrollTypes"])
    static let interactionKinds = KnownKeys(["contextMenu", "secondaryAction", "drag", "pan"])

    /// Reads `interactions` straight from the text when it is plainly written — an array of
    /// objects of a known kind with only that kind's fields, each once and of the right type —
    /// and returns nil, having read nothing, otherwise: then the general reading gives the
    /// messages and warnings, and on plainly written lists both readings give the same value.
    mutating func readPlainInteractions() -> [SceneInteraction]? {
        var reader = json
        var interactions: [SceneInteraction] = []
        do {
            guard reader.peek() == UInt8(ascii: "[") else { return nil }
            if try !reader.beginArray() {
                repeat {
                    guard let interaction = try Self.readPlainInteraction(&reader) else { return nil }
                    interactions.append(interaction)
                } while try reader.nextElement()
            }
        } catch {
            return nil
        }
        json = reader
        return interactions
    }

    /// Reads one interaction for ``readPlainInteractions()``, or returns nil.
    static func readPlainInteraction(_ reader: inout JSONReader) throws(JSONSyntaxError) -> SceneInteraction? {
        guard reader.peek() == UInt8(ascii: "{"), try !reader.beginObject() else { return nil }
        var kind: Int?
        var actions: [String]?
        var action: String?
        var allowed: AllowedScrollTypes?
        repeat {
            let (_, known, _) = try reader.readKey(among: interactionKeys)
            switch known {
            case 0:
                guard kind == nil, reader.peek() == UInt8(ascii: "\"") else { return nil }
                kind = interactionKinds.index(of: try reader.readString())
                guard kind != nil else { return nil }
            case 1:
                guard actions == nil, reader.peek() == UInt8(ascii: "[") else { return nil }
                var titles: [String] = []
                if try !reader.beginArray() {
                    repeat {
                        guard reader.peek() == UInt8(ascii: "\"") else { return nil }
                        titles.append(try reader.readString())
                    } while try reader.nextElement()
                }
                actions = titles
            case 2:
                guard action == nil, reader.peek() == UInt8(ascii: "\"") else { return nil }
                action = try reader.readString()
            case 3:
                guard allowed == nil, reader.peek() == UInt8(ascii: "\"") else { return nil }
                allowed = AllowedScrollTypes(rawValue: try reader.readString())
                guard allowed != nil else { return nil }
            default:
                return nil
            }
        } while try reader.nextMember()
        switch kind {
        case 0 where action == nil && allowed == nil: return .contextMenu(actions: actions ?? [])
        case 1 where actions == nil && allowed == nil: return action.map { .secondaryAction(action: $0) }
        case 2 where actions == nil && action == nil && allowed == nil: return .drag
        case 3 where actions == nil && action == nil: return .pan(allowedScrollTypes: allowed ?? .none)
        default: return nil
        }
    }

    /// Reads a scroll view's zoom scales: numbers within ``SceneScroll/zoomScaleRange``, the
    /// minimum not above the maximum.
    func decodeZoomScales(in members: [JSONMember], of scroll: SceneScroll, node: String) throws(SceneError)
        -> SceneScroll
    {
        var scroll = scroll
        var line = 0
        for member in members where member.key == "minimumZoomScale" || member.key == "maximumZoomScale" {
            let field = "scroll.\(member.key)"
            let scale = try number(member.value, node: node, field: field)
            let range = SceneScroll.zoomScaleRange
            guard range.contains(scale) else {
                throw error(
                    .invalidValue(
                        "the zoom scale \(formatted(scale)) is out of range "
                            + "(from \(formatted(range.lowerBound)) to \(formatted(range.upperBound)))"),
                    line: member.line, node: node, field: field)
            }
            if member.key == "minimumZoomScale" {
                scroll.minimumZoomScale = scale
            } else {
                scroll.maximumZoomScale = scale
            }
            line = max(line, member.line)
        }
        guard scroll.minimumZoomScale <= scroll.maximumZoomScale else {
            throw error(
                .invalidValue(
                    "the minimum zoom scale \(formatted(scroll.minimumZoomScale)) is above the maximum "
                        + "\(formatted(scroll.maximumZoomScale))"),
                line: line, node: node, field: "scroll.maximumZoomScale")
        }
        return scroll
    }

    mutating func decodeFocusEffect(_ value: JSONValue, node: String) throws(SceneError) -> SceneFocusEffect {
        if case .null = value.kind { return .custom }
        let members = try object(value, node: node, field: "focusEffect")
        guard let haloMember = members.first(where: { $0.key == "halo" }) else {
            throw error(
                .invalidValue("expected {\"halo\": {…}} or null"),
                line: value.line,
                node: node,
                field: "focusEffect"
            )
        }
        warnUnknownFields(in: members, known: ["halo"], node: node, prefix: "focusEffect.")
        let haloFields = try object(haloMember.value, node: node, field: "focusEffect.halo")
        warnUnknownFields(
            in: haloFields,
            known: ["cornerRadius", "curve", "rect", "reference", "container"],
            node: node,
            prefix: "focusEffect.halo."
        )
        var halo = SceneHalo()
        for member in haloFields {
            let field = "focusEffect.halo.\(member.key)"
            switch member.key {
            case "cornerRadius":
                halo.cornerRadius = try number(member.value, node: node, field: field)
                guard halo.cornerRadius >= 0 else {
                    throw error(
                        .invalidValue("the corner radius is negative"), line: member.line, node: node, field: field)
                }
            case "curve": halo.curve = try enumeration(member.value, as: SceneHalo.Curve.self, node: node, field: field)
            case "rect": halo.rect = try rect(member.value, node: node, field: field)
            case "reference":
                let target = try string(member.value, node: node, field: field)
                halo.referenceNode = target
                references.append((node, field, member.line, target))
            case "container":
                let target = try string(member.value, node: node, field: field)
                halo.containerNode = target
                references.append((node, field, member.line, target))
            default: break
            }
        }
        return .halo(halo)
    }

    mutating func decodeAccessibilityPath(_ value: JSONValue, node: String) throws(SceneError) -> AccessibilityPath {
        let members = try object(value, node: node, field: "accessibilityPath")
        guard members.count == 1, let member = members.first else {
            throw error(
                .invalidValue("expected exactly one of \"ellipse\", \"roundedRect\" or \"polygon\""),
                line: value.line,
                node: node,
                field: "accessibilityPath"
            )
        }
        let field = "accessibilityPath.\(member.key)"
        switch member.key {
        case "ellipse":
            return .ellipse(try rect(member.value, node: node, field: field))
        case "roundedRect":
            let values = try numbers(
                member.value, count: 5, what: "[x, y, width, height, radius]", node: node, field: field)
            let rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
            guard rect.width >= 0, rect.height >= 0 else {
                throw error(
                    .negativeSize(width: rect.width, height: rect.height), line: member.line, node: node, field: field)
            }
            try checkRange(values, line: member.line, node: node, field: field)
            guard values[4] >= 0 else {
                throw error(.invalidValue("the corner radius is negative"), line: member.line, node: node, field: field)
            }
            return .roundedRect(rect, cornerRadius: values[4])
        case "polygon":
            let elements = try array(member.value, node: node, field: field)
            guard elements.count >= 3 else {
                throw error(
                    .invalidValue("a polygon needs at least 3 points, found \(elements.count)"),
                    line: member.line,
                    node: node,
                    field: field
                )
            }
            var points: [Point] = []
            for (index, element) in elements.enumerated() {
                let xy = try numbers(element, count: 2, what: "[x, y]", node: node, field: "\(field)[\(index)]")
                try checkRange(xy, line: element.line, node: node, field: "\(field)[\(index)]")
                points.append(Point(x: xy[0], y: xy[1]))
            }
            return .polygon(points)
        default:
            throw error(
                .invalidValue("\"\(member.key)\" is not one of \"ellipse\", \"roundedRect\", \"polygon\""),
                line: member.line,
                node: node,
                field: "accessibilityPath"
            )
        }
    }

    mutating func decodeAction(_ value: JSONValue, node: String, field: String) throws(SceneError) -> SceneCustomAction
    {
        let members = try object(value, node: node, field: field)
        warnUnknownFields(in: members, known: ["name", "key"], node: node, prefix: "\(field).")
        guard let nameMember = members.first(where: { $0.key == "name" }) else {
            throw error(.missingField, line: value.line, node: node, field: "\(field).name")
        }
        let name = try string(nameMember.value, node: node, field: "\(field).name")
        guard !name.isEmpty else {
            throw error(
                .invalidValue("an action name must not be empty"), line: nameMember.line, node: node,
                field: "\(field).name")
        }
        var action = SceneCustomAction(name: name)
        if let keyMember = members.first(where: { $0.key == "key" }) {
            action.key = try string(keyMember.value, node: node, field: "\(field).key")
        }
        return action
    }

    mutating func decodeInteraction(_ value: JSONValue, node: String, field: String) throws(SceneError)
        -> SceneInteraction
    {
        let members = try object(value, node: node, field: field)
        guard let kindMember = members.first(where: { $0.key == "kind" }) else {
            throw error(.missingField, line: value.line, node: node, field: "\(field).kind")
        }
        let kind = try string(kindMember.value, node: node, field: "\(field).kind")
        func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
        switch kind {
        case "contextMenu":
            warnUnknownFields(in: members, known: ["kind", "actions"], node: node, prefix: "\(field).")
            var actions: [String] = []
            if let actionsMember = member("actions") {
                for (index, element) in try array(actionsMember.value, node: node, field: "\(field).actions")
                    .enumerated()
                {
                    actions.append(try string(element, node: node, field: "\(field).actions[\(index)]"))
                }
            }
            return .contextMenu(actions: actions)
        case "secondaryAction":
            warnUnknownFields(in: members, known: ["kind", "action"], node: node, prefix: "\(field).")
            guard let actionMember = member("action") else {
                throw error(.missingField, line: value.line, node: node, field: "\(field).action")
            }
            return .secondaryAction(action: try string(actionMember.value, node: node, field: "\(field).action"))
        case "drag":
            warnUnknownFields(in: members, known: ["kind"], node: node, prefix: "\(field).")
            return .drag
        case "pan":
            warnUnknownFields(in: members, known: ["kind", "allowedScrollTypes"], node: node, prefix: "\(field).")
            // UIKit's pan gesture recognizer accepts no scroll input unless asked to.
            var allowed = AllowedScrollTypes.none
            if let allowedMember = member("allowedScrollTypes") {
                allowed = try enumeration(
                    allowedMember.value,
                    as: AllowedScrollTypes.self,
                    node: node,
                    field: "\(field).allowedScrollTypes"
                )
            }
            return .pan(allowedScrollTypes: allowed)
        case "swipeAction":
            warnUnknownFields(
                in: members, known: ["kind", "action", "direction", "touches"], node: node, prefix: "\(field).")
            guard let actionMember = member("action") else {
                throw error(.missingField, line: value.line, node: node, field: "\(field).action")
            }
            let action = try string(actionMember.value, node: node, field: "\(field).action")
            guard !action.isEmpty else {
                throw error(
                    .invalidValue("an action name must not be empty"), line: actionMember.line, node: node,
                    field: "\(field).action")
            }
            // A trailing swipe, as a list row's delete in a left-to-right layout.
            var direction = SceneSwipeDirection.left
            if let directionMember = member("direction") {
                direction = try enumeration(
                    directionMember.value, as: SceneSwipeDirection.self, node: node, field: "\(field).direction")
            }
            var touches = 1
            if let touchesMember = member("touches") {
                touches = try integer(touchesMember.value, node: node, field: "\(field).touches")
                guard (1...SceneInteraction.maximumSwipeTouches).contains(touches) else {
                    throw error(
                        .invalidValue(
                            "a swipe takes from 1 to \(SceneInteraction.maximumSwipeTouches) fingers, not \(touches)"),
                        line: touchesMember.line, node: node, field: "\(field).touches")
                }
            }
            return .swipeAction(action: action, direction: direction, touches: touches)
        case "hover":
            warnUnknownFields(in: members, known: ["kind", "effect"], node: node, prefix: "\(field).")
            var effect = ScenePointerEffect.highlight
            if let effectMember = member("effect") {
                effect = try enumeration(
                    effectMember.value, as: ScenePointerEffect.self, node: node, field: "\(field).effect")
            }
            return .hover(effect: effect)
        default:
            let kinds = SceneInteraction.kinds
            throw error(
                .invalidValue(
                    "\"\(kind)\" is not one of " + kinds.map { "\"\($0)\"" }.joined(separator: ", ")
                        + Suggestion.text(Suggestion.closest(to: kind, among: kinds))
                ),
                line: kindMember.line,
                node: node,
                field: "\(field).kind"
            )
        }
    }
}

/// Values read from the text, by where their text is, so that a value written again byte for byte
/// is not read again and is shared: the last few distinct ones, each found by comparing bytes.
struct RepeatedValues<Value> {
    /// How many values are kept: generated scenes repeat a handful of values (a grid's cells
    /// alternate two interaction lists), and each miss costs a comparison with every one kept.
    static var capacity: Int { 8 }

    private struct Entry {
        var text: JSONReader.RepeatableText
        var value: Value
    }

    private var entries: [Entry] = []
    /// The entry the next new value replaces once all are taken.
    private var next = 0

    /// The value whose text `reader` is at, and that text (to move the reader past it); nil when
    /// no kept value's text repeats there.
    func value(repeatedAt reader: JSONReader) -> (Value, JSONReader.RepeatableText)? {
        for entry in entries where reader.repeats(entry.text) { return (entry.value, entry.text) }
        return nil
    }

    /// Keeps `value`, read from `text`.
    mutating func remember(_ value: Value, readFrom text: JSONReader.RepeatableText) {
        let entry = Entry(text: text, value: value)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
    }
}

/// The ids of a scene with the line each was first seen on, to find an id used twice.
///
/// ASCII ids (the usual ones) are kept in a table of their own, hashed on their bytes with a keyed
/// hash, cheaper than a dictionary of strings: ASCII strings are equal exactly when their bytes
/// are. The first id with other characters moves every id into a dictionary of strings, which
/// compares them as strings are compared (canonically equivalent ids are the same id, whatever
/// their bytes).
struct IdentifierLines {
    private struct Entry {
        var id: String
        var line: Int
        var hash: UInt64
    }

    /// The ASCII ids in the order they came.
    private var entries: [Entry] = []
    /// An open-addressing table of indices into `entries` plus one, by hash; 0 marks an empty
    /// slot. Its size is a power of two, kept at least twice the number of entries.
    private var slots: [UInt32] = Array(repeating: 0, count: 1_024)
    /// Every id, once one is not ASCII.
    private var strings: [String: Int]?

    /// Records `id`, seen on `line`. Returns nil, or the line it was first seen on when it was
    /// seen before (then nothing is recorded).
    mutating func insert(_ id: String, line: Int) -> Int? {
        if strings == nil, let hash = Self.hash(ofASCII: id) {
            if let index = find(id, hash: hash) { return entries[index].line }
            if (entries.count + 1) * 2 > slots.count { grow() }
            entries.append(Entry(id: id, line: line, hash: hash))
            place(entries.count - 1)
            return nil
        }
        moveToStrings()
        if let first = strings?[id] { return first }
        strings?[id] = line
        return nil
    }

    /// The line `id` was first seen on, or nil.
    mutating func firstLine(of id: String) -> Int? {
        if strings == nil, let hash = Self.hash(ofASCII: id) { return find(id, hash: hash).map { entries[$0].line } }
        moveToStrings()
        return strings?[id]
    }

    private func find(_ id: String, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if entries[index].hash == hash && entries[index].id == id { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for index in entries.indices { place(index) }
    }

    private mutating func moveToStrings() {
        guard strings == nil else { return }
        var strings: [String: Int] = [:]
        for entry in entries { strings[entry.id] = entry.line }
        self.strings = strings
        entries = []
        slots = [0]
    }

    /// The hash of an ASCII string's bytes, or nil when the string is not ASCII.
    ///
    /// Ids come from files anyone may write, so the hash is Swift's `Hasher` (SipHash with a
    /// key chosen at random for each process): an unkeyed hash such as FNV-1a lets a file pick
    /// ids that all land in one run of the table, and each insertion then walks the run, which
    /// made 2^17 such ids load 40 times slower than as many ordinary ones (issue 23).
    private static func hash(ofASCII id: String) -> UInt64? {
        func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            var allBits: UInt8 = 0
            for byte in bytes { allBits |= byte }
            guard allBits < 0x80 else { return nil }
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return UInt64(UInt(bitPattern: hasher.finalize()))
        }
        // Small and native strings lend their bytes; others are copied.
        if let hashed = id.utf8.withContiguousStorageIfAvailable({ hash($0) }) { return hashed }
        return Array(id.utf8).withUnsafeBufferPointer { hash($0) }
    }
}

/// Finds a key repeated in one object in time linear in the number of keys: known fields by a bit
/// each, other keys in a set made only when the object has some.
struct KeyTracker {
    private var known: UInt64 = 0
    private var others: Set<String>?

    /// Records `key`; false when it was already seen. `knownIndex` is its position among the
    /// object's known fields (fewer than 64), if it is one.
    mutating func insert(_ key: String, knownIndex: Int?) -> Bool {
        if let knownIndex, knownIndex < UInt64.bitWidth {
            let bit: UInt64 = 1 << UInt64(knownIndex)
            defer { known |= bit }
            return known & bit == 0
        }
        if others == nil { others = [] }
        return others?.insert(key).inserted ?? true
    }
}
