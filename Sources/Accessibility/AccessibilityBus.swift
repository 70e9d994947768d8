public import Geometry

/// An application's tree of accessible elements on the AT-SPI2 accessibility bus, where screen
/// readers such as Orca find it: registered with the registry, answering the registry's and the
/// screen readers' calls, and sending the events they listen for.
///
/// Finding the bus follows the desktop's rules: `AT_SPI_BUS_ADDRESS` when it is set; otherwise the
/// session bus's `org.a11y.Bus`, whose `org.a11y.Status` says whether accessibility is on. While
/// it is off, only the session bus is watched and nothing connects to the accessibility bus; when
/// a screen reader turns it on, the application connects and registers then.
///
/// Registering publishes the application's root object (`/org/a11y/atspi/accessible/root`, with
/// the `Application` and `Accessible` interfaces) and every element under
/// `/org/a11y/atspi/accessible/<id>`, then calls `Embed` on the registry; ``close()`` calls
/// `Unembed`.
///
/// The bus has no thread and no loop of its own: its owner waits on ``pollDescriptors`` (at most
/// ``timeout``) in its own loop and hands the result to ``handle(_:)``.
///
/// ```swift
/// let bus = try AccessibilityBus(application: .init(name: "kiosk"), tree: tree)
/// while running {
///     var entries = devices + bus.pollDescriptors.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
///     poll(&entries, nfds_t(entries.count), min(nextDeadline, bus.timeout))
///     bus.handle(…)
/// }
/// bus.close()
/// ```
public final class AccessibilityBus {
    /// Who the application is, as screen readers list it.
    public struct Application: Hashable, Sendable {
        /// The application's name (what a screen reader announces for the application).
        public var name: String
        /// The toolkit's name (the `Application` interface's `ToolkitName`).
        public var toolkitName: String
        /// The toolkit's version.
        public var toolkitVersion: String

        /// Creates a description.
        public init(name: String, toolkitName: String = "Wayfinder", toolkitVersion: String = "") {
            self.name = name
            self.toolkitName = toolkitName
            self.toolkitVersion = toolkitVersion
        }
    }

    /// Where the application stands with the bus.
    public enum Status: Hashable, Sendable {
        /// Accessibility is off on this desktop: waiting for a screen reader to turn it on.
        case waitingForScreenReader
        /// Connected to the accessibility bus, not yet embedded by the registry.
        case connecting
        /// Embedded by the registry: screen readers see the application.
        case registered
        /// Closed.
        case closed
    }

    /// The path of the application's root object.
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The path under which every element lives.
    static let elementPathPrefix = "/org/a11y/atspi/accessible/"
    static let registryName = "org.a11y.atspi.Registry"
    static let registryPath = "/org/a11y/atspi/registry"
    /// How long a call to the session bus or the registry may take: they answer in milliseconds,
    /// and a registry that hangs must not hold up the application for long (libdbus's own default
    /// is 25 seconds).
    static let callTimeout: Duration = .seconds(5)

    /// Who the application is.
    public let application: Application
    let tree: any AccessibleTree
    /// The session bus, watched for `org.a11y.Status` (nil when the address was given directly).
    private var session: BusConnection?
    /// The accessibility bus, while connected.
    private(set) var bus: BusConnection?
    private var registration: BusRegistration
    /// The events screen readers listen for.
    private(set) var registeredEvents = RegisteredEvents()
    /// The number the registry gave the application (`Application.Id`).
    var applicationID: Int32 = -1
    /// The registry's desktop, once embedded.
    private(set) var desktop: ObjectReference?
    /// Where the windows' origin is on the screen, for screen coordinates (coordinate type 0).
    public var windowOrigin: Point = .zero
    /// Called when ``status`` changes.
    public var onStatusChange: ((Status) -> Void)?
    /// Called with what a person should know and the application cannot act on: the registry
    /// refused to embed it, the bus went away.
    public var onReport: ((String) -> Void)?

