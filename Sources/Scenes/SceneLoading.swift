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
        try load(contentsOf: url, file: url.path)
    }

    /// Reads and validates the scene file at `path`; errors and warnings name the file as given.
    ///
    /// - Throws: A ``SceneError`` naming the file, the line, the node and the field.
    public static func load(path: String) throws(SceneError) -> LoadedScene {
        try load(contentsOf: URL(fileURLWithPath: path), file: path)
    }

    private static func load(contentsOf url: URL, file: String) throws(SceneError) -> LoadedScene {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneError(
                file: file,
                line: nil,
                nodeID: nil,
                field: nil,
                kind: .unreadable(reason: (error as NSError).localizedDescription)
            )
        }
        return try parse(Array(data), file: file)
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
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw SceneError(file: file, line: error.line, nodeID: nil, field: nil, kind: .syntax(error.message))
        }
        var decoder = SceneDecoder(file: file)
        let scene = try decoder.decodeScene(document)
        return LoadedScene(scene: scene, warnings: decoder.warnings)
    }
}

/// Turns a parsed JSON document into a validated ``Scene``.
private struct SceneDecoder {
    static let sceneFields: Set<String> = [
        "size", "layoutDirection", "selectKey", "directionalSearch", "description", "root",
    ]
    static let nodeFields: Set<String> = [
        "id", "frame", "children", "role", "focusable", "allowsFocus", "focusGroup", "priority", "selected",
        "selectionFollowsFocus", "focusSection", "focusEffect", "label", "inputLabels",
        "respondsToUserInteraction", "accessibilityPath", "actions", "interactions", "scroll",
    ]

    let file: String
    var warnings: [SceneWarning] = []
    /// The line on which each id was first seen.
    var idLines: [String: Int] = [:]
    /// Node references to check once every id is known: (node, field, line, referenced id).
    var references: [(nodeID: String, field: String, line: Int, target: String)] = []

    init(file: String) {
        self.file = file
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
        known: Set<String>,
        node: String?,
        prefix: String = ""
    ) {
        for member in members where !known.contains(member.key) {
            warnings.append(
                SceneWarning(
                    file: file, line: member.line, nodeID: node, field: prefix + member.key, kind: .unknownField)
            )
        }
    }

