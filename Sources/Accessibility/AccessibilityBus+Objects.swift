import Geometry

/// The answers to screen readers' calls: the AT-SPI2 interfaces of the application's root and of
/// every element, with the signatures of at-spi2-core's `xml/` descriptions.
///
/// | object | interfaces |
/// | --- | --- |
/// | root (`…/accessible/root`) | `Accessible`, `Application` |
/// | element | `Accessible`; `Component` with a frame; `Action` with actions; `Text` with text |
///
/// Every object also answers `org.freedesktop.DBus.Properties` (`Get`, `GetAll`, and `Set` for the
/// registry's `Application.Id`) and `org.freedesktop.DBus.Introspectable`. A call to anything
/// else gets `UnknownMethod`; to an element the tree no longer has, `UnknownObject`; with
/// arguments of the wrong types, `InvalidArgs`.
extension AccessibilityBus {
    /// What an object path names.
    enum Target: Hashable {
        case application
        case element(AccessibleID)
        case cache
    }

    /// The path of the `Cache` object libatspi asks for an application's tree in one call.
    static let cachePath = "/org/a11y/atspi/cache"

    static let accessibleInterface = "org.a11y.atspi.Accessible"
    static let applicationInterface = "org.a11y.atspi.Application"
    static let componentInterface = "org.a11y.atspi.Component"
    static let actionInterface = "org.a11y.atspi.Action"
    static let textInterface = "org.a11y.atspi.Text"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let introspectableInterface = "org.freedesktop.DBus.Introspectable"

    /// The AT-SPI2 version the `Application` interface reports.
    static let atspiVersion = "2.1"

    /// The target of an object path; nil for a path that names nothing here.
    static func target(of path: String) -> Target? {
        if path == rootPath { return .application }
        if path == cachePath { return .cache }
        guard path.hasPrefix(elementPathPrefix), let number = UInt64(path.dropFirst(elementPathPrefix.count)) else {
            return nil
        }
        return .element(AccessibleID(rawValue: number))
    }

    /// A failed call, as a D-Bus error name and text.
    struct CallError: Error {
        var name: String
        var text: String

        static func unknownMethod(_ interface: String?, _ member: String?) -> CallError {
            CallError(
                name: "org.freedesktop.DBus.Error.UnknownMethod",
                text: "no method \(member ?? "?") on interface \(interface ?? "(none)")")
        }
        static let invalidArguments = CallError(
            name: "org.freedesktop.DBus.Error.InvalidArgs", text: "the arguments have the wrong types")
        static func outOfRange(_ index: Int32) -> CallError {
            CallError(name: "org.freedesktop.DBus.Error.InvalidArgs", text: "index \(index) is out of range")
        }
        static func unknownObject(_ path: String) -> CallError {
            CallError(name: "org.freedesktop.DBus.Error.UnknownObject", text: "no object at \(path)")
        }
    }

    /// Answers one method call.
    func respond(to call: Message) -> Message? {
        let path = call.path ?? ""
        do {
            guard let target = Self.target(of: path) else { throw CallError.unknownObject(path) }
            let reply = Message(replyTo: call)
            switch target {
            case .application:
                try respondAsApplication(to: call, reply: reply)
            case .element(let id):
                guard let element = tree.element(id) else { throw CallError.unknownObject(path) }
                try respond(to: call, element: element, id: id, reply: reply)
            case .cache:
                // The tree is read object by object: the cache hands over nothing, in the form
                // libatspi 2.46 reads (an application need not fill it).
                guard call.interface == "org.a11y.atspi.Cache" || call.interface == nil, call.member == "GetItems"
                else { throw CallError.unknownMethod(call.interface, call.member) }
                reply.write { $0.appendArray(of: "((so)(so)(so)iiassusau)") { _ in } }
            }
            return reply
        } catch let error as CallError {
            return Message(errorReplyTo: call, name: error.name, text: error.text)
        } catch {
            return Message(errorReplyTo: call, name: "org.freedesktop.DBus.Error.Failed", text: "\(error)")
        }
    }

    // MARK: The application

    private var applicationInterfaces: [String] { [Self.accessibleInterface, Self.applicationInterface] }

