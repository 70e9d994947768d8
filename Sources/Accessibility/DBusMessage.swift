import CDBus

/// The D-Bus type codes this module writes and reads (`DBUS_TYPE_…` in libdbus, whose macros are
/// casts that Swift does not import).
enum DBusType {
    static let boolean = code("b")
    static let int16 = code("n")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let double = code("d")
    static let string = code("s")
    static let objectPath = code("o")
    static let array = code("a")
    static let variant = code("v")
    static let structure = code("r")
    static let dictEntry = code("e")
    static let invalid: Int32 = 0

    private static func code(_ letter: Unicode.Scalar) -> Int32 { Int32(letter.value) }
}

/// The kinds of message (`DBUS_MESSAGE_TYPE_…`).
enum DBusMessageKind: Int32 {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
}

/// One D-Bus message, owning its reference.
///
/// ```swift
/// let call = Message(methodCall: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
///                    member: "GetAddress")
/// call.write { $0.append("argument") }
/// ```
final class Message {
    /// The libdbus message.
    let pointer: OpaquePointer

    /// Takes over a reference the caller owns.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Takes a new reference to a message libdbus lends.
    init(retaining pointer: OpaquePointer) {
        self.pointer = dbus_message_ref(pointer)
    }

    deinit { dbus_message_unref(pointer) }

    /// A method call.
    convenience init(methodCall destination: String?, path: String, interface: String, member: String) {
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            fatalError("out of memory making a D-Bus method call")
        }
        self.init(owning: message)
    }

    /// A signal.
    convenience init(signalAt path: String, interface: String, member: String) {
        guard let message = dbus_message_new_signal(path, interface, member) else {
            fatalError("out of memory making a D-Bus signal")
        }
        self.init(owning: message)
    }

    /// The reply to a method call.
    convenience init(replyTo call: Message) {
        guard let message = dbus_message_new_method_return(call.pointer) else {
            fatalError("out of memory making a D-Bus reply")
        }
        self.init(owning: message)
    }

    /// An error reply to a method call.
    convenience init(errorReplyTo call: Message, name: String, text: String) {
        guard let message = dbus_message_new_error(call.pointer, name, Message.validText(text)) else {
            fatalError("out of memory making a D-Bus error")
        }
        self.init(owning: message)
    }

    /// The kind of message.
    var kind: DBusMessageKind? { DBusMessageKind(rawValue: dbus_message_get_type(pointer)) }
    /// The object path it is addressed to (calls) or sent from (signals).
    var path: String? { dbus_message_get_path(pointer).map { String(cString: $0) } }
    /// The interface.
    var interface: String? { dbus_message_get_interface(pointer).map { String(cString: $0) } }
    /// The method or signal name.
    var member: String? { dbus_message_get_member(pointer).map { String(cString: $0) } }
    /// The error's name, for an error reply.
    var errorName: String? { dbus_message_get_error_name(pointer).map { String(cString: $0) } }
    /// The body's signature (`siiv(so)`).
    var signature: String { dbus_message_get_signature(pointer).map { String(cString: $0) } ?? "" }
    /// Whether the sender waits for no reply.
    var expectsReply: Bool { dbus_message_get_no_reply(pointer) == 0 }

    /// Tells the receiver not to reply (for a call sent without waiting).
    func expectsNoReply() { dbus_message_set_no_reply(pointer, 1) }

    /// The error reply's text: its first argument when it is a string.
    var errorText: String {
        var reader = reader()
        return reader.readString() ?? errorName ?? "unknown error"
    }

    /// Appends arguments to the body.
    func write(_ body: (MessageWriter) -> Void) {
        let iterator = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { iterator.deallocate() }
        dbus_message_iter_init_append(pointer, iterator)
        body(MessageWriter(iterator: iterator))
    }

    /// A reader at the body's first argument.
    func reader() -> MessageReader {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iterator) != 0 else { return MessageReader(iterator: nil) }
        return MessageReader(iterator: iterator)
    }

    /// Text as D-Bus strings may carry it: valid UTF-8 (which a Swift string always is) without
    /// NUL characters, which libdbus would take for the string's end.
    static func validText(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return String(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : Character($0) })
    }
}

