import CDBus

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One private connection to a message bus through libdbus, run from its owner's event loop:
/// libdbus's watch and timeout callbacks are kept as a list of descriptors to wait on and
/// deadlines, which the owner's `poll(2)` includes; nothing here starts a thread or blocks
/// except the calls named `…Blocking`.
///
/// ```
/// owner's loop: poll(devices…, connection.pollDescriptors; timeout ≤ connection.timeout)
///               connection.handle(readiness)   → dbus_watch_handle, expired dbus_timeout_handle,
///                                                 then dispatch: replies, calls, signals
/// ```
///
/// Identity is the point (libdbus holds a pointer to it for its callbacks), hence a class. The
/// connection reads the monotonic clock for libdbus's timeouts: it is an edge of the program, like
/// the device layer.
final class BusConnection {
    /// The libdbus connection.
    private var connection: OpaquePointer?
    /// The watches libdbus asked for, enabled or not (asked again at each wait).
    private var watches: [OpaquePointer] = []
    /// The timeouts libdbus asked for, each with its deadline on the monotonic clock while
    /// enabled.
    private var timeouts: [(timeout: OpaquePointer, deadline: Duration?)] = []
    /// Handles method calls to objects under a path registered with ``registerObjects(under:_:)``;
    /// returns the reply, or nil when the call expects none.
    private var objectHandler: ((Message) -> Message?)?
    /// Sees every signal that arrives.
    var onSignal: ((Message) -> Void)?
    /// Called once when the connection closes from the other side (the bus went away).
    var onDisconnect: (() -> Void)?
    private var didReportDisconnect = false

    /// Opens a private connection to the bus at `address` and registers with it.
    /// - Throws: ``AccessibilityError`` with libdbus's reason.
    init(address: String) throws(AccessibilityError) {
        var error = DBusError()
        dbus_error_init(&error)
        guard let opened = dbus_connection_open_private(address, &error) else {
            throw AccessibilityError(Self.take(&error))
        }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        guard dbus_bus_register(opened, &error) != 0 else {
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw AccessibilityError(Self.take(&error))
        }
        connection = opened
        installCallbacks()
    }

    /// Opens a private connection to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    /// - Throws: ``AccessibilityError`` with libdbus's reason.
    init(sessionBus: ()) throws(AccessibilityError) {
        var error = DBusError()
        dbus_error_init(&error)
        guard let opened = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else {
            throw AccessibilityError(Self.take(&error))
        }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        connection = opened
        installCallbacks()
    }

    deinit { close() }

    /// The connection's unique name on its bus (`:1.42`).
    var uniqueName: String {
        guard let connection, let name = dbus_bus_get_unique_name(connection) else { return "" }
        return String(cString: name)
    }

    /// Writes what is queued and closes the connection; safe to call more than once.
    func close() {
        guard let connection else { return }
        if dbus_connection_get_is_connected(connection) != 0 { dbus_connection_flush(connection) }
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
        self.connection = nil
        watches.removeAll()
        timeouts.removeAll()
        objectHandler = nil
    }

    private static func take(_ error: inout DBusError) -> String {
        defer { dbus_error_free(&error) }
        guard dbus_error_is_set(&error) != 0, let message = error.message else { return "unknown D-Bus error" }
        return String(cString: message)
    }

    // MARK: Sending

    /// Queues a message; libdbus writes it as the socket accepts it.
    func send(_ message: Message) {
        guard let connection else { return }
        _ = dbus_connection_send(connection, message.pointer, nil)
    }