    private func respondAsApplication(to call: Message, reply: Message) throws {
        var arguments = call.reader()
        let windows = tree.windows
        switch (call.interface, call.member) {
        case (Self.propertiesInterface?, "Get"):
            guard let interface = arguments.readString(), let name = arguments.readString() else {
                throw CallError.invalidArguments
            }
            guard let property = applicationProperty(interface: interface, name: name, windows: windows) else {
                throw CallError.unknownMethod(interface, name)
            }
            reply.write { writer in writer.appendVariant(property.signature, property.write) }
        case (Self.propertiesInterface?, "GetAll"):
            guard let interface = arguments.readString() else { throw CallError.invalidArguments }
            let names =
                interface == Self.applicationInterface
                ? ["ToolkitName", "Version", "AtspiVersion", "Id"]
                : interface == Self.accessibleInterface ? Self.accessibleProperties : []
            reply.write { writer in
                writer.appendArray(of: "{sv}") { array in
                    for name in names {
                        guard let property = applicationProperty(interface: interface, name: name, windows: windows)
                        else { continue }
                        array.appendDictEntry { entry in
                            entry.append(name)
                            entry.appendVariant(property.signature, property.write)
                        }
                    }
                }
            }
        case (Self.propertiesInterface?, "Set"):
            guard let interface = arguments.readString(), let name = arguments.readString() else {
                throw CallError.invalidArguments
            }
            guard interface == Self.applicationInterface, name == "Id" else {
                throw CallError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", text: "\(name) is read-only")
            }
            guard let id = arguments.readVariant({ $0.readInt32() }) else { throw CallError.invalidArguments }
            applicationID = id
        case (Self.introspectableInterface?, "Introspect"):
            reply.write { $0.append(Self.introspection(of: applicationInterfaces)) }
        case (Self.applicationInterface?, "GetLocale"), (nil, "GetLocale"):
            reply.write { $0.append("") }
        case (Self.applicationInterface?, "GetApplicationBusAddress"), (nil, "GetApplicationBusAddress"):
            // No peer-to-peer server: screen readers use the accessibility bus.
            reply.write { $0.append("") }
        case (Self.accessibleInterface?, let member?), (nil, let member?):
            try respondAsAccessible(
                member: member, arguments: &arguments, reply: reply,
                role: .application, name: application.name, states: [], attributes: [:],
                parent: desktop ?? .null, indexInParent: -1, children: windows,
                interfaces: applicationInterfaces, identifier: "")
        default:
            throw CallError.unknownMethod(call.interface, call.member)
        }
    }

    /// A property's type and how to write its value.
    struct Property {
        var signature: String
        var write: (MessageWriter) -> Void
    }

    static let accessibleProperties = ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"]

    private func applicationProperty(interface: String, name: String, windows: [AccessibleID]) -> Property? {
        switch (interface, name) {
        case (Self.applicationInterface, "ToolkitName"): string(application.toolkitName)
        case (Self.applicationInterface, "Version"): string(application.toolkitVersion)
        case (Self.applicationInterface, "AtspiVersion"): string(Self.atspiVersion)
        case (Self.applicationInterface, "Id"): Property(signature: "i") { [applicationID] in $0.append(applicationID) }
        case (Self.accessibleInterface, "Name"): string(application.name)
        case (Self.accessibleInterface, "Description"): string("")
        case (Self.accessibleInterface, "Parent"):
            Property(signature: "(so)") { [desktop] in $0.appendReference(desktop ?? .null) }
        case (Self.accessibleInterface, "ChildCount"):
            Property(signature: "i") { $0.append(Int32(clamping: windows.count)) }
        case (Self.accessibleInterface, "Locale"): string("")
        case (Self.accessibleInterface, "AccessibleId"): string("")
        default: nil
        }
    }

    private func string(_ value: String) -> Property { Property(signature: "s") { $0.append(value) } }

    // MARK: Elements

    /// The interfaces an element has.
    func interfaces(of element: AccessibleElement) -> [String] {
        var result = [Self.accessibleInterface]
        if element.frame != nil { result.append(Self.componentInterface) }
        if !element.actions.isEmpty { result.append(Self.actionInterface) }
        if element.text != nil { result.append(Self.textInterface) }
        return result
    }