/// Appends arguments to a message, containers included.
///
/// ```swift
/// message.write { writer in
///     writer.appendStruct { $0.append(busName); $0.appendObjectPath(path) }
/// }
/// ```
struct MessageWriter {
    fileprivate let iterator: UnsafeMutablePointer<DBusMessageIter>

    private func appendBasic<Value: BitwiseCopyable>(_ type: Int32, _ value: Value) {
        var value = value
        let appended = withUnsafePointer(to: &value) { dbus_message_iter_append_basic(iterator, type, $0) }
        guard appended != 0 else {
            fatalError("out of memory writing a D-Bus message")
        }
    }

    /// Appends a string (`s`).
    func append(_ value: String) {
        Message.validText(value).withCString { appendBasic(DBusType.string, $0) }
    }

    /// Appends an object path (`o`); the path must be valid.
    func appendObjectPath(_ value: String) {
        value.withCString { appendBasic(DBusType.objectPath, $0) }
    }

    /// Appends a 32-bit integer (`i`).
    func append(_ value: Int32) { appendBasic(DBusType.int32, value) }

    /// Appends an unsigned 32-bit integer (`u`).
    func append(_ value: UInt32) { appendBasic(DBusType.uint32, value) }

    /// Appends a 16-bit integer (`n`).
    func append(_ value: Int16) { appendBasic(DBusType.int16, value) }

    /// Appends a boolean (`b`).
    func append(_ value: Bool) { appendBasic(DBusType.boolean, dbus_bool_t(value ? 1 : 0)) }

    /// Appends a double (`d`).
    func append(_ value: Double) { appendBasic(DBusType.double, value) }

    private func appendContainer(_ type: Int32, signature: String?, _ body: (MessageWriter) -> Void) {
        let inner = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { inner.deallocate() }
        let opened: dbus_bool_t
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(iterator, type, $0, inner) }
        } else {
            opened = dbus_message_iter_open_container(iterator, type, nil, inner)
        }
        guard opened != 0 else { fatalError("out of memory writing a D-Bus message") }
        body(MessageWriter(iterator: inner))
        guard dbus_message_iter_close_container(iterator, inner) != 0 else {
            fatalError("out of memory writing a D-Bus message")
        }
    }

    /// Appends a structure (`(…)`) whose fields `body` appends.
    func appendStruct(_ body: (MessageWriter) -> Void) { appendContainer(DBusType.structure, signature: nil, body) }

    /// Appends an array whose elements, of type `elementSignature`, `body` appends.
    func appendArray(of elementSignature: String, _ body: (MessageWriter) -> Void) {
        appendContainer(DBusType.array, signature: elementSignature, body)
    }

    /// Appends a variant holding one value of type `signature`, which `body` appends.
    func appendVariant(_ signature: String, _ body: (MessageWriter) -> Void) {
        appendContainer(DBusType.variant, signature: signature, body)
    }

    /// Appends a dictionary entry (inside an array of `{…}`) whose key and value `body` appends.
    func appendDictEntry(_ body: (MessageWriter) -> Void) {
        appendContainer(DBusType.dictEntry, signature: nil, body)
    }

    /// Appends an object reference `(so)`: a bus name and an object path.
    func appendReference(_ reference: ObjectReference) {
        appendStruct {
            $0.append(reference.busName)
            $0.appendObjectPath(reference.path)
        }
    }
}

/// Reads a message's arguments in order; every read checks the type and returns nil on a
/// mismatch, so that a malformed call is refused rather than trusted.
struct MessageReader {
    private var iterator: DBusMessageIter?

    fileprivate init(iterator: DBusMessageIter?) {
        self.iterator = iterator
    }