    /// Finds the accessibility bus and, when accessibility is on, connects and registers.
    ///
    /// - Parameters:
    ///   - application: Who the application is.
    ///   - tree: The elements to expose.
    ///   - environment: Where `AT_SPI_BUS_ADDRESS`, `DBUS_SESSION_BUS_ADDRESS` and
    ///     `XDG_RUNTIME_DIR` are read (the process's environment, normally).
    /// - Throws: ``AccessibilityError`` when there is no accessibility bus: no session bus, no
    ///   `org.a11y.Bus` on it, or an accessibility bus that cannot be reached. Accessibility being
    ///   off is not an error: the bus then waits (``Status/waitingForScreenReader``).
    public init(
        application: Application,
        tree: any AccessibleTree,
        environment: [String: String]
    ) throws(AccessibilityError) {
        self.application = application
        self.tree = tree
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty {
            registration = .connectedDirectly
            try connect(to: address)
            return
        }
        registration = .waiting
        guard let sessionAddress = Self.sessionAddress(in: environment) else {
            throw AccessibilityError("no session bus: DBUS_SESSION_BUS_ADDRESS is not set")
        }
        let session: BusConnection
        do {
            session = try BusConnection(address: sessionAddress)
        } catch {
            throw AccessibilityError("the session bus at \(sessionAddress) cannot be reached: \(error)")
        }
        self.session = session
        session.addMatch(
            "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
                + "path='/org/a11y/bus',arg0='org.a11y.Status'")
        session.onSignal = { [unowned self] signal in handleSessionSignal(signal) }
        let isEnabled: Bool
        do {
            isEnabled = try Self.readStatus(from: session)
        } catch {
            session.close()
            throw AccessibilityError("the session bus has no accessibility bus (org.a11y.Bus): \(error)")
        }
        guard isEnabled else { return }
        _ = registration.handle(.status(isEnabled: true))
        let address: String
        do {
            address = try Self.readAddress(from: session)
        } catch {
            session.close()
            throw AccessibilityError("org.a11y.Bus gives no address: \(error)")
        }
        for action in registration.handle(.address(address)) {
            if case .connect = action { try connect(to: address) }
        }
    }

    deinit { close() }

    /// Where the application stands with the bus.
    public var status: Status {
        switch registration.state {
        case .waiting, .fetchingAddress: .waitingForScreenReader
        case .embedding: .connecting
        case .registered: .registered
        case .closed: .closed
        }
    }

    /// Whether the application is on the accessibility bus: only then are events worth making.
    public var isConnected: Bool { registration.isConnected && bus != nil }

    /// Unembeds the application from the registry, writes what is queued and disconnects; safe to
    /// call more than once.
    public func close() {
        run(registration.handle(.close))
        session?.close()
        session = nil
    }

    // MARK: Waiting

    /// The descriptors to wait on now (the session bus's and the accessibility bus's).
    public var pollDescriptors: [PollDescriptor] {
        var result: [PollDescriptor] = []
        forEachPollDescriptor { result.append($0) }
        return result
    }

    /// Calls `body` with each of ``pollDescriptors``, in the same order, without building an array:
    /// for an owner that waits again and again and should allocate nothing to do it.
    public func forEachPollDescriptor(_ body: (PollDescriptor) -> Void) {
        session?.forEachPollDescriptor(body)
        bus?.forEachPollDescriptor(body)
    }

    /// How long the owner's wait may last at most (nil: no limit from the bus).
    public var timeout: Duration? {
        switch (session?.timeout, bus?.timeout) {
        case (let session?, let bus?): min(session, bus)
        case (let session?, nil): session
        case (nil, let bus?): bus
        case (nil, nil): nil
        }
    }