    private func respond(to call: Message, element: AccessibleElement, id: AccessibleID, reply: Message) throws {
        var arguments = call.reader()
        let interfaces = interfaces(of: element)
        switch (call.interface, call.member) {
        case (Self.propertiesInterface?, "Get"):
            guard let interface = arguments.readString(), let name = arguments.readString() else {
                throw CallError.invalidArguments
            }
            guard interfaces.contains(interface), let property = elementProperty(interface, name, element, id) else {
                throw CallError.unknownMethod(interface, name)
            }
            reply.write { writer in writer.appendVariant(property.signature, property.write) }
        case (Self.propertiesInterface?, "GetAll"):
            guard let interface = arguments.readString() else { throw CallError.invalidArguments }
            let names: [String] =
                switch interface {
                case Self.accessibleInterface: Self.accessibleProperties
                case Self.actionInterface: ["NActions"]
                case Self.textInterface: ["CharacterCount", "CaretOffset"]
                default: []
                }
            reply.write { writer in
                writer.appendArray(of: "{sv}") { array in
                    guard interfaces.contains(interface) else { return }
                    for name in names {
                        guard let property = elementProperty(interface, name, element, id) else { continue }
                        array.appendDictEntry { entry in
                            entry.append(name)
                            entry.appendVariant(property.signature, property.write)
                        }
                    }
                }
            }
        case (Self.introspectableInterface?, "Introspect"):
            reply.write { $0.append(Self.introspection(of: interfaces)) }
        case (Self.accessibleInterface?, let member?):
            try respondAsAccessible(member: member, element: element, id: id, arguments: &arguments, reply: reply)
        case (Self.componentInterface?, let member?) where element.frame != nil:
            try respondAsComponent(member: member, element: element, id: id, arguments: &arguments, reply: reply)
        case (Self.actionInterface?, let member?) where !element.actions.isEmpty:
            try respondAsAction(member: member, element: element, id: id, arguments: &arguments, reply: reply)
        case (Self.textInterface?, let member?) where element.text != nil:
            try respondAsText(member: member, element: element, id: id, arguments: &arguments, reply: reply)
        case (nil, let member?):
            // A call without an interface: the first interface that has the method answers.
            let start = arguments
            typealias Answer = (String, AccessibleElement, AccessibleID, inout MessageReader, Message) throws -> Void
            let answers: [Answer] = [
                { try self.respondAsAccessible(member: $0, element: $1, id: $2, arguments: &$3, reply: $4) },
                { try self.respondAsComponent(member: $0, element: $1, id: $2, arguments: &$3, reply: $4) },
                { try self.respondAsAction(member: $0, element: $1, id: $2, arguments: &$3, reply: $4) },
                { try self.respondAsText(member: $0, element: $1, id: $2, arguments: &$3, reply: $4) },
            ]
            for answer in answers {
                arguments = start
                do {
                    try answer(member, element, id, &arguments, reply)
                    return
                } catch let error as CallError where error.name == "org.freedesktop.DBus.Error.UnknownMethod" {
                    continue
                }
            }
            throw CallError.unknownMethod(nil, member)
        default:
            throw CallError.unknownMethod(call.interface, call.member)
        }
    }

    private func elementProperty(
        _ interface: String, _ name: String, _ element: AccessibleElement, _ id: AccessibleID
    ) -> Property? {
        switch (interface, name) {
        case (Self.accessibleInterface, "Name"): return string(element.name)
        case (Self.accessibleInterface, "Description"): return string(element.description)
        case (Self.accessibleInterface, "Parent"):
            let parent = parentReference(of: id)
            return Property(signature: "(so)") { $0.appendReference(parent) }
        case (Self.accessibleInterface, "ChildCount"):
            let count = Int32(clamping: tree.children(of: id).count)
            return Property(signature: "i") { $0.append(count) }
        case (Self.accessibleInterface, "Locale"): return string("")
        case (Self.accessibleInterface, "AccessibleId"): return string(element.identifier)
        case (Self.actionInterface, "NActions"):
            return Property(signature: "i") { $0.append(Int32(clamping: element.actions.count)) }
        case (Self.textInterface, "CharacterCount"):
            let count = Int32(clamping: TextSegments(element.text ?? "").count)
            return Property(signature: "i") { $0.append(count) }
        case (Self.textInterface, "CaretOffset"):
            return Property(signature: "i") { $0.append(Int32(clamping: element.caretOffset)) }
        default: return nil
        }
    }