    // MARK: Typed readers

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
            throw error(
                .invalidValue("\"\(name)\" is not one of \(allowed)"), line: value.line, node: node, field: field)
        }
        return result
    }

    // MARK: Scene

    mutating func decodeScene(_ document: JSONValue) throws(SceneError) -> Scene {
        let members = try object(document, node: nil, field: "(top level)")
        warnUnknownFields(in: members, known: Self.sceneFields, node: nil)
        guard let rootMember = members.first(where: { $0.key == "root" }) else {
            throw error(.missingField, line: document.line, node: nil, field: "root")
        }
        let root = try decodeNode(rootMember.value, field: "root")
        var scene = Scene(root: root)
        for member in members {
            let value = member.value
            switch member.key {
            case "size": scene.size = try size(value, node: nil, field: "size")
            case "layoutDirection":
                scene.layoutDirection = try enumeration(
                    value, as: LayoutDirection.self, node: nil, field: "layoutDirection")
            case "selectKey":
                scene.selectKey = try enumeration(value, as: SelectKey.self, node: nil, field: "selectKey")
            case "directionalSearch":
                scene.directionalSearch = try enumeration(
                    value,
                    as: DirectionalSearch.self,
                    node: nil,
                    field: "directionalSearch"
                )
            case "description": scene.description = try string(value, node: nil, field: "description")
            default: break
            }
        }
        for reference in references where idLines[reference.target] == nil {
            throw error(
                .unknownNodeReference(reference.target),
                line: reference.line,
                node: reference.nodeID,
                field: reference.field
            )
        }
        return scene
    }

    // MARK: Nodes

    /// Decodes one node; `field` says where it sits (`root`, `children[2]`) for errors that come
    /// before its id is known.
    mutating func decodeNode(_ value: JSONValue, field: String, parentID: String? = nil) throws(SceneError) -> SceneNode
    {
        let members = try object(value, node: parentID, field: field)
        guard let idMember = members.first(where: { $0.key == "id" }) else {
            throw error(.missingField, line: value.line, node: parentID, field: "\(field).id")
        }
        let id = try string(idMember.value, node: parentID, field: "\(field).id")
        guard !id.isEmpty else {
            throw error(
                .invalidValue("an id must not be empty"), line: idMember.line, node: parentID, field: "\(field).id")
        }
        if let firstLine = idLines[id] {
            throw error(.duplicateID(firstLine: firstLine), line: idMember.line, node: id, field: "id")
        }
        idLines[id] = idMember.line
        guard let frameMember = members.first(where: { $0.key == "frame" }) else {
            throw error(.missingField, line: value.line, node: id, field: "frame")
        }
        var node = SceneNode(id: id, frame: try rect(frameMember.value, node: id, field: "frame"), line: value.line)
        warnUnknownFields(in: members, known: Self.nodeFields, node: id)

        for member in members {
            let value = member.value
            let key = member.key
            switch key {
            case "id", "frame": break
            case "children":
                let elements = try array(value, node: id, field: key)
                for (index, element) in elements.enumerated() {
                    node.children.append(try decodeNode(element, field: "children[\(index)]", parentID: id))
                }
            case "role": node.role = NodeRole(rawValue: try string(value, node: id, field: key))
            case "focusable": node.focusable = try bool(value, node: id, field: key)
            case "allowsFocus": node.allowsFocus = try bool(value, node: id, field: key)
            case "focusGroup":
                let group = try string(value, node: id, field: key)
                guard !group.isEmpty else {
                    throw error(
                        .invalidValue("a focus group identifier must not be empty"), line: member.line, node: id,
                        field: key)
                }
                node.focusGroup = group
            case "priority":
                let priority = try integer(value, node: id, field: key)
                if priority < 0 {
                    // UIKit ignores negative focus group priorities; so do we, but say so.
                    warnings.append(
                        SceneWarning(
                            file: file,
                            line: member.line,
                            nodeID: id,
                            field: key,
                            kind: .ignoredField(reason: "negative priorities are ignored")
                        )
                    )
                } else {
                    node.priority = priority
                }
            case "selected": node.selected = try bool(value, node: id, field: key)
            case "selectionFollowsFocus": node.selectionFollowsFocus = try bool(value, node: id, field: key)
            case "focusSection": node.focusSection = try bool(value, node: id, field: key)
            case "focusEffect": node.focusEffect = try decodeFocusEffect(value, node: id)
            case "label": node.label = try string(value, node: id, field: key)
            case "inputLabels":
                for (index, element) in try array(value, node: id, field: key).enumerated() {
                    node.inputLabels.append(try string(element, node: id, field: "inputLabels[\(index)]"))
                }
            case "respondsToUserInteraction": node.respondsToUserInteraction = try bool(value, node: id, field: key)
            case "accessibilityPath": node.accessibilityPath = try decodeAccessibilityPath(value, node: id)
            case "actions":
                for (index, element) in try array(value, node: id, field: key).enumerated() {
                    node.actions.append(try decodeAction(element, node: id, field: "actions[\(index)]"))
                }
            case "interactions":
                for (index, element) in try array(value, node: id, field: key).enumerated() {
                    node.interactions.append(try decodeInteraction(element, node: id, field: "interactions[\(index)]"))
                }
            case "scroll":
                let scrollMembers = try object(value, node: id, field: key)
                warnUnknownFields(in: scrollMembers, known: ["contentSize"], node: id, prefix: "scroll.")
                guard let contentSize = scrollMembers.first(where: { $0.key == "contentSize" }) else {
                    throw error(.missingField, line: value.line, node: id, field: "scroll.contentSize")
                }
                node.scroll = SceneScroll(
                    contentSize: try size(contentSize.value, node: id, field: "scroll.contentSize"))
            default: break  // reported by warnUnknownFields
            }
        }
        return node
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
        default:
            throw error(
                .invalidValue(
                    "\"\(kind)\" is not one of \"contextMenu\", \"secondaryAction\", \"drag\", \"pan\""
                ),
                line: kindMember.line,
                node: node,
                field: "\(field).kind"
            )
        }
    }
}