    /// The type code of the current argument (``DBusType/invalid`` at the end).
    var currentType: Int32 {
        guard var iterator else { return DBusType.invalid }
        return dbus_message_iter_get_arg_type(&iterator)
    }

    private mutating func readBasic<Value: BitwiseCopyable>(_ type: Int32, initial: Value) -> Value? {
        guard var current = iterator, dbus_message_iter_get_arg_type(&current) == type else { return nil }
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&current, $0) }
        dbus_message_iter_next(&current)
        iterator = current
        return value
    }

    /// Reads a string (`s`).
    mutating func readString() -> String? {
        readBasic(DBusType.string, initial: UnsafePointer<CChar>?.none).flatMap { $0.map { String(cString: $0) } }
    }

    /// Reads an object path (`o`).
    mutating func readObjectPath() -> String? {
        readBasic(DBusType.objectPath, initial: UnsafePointer<CChar>?.none).flatMap { $0.map { String(cString: $0) } }
    }

    /// Reads a 32-bit integer (`i`).
    mutating func readInt32() -> Int32? { readBasic(DBusType.int32, initial: Int32(0)) }

    /// Reads an unsigned 32-bit integer (`u`).
    mutating func readUInt32() -> UInt32? { readBasic(DBusType.uint32, initial: UInt32(0)) }

    /// Reads a boolean (`b`).
    mutating func readBool() -> Bool? { readBasic(DBusType.boolean, initial: dbus_bool_t(0)).map { $0 != 0 } }

    /// Reads a container of `type` with `body`, and moves past it.
    private mutating func readContainer<Result>(_ type: Int32, _ body: (inout MessageReader) -> Result?) -> Result? {
        guard var current = iterator, dbus_message_iter_get_arg_type(&current) == type else { return nil }
        var inner = DBusMessageIter()
        dbus_message_iter_recurse(&current, &inner)
        var reader = MessageReader(iterator: inner)
        guard let result = body(&reader) else { return nil }
        dbus_message_iter_next(&current)
        iterator = current
        return result
    }

    /// Reads a structure with `body`.
    mutating func readStruct<Result>(_ body: (inout MessageReader) -> Result?) -> Result? {
        readContainer(DBusType.structure, body)
    }

    /// Reads a dictionary entry (`{…}`) with `body`.
    mutating func readDictEntry<Result>(_ body: (inout MessageReader) -> Result?) -> Result? {
        readContainer(DBusType.dictEntry, body)
    }

    /// Reads a variant's value with `body`.
    mutating func readVariant<Result>(_ body: (inout MessageReader) -> Result?) -> Result? {
        readContainer(DBusType.variant, body)
    }

    /// Reads an array, calling `element` for each element until it returns nil (a mismatch).
    /// - Returns: The elements, or nil when the argument is not an array or an element does not
    ///   read.
    mutating func readArray<Element>(_ element: (inout MessageReader) -> Element?) -> [Element]? {
        readContainer(DBusType.array) { reader in
            var elements: [Element] = []
            while reader.currentType != DBusType.invalid {
                guard let value = element(&reader) else { return nil }
                elements.append(value)
            }
            return elements
        }
    }

    /// Reads an object reference `(so)`.
    mutating func readReference() -> ObjectReference? {
        readStruct { reader in
            guard let name = reader.readString(), let path = reader.readObjectPath() else { return nil }
            return ObjectReference(busName: name, path: path)
        }
    }
}

/// A reference to an object on the bus: the unique name of the connection that serves it and its
/// path. AT-SPI2 passes these as `(so)`.
struct ObjectReference: Hashable, Sendable {
    /// The unique bus name (`:1.42`), empty for the null object.
    var busName: String
    /// The object path.
    var path: String

    /// The null reference AT-SPI2 uses for "no object".
    static let null = ObjectReference(busName: "", path: "/org/a11y/atspi/null")
}