    private func parentReference(of id: AccessibleID) -> ObjectReference {
        tree.parent(of: id).map { reference(to: $0) } ?? rootReference
    }

    private func indexInParent(of id: AccessibleID) -> Int32 {
        let siblings = tree.parent(of: id).map { tree.children(of: $0) } ?? tree.windows
        return Int32(clamping: siblings.firstIndex(of: id) ?? -1)
    }

    private func respondAsAccessible(
        member: String, element: AccessibleElement, id: AccessibleID, arguments: inout MessageReader, reply: Message
    ) throws {
        try respondAsAccessible(
            member: member, arguments: &arguments, reply: reply, role: element.role, name: element.name,
            states: element.states, attributes: ["id": element.identifier, "toolkit": application.toolkitName],
            parent: parentReference(of: id), indexInParent: indexInParent(of: id), children: tree.children(of: id),
            interfaces: interfaces(of: element), identifier: element.identifier)
    }

    /// The `Accessible` methods, shared by the root and the elements.
    private func respondAsAccessible(
        member: String, arguments: inout MessageReader, reply: Message, role: AccessibleRole, name: String,
        states: AccessibleStates, attributes: [String: String], parent: ObjectReference, indexInParent: Int32,
        children: [AccessibleID], interfaces: [String], identifier: String
    ) throws {
        switch member {
        case "GetChildAtIndex":
            guard let index = arguments.readInt32() else { throw CallError.invalidArguments }
            guard index >= 0, Int(index) < children.count else { throw CallError.outOfRange(index) }
            let child = reference(to: children[Int(index)])
            reply.write { $0.appendReference(child) }
        case "GetChildren":
            let references = children.map { reference(to: $0) }
            reply.write { writer in
                writer.appendArray(of: "(so)") { array in for child in references { array.appendReference(child) } }
            }
        case "GetIndexInParent":
            reply.write { $0.append(indexInParent) }
        case "GetRelationSet":
            reply.write { $0.appendArray(of: "(ua(so))") { _ in } }
        case "GetRole":
            reply.write { $0.append(role.rawValue) }
        case "GetRoleName", "GetLocalizedRoleName":
            reply.write { $0.append(role.name) }
        case "GetState":
            reply.write { writer in
                writer.appendArray(of: "u") { array in for word in states.words { array.append(word) } }
            }
        case "GetAttributes":
            reply.write { writer in
                writer.appendArray(of: "{ss}") { array in
                    for (key, value) in attributes.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
                        array.appendDictEntry {
                            $0.append(key)
                            $0.append(value)
                        }
                    }
                }
            }
        case "GetApplication":
            let root = rootReference
            reply.write { $0.appendReference(root) }
        case "GetInterfaces":
            reply.write { writer in
                writer.appendArray(of: "s") { array in for interface in interfaces { array.append(interface) } }
            }
        default:
            throw CallError.unknownMethod(Self.accessibleInterface, member)
        }
    }

    // MARK: Component

    /// The AT-SPI2 coordinate types: the screen, the window, the parent.
    private func origin(forCoordinateType type: UInt32, parentOf id: AccessibleID) -> Vector {
        switch type {
        case 0: return windowOrigin - .zero
        case 2:
            guard let parent = tree.parent(of: id), let frame = tree.element(parent)?.frame else { return .zero }
            return .zero - frame.origin
        default: return .zero
        }
    }

    private func respondAsComponent(
        member: String, element: AccessibleElement, id: AccessibleID, arguments: inout MessageReader, reply: Message
    ) throws {
        guard let frame = element.frame else { throw CallError.unknownMethod(Self.componentInterface, member) }
        switch member {
        case "GetExtents":
            guard let type = arguments.readUInt32() else { throw CallError.invalidArguments }
            let rect = frame.offset(by: origin(forCoordinateType: type, parentOf: id))
            reply.write { writer in writer.appendStruct { Self.appendPixels(of: rect, to: $0) } }
        case "GetPosition":
            guard let type = arguments.readUInt32() else { throw CallError.invalidArguments }
            let rect = frame.offset(by: origin(forCoordinateType: type, parentOf: id))
            reply.write {
                $0.append(Self.pixels(rect.minX))
                $0.append(Self.pixels(rect.minY))
            }
        case "GetSize":
            reply.write {
                $0.append(Self.pixels(frame.width))
                $0.append(Self.pixels(frame.height))
            }
        case "Contains":
            guard let x = arguments.readInt32(), let y = arguments.readInt32(), let type = arguments.readUInt32() else {
                throw CallError.invalidArguments
            }
            let point = Point(x: Double(x), y: Double(y)) - origin(forCoordinateType: type, parentOf: id)
            reply.write { $0.append(frame.contains(point)) }
        case "GetAccessibleAtPoint":
            guard let x = arguments.readInt32(), let y = arguments.readInt32(), let type = arguments.readUInt32() else {
                throw CallError.invalidArguments
            }
            let point = Point(x: Double(x), y: Double(y)) - origin(forCoordinateType: type, parentOf: id)
            let found = deepestElement(at: point, under: id).map { reference(to: $0) } ?? .null
            reply.write { $0.appendReference(found) }
        case "GetLayer":
            // AT-SPI2's layers: 7 for a window, 3 for the widgets in it.
            reply.write { $0.append(UInt32(element.role == .frame ? 7 : 3)) }
        case "GetMDIZOrder":
            reply.write { $0.append(Int16(element.role == .frame ? 0 : -1)) }
        case "GrabFocus":
            let moved = tree.grabFocus(id)
            reply.write { $0.append(moved) }
        case "GetAlpha":
            reply.write { $0.append(1.0) }
        case "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint":
            // The application lays itself out: a screen reader cannot move or resize elements.
            reply.write { $0.append(false) }
        default:
            throw CallError.unknownMethod(Self.componentInterface, member)
        }
    }

    /// Whole pixels, as AT-SPI2 wants them: rounded toward negative infinity (so that a 0.5
    /// offset does not hide an edge), kept within 32 bits, and 0 for a value that is not a number
    /// (a tree built in code may hold one; converting it would trap).
    static func pixels(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        return Int32(min(max(value.rounded(.down), Double(Int32.min)), Double(Int32.max)))
    }

    /// Appends a rectangle as AT-SPI2's four whole-pixel numbers: x, y, width, height.
    private static func appendPixels(of rect: Rect, to writer: MessageWriter) {
        writer.append(pixels(rect.minX))
        writer.append(pixels(rect.minY))
        writer.append(pixels(rect.width))
        writer.append(pixels(rect.height))
    }

    /// The deepest element under `id` whose frame contains a point (in window coordinates): the
    /// last child drawn wins.
    private func deepestElement(at point: Point, under id: AccessibleID) -> AccessibleID? {
        for child in tree.children(of: id).reversed() {
            guard let frame = tree.element(child)?.frame, frame.contains(point) else { continue }
            return deepestElement(at: point, under: child) ?? child
        }
        return nil
    }

    // MARK: Action

    private func respondAsAction(
        member: String, element: AccessibleElement, id: AccessibleID, arguments: inout MessageReader, reply: Message
    ) throws {
        let actions = element.actions
        func action() throws -> AccessibleAction {
            guard let index = arguments.readInt32() else { throw CallError.invalidArguments }
            guard index >= 0, Int(index) < actions.count else { throw CallError.outOfRange(index) }
            return actions[Int(index)]
        }
        switch member {
        case "GetName", "GetLocalizedName":
            let name = try action().name
            reply.write { $0.append(name) }
        case "GetDescription":
            let description = try action().description
            reply.write { $0.append(description) }
        case "GetKeyBinding":
            let binding = try action().keyBinding
            reply.write { $0.append(binding) }
        case "GetActions":
            reply.write { writer in
                writer.appendArray(of: "(sss)") { array in
                    for action in actions {
                        array.appendStruct {
                            $0.append(action.name)
                            $0.append(action.description)
                            $0.append(action.keyBinding)
                        }
                    }
                }
            }
        case "DoAction":
            guard let index = arguments.readInt32() else { throw CallError.invalidArguments }
            let ran = index >= 0 && Int(index) < actions.count && tree.performAction(at: Int(index), on: id)
            reply.write { $0.append(ran) }
        default:
            throw CallError.unknownMethod(Self.actionInterface, member)
        }
    }

    // MARK: Text

    private func respondAsText(
        member: String, element: AccessibleElement, id: AccessibleID, arguments: inout MessageReader, reply: Message
    ) throws {
        let text = TextSegments(element.text ?? "")
        func writeSegment(_ segment: TextSegments.Segment) {
            reply.write {
                $0.append(segment.text)
                $0.append(Int32(clamping: segment.start))
                $0.append(Int32(clamping: segment.end))
            }
        }
        switch member {
        case "GetText":
            guard let start = arguments.readInt32(), let end = arguments.readInt32() else {
                throw CallError.invalidArguments
            }
            reply.write { $0.append(text.text(from: Int(start), to: Int(end))) }
        case "SetCaretOffset":
            guard let offset = arguments.readInt32() else { throw CallError.invalidArguments }
            let moved = tree.setCaretOffset(min(max(Int(offset), 0), text.count), on: id)
            reply.write { $0.append(moved) }
        case "GetCharacterAtOffset":
            guard let offset = arguments.readInt32() else { throw CallError.invalidArguments }
            reply.write { $0.append(Int32(bitPattern: text.character(at: Int(offset)))) }
        case "GetStringAtOffset":
            guard let offset = arguments.readInt32(), let kind = arguments.readUInt32(),
                let granularity = TextSegments.Granularity(rawValue: kind)
            else { throw CallError.invalidArguments }
            writeSegment(text.segment(at: Int(offset), granularity: granularity))
        case "GetTextBeforeOffset", "GetTextAtOffset", "GetTextAfterOffset":
            guard let offset = arguments.readInt32(), let kind = arguments.readUInt32(),
                let boundary = TextSegments.Boundary(rawValue: kind)
            else { throw CallError.invalidArguments }
            let position: TextSegments.Position =
                member == "GetTextBeforeOffset" ? .before : member == "GetTextAtOffset" ? .at : .after
            writeSegment(text.segment(position, Int(offset), boundary: boundary))
        case "GetNSelections":
            reply.write { $0.append(Int32(0)) }
        case "GetSelection":
            reply.write {
                $0.append(Int32(0))
                $0.append(Int32(0))
            }
        case "AddSelection", "RemoveSelection", "SetSelection":
            reply.write { $0.append(false) }
        case "GetAttributes", "GetAttributeRun":
            reply.write {
                $0.appendArray(of: "{ss}") { _ in }
                $0.append(Int32(0))
                $0.append(Int32(clamping: text.count))
            }
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            reply.write { $0.appendArray(of: "{ss}") { _ in } }
        case "GetAttributeValue":
            reply.write {
                $0.append("")
                $0.append(Int32(0))
                $0.append(Int32(clamping: text.count))
                $0.append(false)
            }
        case "GetCharacterExtents", "GetRangeExtents":
            // No glyph layout is known: the element's extents stand for every character's.
            let frame = element.frame ?? .zero
            reply.write { Self.appendPixels(of: frame, to: $0) }
        case "GetOffsetAtPoint":
            reply.write { $0.append(Int32(-1)) }
        default:
            throw CallError.unknownMethod(Self.textInterface, member)
        }
    }

    // MARK: Introspection

    /// The introspection document: the interfaces an object has, by name.
    static func introspection(of interfaces: [String]) -> String {
        var document =
            "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\" "
            + "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>\n"
        for interface in interfaces + [propertiesInterface, introspectableInterface] {
            document += "  <interface name=\"\(interface)\"/>\n"
        }
        return document + "</node>\n"
    }
}
