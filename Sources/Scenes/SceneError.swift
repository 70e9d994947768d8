import FocusEngine
import Geometry

/// Why a scene file was refused. Every error names the file and line, and, where it applies, the
/// node id and the field.
///
/// Its description reads like a compiler diagnostic:
/// `photos.scene.json:14: node "photo-1", field "frame": the width is negative (-3)`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The file could not be read.
        case unreadable(reason: String)
        /// The text is not valid JSON.
        case syntax(String)
        /// A required field is absent.
        case missingField
        /// A field holds the wrong type of value.
        case wrongType(expected: String, found: String)
        /// A field holds a value outside its allowed set or range.
        case invalidValue(String)
        /// Two nodes share an id; `firstLine` is where the id was first used.
        case duplicateID(firstLine: Int?)
        /// A frame (or rectangle) has a negative width or height.
        case negativeSize(width: Double, height: Double)
        /// A field names a node id that the scene does not contain.
        case unknownNodeReference(String)
    }

    /// The file's name or path, as given to the loader.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The id of the node concerned, when the error is inside a node that has one.
    public var nodeID: String?
    /// The field concerned (a dotted path such as `focusEffect.halo.cornerRadius`).
    public var field: String?
    /// What went wrong.
    public var kind: Kind

    /// Creates an error.
    public init(file: String, line: Int?, nodeID: String?, field: String?, kind: Kind) {
        self.file = file
        self.line = line
        self.nodeID = nodeID
        self.field = field
        self.kind = kind
    }

    /// `file:line: node "id", field "f": message`.
    public var description: String {
        var text = diagnosticPrefix(file: file, line: line, nodeID: nodeID, field: field)
        switch kind {
        case .unreadable(let reason): text += "cannot read the scene: \(reason)"
        case .syntax(let message): text += "invalid JSON: \(message)"
        case .missingField: text += "this required field is missing"
        case .wrongType(let expected, let found): text += "expected \(expected), found \(found)"
        case .invalidValue(let message): text += message
        case .duplicateID(let firstLine):
            text += "the id is already used"
            if let firstLine { text += " on line \(firstLine)" }
        case .negativeSize(let width, let height):
            text += "the size is negative (width \(formatted(width)), height \(formatted(height)))"
        case .unknownNodeReference(let id): text += "no node has the id \"\(id)\""
        }
        return text
    }
}

/// Something in a scene file that was accepted but probably is not what the author meant.
/// The loader returns warnings; it never prints them.
public struct SceneWarning: Hashable, Sendable, CustomStringConvertible {
    /// What the warning is about.
    public enum Kind: Hashable, Sendable {
        /// A field this version does not know; it was ignored.
        case unknownField
        /// A field that has no effect where it is (for example `allowsFocus` on a cell).
        case ignoredField(reason: String)
        /// A `role` this version does not know; it is kept as written, with no special meaning.
        case unknownRole(String)
    }

    /// The file's name or path.
    public var file: String
    /// The 1-based line.
    public var line: Int?
    /// The node concerned, if the field is inside one.
    public var nodeID: String?
    /// The field.
    public var field: String
    /// What the warning is about.
    public var kind: Kind
    /// The known name closest to the one written, when one is close ("did you mean …?").
    public var suggestion: String?

    /// Creates a warning.
    public init(file: String, line: Int?, nodeID: String?, field: String, kind: Kind, suggestion: String? = nil) {
        self.file = file
        self.line = line
        self.nodeID = nodeID
        self.field = field
        self.kind = kind
        self.suggestion = suggestion
    }

    /// `file:line: node "id": unknown field "f" is ignored`.
    public var description: String {
        var text = diagnosticPrefix(file: file, line: line, nodeID: nodeID, field: nil)
        switch kind {
        case .unknownField: text += "unknown field \"\(field)\" is ignored"
        case .ignoredField(let reason): text += "field \"\(field)\" has no effect: \(reason)"
        case .unknownRole(let role): text += "unknown role \"\(role)\" has no special meaning"
        }
        return text + Suggestion.text(suggestion)
    }
}

/// The start of a scene diagnostic, `file:line: node "id", field "f": `, leaving out the parts
/// that are unknown.
private func diagnosticPrefix(file: String, line: Int?, nodeID: String?, field: String?) -> String {
    var text = file
    if let line { text += ":\(line)" }
    // A path given as "" is not shown as nothing before a colon; the message says it is empty.
    if !text.isEmpty { text += ": " }
    var subject: [String] = []
    if let nodeID { subject.append("node \"\(nodeID)\"") }
    if let field { subject.append("field \"\(field)\"") }
    if !subject.isEmpty { text += subject.joined(separator: ", ") + ": " }
    return text
}