    /// Sends a method call and calls `reply` with the reply or the error reply (libdbus makes one
    /// when `timeout` passes or the connection closes) from a later ``handle(_:)``.
    func call(_ message: Message, timeout: Duration, reply: @escaping (Message) -> Void) {
        guard let connection else { return }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(connection, message.pointer, &pending, Self.milliseconds(timeout)) != 0,
            let pending
        else { return }
        let box = Unmanaged.passRetained(ReplyHandler(reply)).toOpaque()
        let notify: DBusPendingCallNotifyFunction = { pending, data in
            guard let pending, let data else { return }
            let handler = Unmanaged<ReplyHandler>.fromOpaque(data).takeUnretainedValue()
            if let reply = dbus_pending_call_steal_reply(pending) { handler.body(Message(owning: reply)) }
        }
        let free: DBusFreeFunction = { data in
            guard let data else { return }
            Unmanaged<ReplyHandler>.fromOpaque(data).release()
        }
        dbus_pending_call_set_notify(pending, notify, box, free)
        dbus_pending_call_unref(pending)
    }

    /// Sends a method call and waits for its reply, reading nothing else meanwhile: only for
    /// start-up, before the owner's loop runs.
    /// - Throws: ``AccessibilityError`` with the error reply's text or libdbus's reason.
    func callBlocking(_ message: Message, timeout: Duration) throws(AccessibilityError) -> Message {
        guard let connection else { throw AccessibilityError("the connection is closed") }
        var error = DBusError()
        dbus_error_init(&error)
        guard
            let reply = dbus_connection_send_with_reply_and_block(
                connection, message.pointer, Self.milliseconds(timeout), &error)
        else { throw AccessibilityError(Self.take(&error)) }
        return Message(owning: reply)
    }