    /// Takes in what the owner's wait found: reads, writes, fires libdbus's timeouts, and answers
    /// the calls and signals that arrived (which may call the tree's `grabFocus` and
    /// `performAction`).
    public func handle(_ readiness: some Collection<PollDescriptor.Readiness>) {
        let accessibility = bus
        session?.handle(readiness)
        accessibility?.handle(readiness)
    }

    // MARK: Connecting

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the systemd user bus
    /// (`$XDG_RUNTIME_DIR/bus`) as libdbus would find it.
    static func sessionAddress(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return "unix:path=\(runtime)/bus" }
        return nil
    }

    private static func statusRequest() -> Message {
        let message = Message(
            methodCall: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties",
            member: "GetAll")
        message.write { $0.append("org.a11y.Status") }
        return message
    }

    private static func addressRequest() -> Message {
        Message(methodCall: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress")
    }

    /// Reads `org.a11y.Status`: accessibility is on when `IsEnabled` or `ScreenReaderEnabled` is.
    private static func readStatus(from session: BusConnection) throws(AccessibilityError) -> Bool {
        let reply = try session.callBlocking(statusRequest(), timeout: callTimeout)
        guard reply.kind != .error else { throw AccessibilityError(reply.errorText) }
        return status(in: reply) ?? false
    }

    private static func status(in properties: Message) -> Bool? {
        var reader = properties.reader()
        return isEnabled(inProperties: &reader)
    }

    /// Reads an `a{sv}` of `org.a11y.Status` properties: whether either says accessibility is on.
    private static func isEnabled(inProperties reader: inout MessageReader) -> Bool? {
        let entries = reader.readArray { entry in
            entry.readDictEntry { entry -> (String, Bool)? in
                guard let name = entry.readString(), let value = entry.readVariant({ $0.readBool() }) else {
                    return nil
                }
                return (name, value)
            }
        }
        guard let entries else { return nil }
        return entries.contains { ($0.0 == "IsEnabled" || $0.0 == "ScreenReaderEnabled") && $0.1 }
    }

    private static func readAddress(from session: BusConnection) throws(AccessibilityError) -> String {
        let reply = try session.callBlocking(addressRequest(), timeout: callTimeout)
        guard reply.kind != .error else { throw AccessibilityError(reply.errorText) }
        var reader = reply.reader()
        guard let address = reader.readString(), !address.isEmpty else {
            throw AccessibilityError("the reply holds no address")
        }
        return address
    }

    /// Connects to the accessibility bus, publishes the objects and embeds the application.
    private func connect(to address: String) throws(AccessibilityError) {
        let connection: BusConnection
        do {
            connection = try BusConnection(address: address)
        } catch {
            throw AccessibilityError("the accessibility bus at \(address) cannot be reached: \(error)")
        }
        bus = connection
        connection.registerObjects(under: ["/org/a11y/atspi/accessible", Self.cachePath]) { [unowned self] call in
            respond(to: call)
        }
        connection.addMatch("type='signal',interface='org.a11y.atspi.Registry',member='EventListenerRegistered'")
        connection.addMatch("type='signal',interface='org.a11y.atspi.Registry',member='EventListenerDeregistered'")
        connection.addMatch("type='signal',interface='org.a11y.atspi.Socket',member='Available'")
        connection.onSignal = { [unowned self] signal in handleBusSignal(signal) }
        connection.onDisconnect = { [unowned self] in
            onReport?("the accessibility bus went away")
            run(registration.handle(.busGone))
        }
        fetchRegisteredEvents()
        embed()
        onStatusChange?(status)
    }

    /// Asks the registry to embed the application under its desktop.
    private func embed() {
        guard let bus else { return }
        let call = Message(
            methodCall: Self.registryName, path: Self.rootPath, interface: "org.a11y.atspi.Socket", member: "Embed")
        call.write { $0.appendReference(rootReference) }
        bus.call(call, timeout: Self.callTimeout) { [weak self] reply in
            guard let self, bus === self.bus else { return }
            var reader = reply.reader()
            if reply.kind != .error, let desktop = reader.readReference() {
                self.desktop = desktop
                run(registration.handle(.embedded(desktop: desktop)))
                onStatusChange?(status)
            } else {
                run(registration.handle(.embedFailed("the registry did not embed the application: \(reply.errorText)")))
            }
        }
    }

    private func fetchRegisteredEvents() {
        guard let bus else { return }
        let call = Message(
            methodCall: Self.registryName, path: Self.registryPath, interface: "org.a11y.atspi.Registry",
            member: "GetRegisteredEvents")
        bus.call(call, timeout: Self.callTimeout) { [weak self] reply in
            guard let self, reply.kind != .error else { return }
            var reader = reply.reader()
            let list = reader.readArray { entry in
                entry.readStruct { pair -> (listener: String, event: String)? in
                    guard let listener = pair.readString(), let event = pair.readString() else { return nil }
                    return (listener, event)
                }
            }
            if let list { registeredEvents.replace(with: list) }
        }
    }

    /// Carries out what the registration machine asks.
    private func run(_ actions: [BusRegistration.Action]) {
        for action in actions {
            switch action {
            case .fetchAddress:
                session?.call(Self.addressRequest(), timeout: Self.callTimeout) { [weak self] reply in
                    guard let self else { return }
                    var reader = reply.reader()
                    guard reply.kind != .error, let address = reader.readString(), !address.isEmpty else {
                        onReport?("org.a11y.Bus gives no address: \(reply.errorText)")
                        run(registration.handle(.busGone))
                        return
                    }
                    run(registration.handle(.address(address)))
                }
            case .connect(let address):
                do {
                    try connect(to: address)
                } catch {
                    onReport?(error.description)
                    run(registration.handle(.busGone))
                }
            case .embed:
                embed()
            case .fetchRegisteredEvents:
                fetchRegisteredEvents()
            case .disconnect(let unembed):
                if unembed, let bus {
                    let call = Message(
                        methodCall: Self.registryName, path: Self.rootPath, interface: "org.a11y.atspi.Socket",
                        member: "Unembed")
                    call.write { $0.appendReference(rootReference) }
                    call.expectsNoReply()
                    bus.send(call)
                }
                bus?.close()
                bus = nil
                desktop = nil
                registeredEvents = RegisteredEvents()
                onStatusChange?(status)
            case .report(let message):
                onReport?(message)
            }
        }
    }

    private func handleSessionSignal(_ signal: Message) {
        guard signal.interface == "org.freedesktop.DBus.Properties", signal.member == "PropertiesChanged",
            signal.path == "/org/a11y/bus"
        else { return }
        var reader = signal.reader()
        guard reader.readString() == "org.a11y.Status" else { return }
        // Only the properties that changed are listed: one missing keeps its value, so the whole
        // status is asked again.
        session?.call(Self.statusRequest(), timeout: Self.callTimeout) { [weak self] reply in
            guard let self, reply.kind != .error, let isEnabled = Self.status(in: reply) else { return }
            let before = status
            run(registration.handle(.status(isEnabled: isEnabled)))
            if status != before { onStatusChange?(status) }
        }
    }

    private func handleBusSignal(_ signal: Message) {
        var reader = signal.reader()
        switch (signal.interface, signal.member) {
        case ("org.a11y.atspi.Registry", "EventListenerRegistered"):
            guard let listener = reader.readString(), let event = reader.readString() else { return }
            registeredEvents.add(listener: listener, event: event)
        case ("org.a11y.atspi.Registry", "EventListenerDeregistered"):
            guard let listener = reader.readString(), let event = reader.readString() else { return }
            registeredEvents.remove(listener: listener, event: event)
        case ("org.a11y.atspi.Socket", "Available"):
            run(registration.handle(.registryAvailable))
        default:
            return
        }
    }

    // MARK: Events

    /// The application's root object.
    var rootReference: ObjectReference { ObjectReference(busName: bus?.uniqueName ?? "", path: Self.rootPath) }

    /// An element's object.
    func reference(to id: AccessibleID) -> ObjectReference {
        ObjectReference(busName: bus?.uniqueName ?? "", path: Self.path(of: id))
    }

    /// An element's object path.
    static func path(of id: AccessibleID) -> String { elementPathPrefix + String(id.rawValue) }

    /// Sends an AT-SPI2 event, if a screen reader listens for it: a signal from `path` on
    /// `org.a11y.atspi.Event.<category>`, with the body AT-SPI2 clients read, `(siiv(so))`: the
    /// detail, two numbers, a value, and the application's root.
    private func emit(
        from path: String, category: String, name: String, detail: String, detail1: Int32 = 0,
        detail2: Int32 = 0, value: (MessageWriter) -> Void = { $0.appendVariant("i") { $0.append(Int32(0)) } }
    ) {
        guard let bus, registration.isConnected,
            registeredEvents.contains(category: category, name: name, detail: detail)
        else { return }
        let signal = Message(signalAt: path, interface: "org.a11y.atspi.Event." + category, member: name)
        let root = rootReference
        signal.write { writer in
            writer.append(detail)
            writer.append(detail1)
            writer.append(detail2)
            value(writer)
            writer.appendReference(root)
        }
        bus.send(signal)
    }

    /// Tells screen readers that a state of an element turned on or off
    /// (`object:state-changed:<state>`); `state` holds one state.
    public func emitStateChanged(of id: AccessibleID, _ state: AccessibleStates, isOn: Bool) {
        guard let name = state.names.first else { return }
        emit(from: Self.path(of: id), category: "Object", name: "StateChanged", detail: name, detail1: isOn ? 1 : 0)
    }

    /// Tells screen readers that a window became the active one (`window:activate`), as when the
    /// keyboard focus enters it.
    public func emitWindowActivated(_ id: AccessibleID, name: String) {
        emit(from: Self.path(of: id), category: "Window", name: "Activate", detail: "") { writer in
            writer.appendVariant("s") { $0.append(name) }
        }
    }

    /// Tells screen readers that a window is no longer the active one (`window:deactivate`).
    public func emitWindowDeactivated(_ id: AccessibleID, name: String) {
        emit(from: Self.path(of: id), category: "Window", name: "Deactivate", detail: "") { writer in
            writer.appendVariant("s") { $0.append(name) }
        }
    }

    /// Tells screen readers that a child was added at `index` among `parent`'s children (nil: the
    /// application's windows) (`object:children-changed:add`).
    public func emitChildAdded(_ child: AccessibleID, to parent: AccessibleID?, at index: Int) {
        emitChildrenChanged("add", child: child, parent: parent, index: index)
    }

    /// Tells screen readers that a child at `index` was removed from `parent`'s children
    /// (`object:children-changed:remove`).
    public func emitChildRemoved(_ child: AccessibleID, from parent: AccessibleID?, at index: Int) {
        emitChildrenChanged("remove", child: child, parent: parent, index: index)
    }

    private func emitChildrenChanged(_ detail: String, child: AccessibleID, parent: AccessibleID?, index: Int) {
        let childReference = reference(to: child)
        emit(
            from: parent.map(Self.path(of:)) ?? Self.rootPath, category: "Object", name: "ChildrenChanged",
            detail: detail, detail1: Int32(clamping: index)
        ) { writer in
            writer.appendVariant("(so)") { $0.appendReference(childReference) }
        }
    }

    /// Tells screen readers that the caret of a text element moved (`object:text-caret-moved`).
    public func emitCaretMoved(in id: AccessibleID, to offset: Int) {
        emit(
            from: Self.path(of: id), category: "Object", name: "TextCaretMoved", detail: "",
            detail1: Int32(clamping: offset))
    }
}