    /// Asks the bus to route signals matching `rule` here, without waiting for its answer.
    func addMatch(_ rule: String) {
        guard let connection else { return }
        dbus_bus_add_match(connection, rule, nil)
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    // MARK: Receiving

    /// Routes method calls to every object path under `paths` (the paths themselves included) to
    /// `handler`, which returns the reply (nil when the caller expects none).
    func registerObjects(under paths: [String], _ handler: @escaping (Message) -> Message?) {
        guard let connection else { return }
        objectHandler = handler
        var table = DBusObjectPathVTable(
            unregister_function: nil,
            message_function: { _, message, data in
                guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                let connection = Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue()
                guard let handler = connection.objectHandler else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                let call = Message(retaining: message)
                if let reply = handler(call), call.expectsReply { connection.send(reply) }
                return DBUS_HANDLER_RESULT_HANDLED
            },
            dbus_internal_pad1: nil, dbus_internal_pad2: nil, dbus_internal_pad3: nil, dbus_internal_pad4: nil)
        for path in paths {
            _ = dbus_connection_register_fallback(connection, path, &table, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private func installCallbacks() {
        guard let connection else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let addWatch: DBusAddWatchFunction = { watch, data in
            guard let watch, let data else { return 0 }
            Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue().watches.append(watch)
            return 1
        }
        let removeWatch: DBusRemoveWatchFunction = { watch, data in
            guard let watch, let data else { return }
            Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue().watches.removeAll { $0 == watch }
        }
        // Whether a watch is enabled is asked at each wait, so a toggle needs nothing.
        let toggleWatch: DBusWatchToggledFunction = { _, _ in }
        dbus_connection_set_watch_functions(connection, addWatch, removeWatch, toggleWatch, context, nil)
        let addTimeout: DBusAddTimeoutFunction = { timeout, data in
            guard let timeout, let data else { return 0 }
            let owner = Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue()
            owner.timeouts.append((timeout, owner.deadline(of: timeout)))
            return 1
        }
        let removeTimeout: DBusRemoveTimeoutFunction = { timeout, data in
            guard let timeout, let data else { return }
            Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue().timeouts.removeAll { $0.timeout == timeout }
        }
        let toggleTimeout: DBusTimeoutToggledFunction = { timeout, data in
            guard let timeout, let data else { return }
            let owner = Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue()
            for index in owner.timeouts.indices where owner.timeouts[index].timeout == timeout {
                owner.timeouts[index].deadline = owner.deadline(of: timeout)
            }
        }
        dbus_connection_set_timeout_functions(connection, addTimeout, removeTimeout, toggleTimeout, context, nil)
        let filter: DBusHandleMessageFunction = { _, message, data in
            guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let owner = Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue()
            guard dbus_message_get_type(message) == DBusMessageKind.signal.rawValue else {
                return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            }
            let signal = Message(retaining: message)
            if signal.interface == "org.freedesktop.DBus.Local", signal.member == "Disconnected" {
                owner.reportDisconnect()
                return DBUS_HANDLER_RESULT_HANDLED
            }
            owner.onSignal?(signal)
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        _ = dbus_connection_add_filter(connection, filter, context, nil)
    }

    private func reportDisconnect() {
        guard !didReportDisconnect else { return }
        didReportDisconnect = true
        onDisconnect?()
    }

    // MARK: Waiting

    /// Calls `body` with each descriptor an enabled watch waits on, in watch order.
    func forEachPollDescriptor(_ body: (PollDescriptor) -> Void) {
        for watch in watches where dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            body(
                PollDescriptor(
                    descriptor: dbus_watch_get_unix_fd(watch),
                    readable: flags & DBUS_WATCH_READABLE.rawValue != 0,
                    writable: flags & DBUS_WATCH_WRITABLE.rawValue != 0))
        }
    }

    /// How long the wait may last before a libdbus timeout is due (zero when one is due, nil when
    /// none is armed), and whether messages wait to be dispatched (then zero too).
    var timeout: Duration? {
        if let connection, dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
            return .zero
        }
        let now = Self.monotonicNow()
        var earliest: Duration?
        for entry in timeouts {
            guard let deadline = entry.deadline else { continue }
            earliest = min(earliest ?? deadline, deadline)
        }
        return earliest.map { max(.zero, $0 - now) }
    }

    /// Takes in what a wait found: reads and writes the ready descriptors, fires the timeouts that
    /// are due, then dispatches every complete message (calling reply handlers, the object
    /// handler and ``onSignal``).
    func handle(_ readiness: some Collection<PollDescriptor.Readiness>) {
        guard connection != nil else { return }
        for ready in readiness where ready.events != 0 {
            // A watch may be removed by handling another: look each up again.
            for watch in watches where dbus_watch_get_unix_fd(watch) == ready.descriptor {
                guard dbus_watch_get_enabled(watch) != 0 else { continue }
                var flags: UInt32 = 0
                if ready.events & 0x001 != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
                if ready.events & 0x004 != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
                if ready.events & 0x008 != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
                if ready.events & 0x010 != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
                _ = dbus_watch_handle(watch, flags)
                break
            }
        }
        let now = Self.monotonicNow()
        let due = timeouts.filter { entry in entry.deadline.map { $0 <= now } ?? false }.map(\.timeout)
        for timeout in due where timeouts.contains(where: { $0.timeout == timeout }) {
            _ = dbus_timeout_handle(timeout)
            // A libdbus timeout repeats until it is removed or disabled.
            for index in timeouts.indices where timeouts[index].timeout == timeout {
                timeouts[index].deadline = deadline(of: timeout)
            }
        }
        dispatch()
    }

    /// Dispatches every complete message that has arrived.
    func dispatch() {
        while let connection, dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
        if let connection, dbus_connection_get_is_connected(connection) == 0 { reportDisconnect() }
    }

    private func deadline(of timeout: OpaquePointer) -> Duration? {
        guard dbus_timeout_get_enabled(timeout) != 0 else { return nil }
        return Self.monotonicNow() + .milliseconds(dbus_timeout_get_interval(timeout))
    }

    /// The monotonic clock, as a duration since its origin.
    static func monotonicNow() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return .seconds(Int64(now.tv_sec)) + .nanoseconds(Int64(now.tv_nsec))
    }
}

/// A reply handler kept alive for libdbus until the reply comes.
private final class ReplyHandler {
    let body: (Message) -> Void
    init(_ body: @escaping (Message) -> Void) { self.body = body }
}
