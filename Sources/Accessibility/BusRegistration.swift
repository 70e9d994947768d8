/// Where an application stands with the accessibility bus, from "accessibility is off" to
/// "embedded in the registry's desktop", and what to do at each step. The bus carries the actions
/// out; the machine itself touches nothing.
///
/// | state              | input                       | next state         | action                  |
/// |--------------------|-----------------------------|--------------------|-------------------------|
/// | waiting            | status on                   | fetchingAddress    | fetchAddress            |
/// | fetchingAddress    | address                     | embedding          | connect, then embed     |
/// | fetchingAddress    | status off                  | waiting            | —                       |
/// | embedding          | embedded(desktop)           | registered         | fetchRegisteredEvents   |
/// | embedding          | embed failed                | embedding          | report                  |
/// | embedding, registered | registry available       | embedding          | embed                   |
/// | embedding, registered | status off               | waiting            | disconnect              |
/// | any connected      | bus gone                    | waiting or closed  | disconnect              |
/// | any                | close                       | closed             | disconnect (unembed)    |
///
/// "waiting" is where an application starts when `org.a11y.Status.IsEnabled` is false: only
/// the session bus is watched, nothing connects to the accessibility bus. An application given an
/// address directly (`AT_SPI_BUS_ADDRESS`) starts at "embedding" and has no status to watch, so
/// when that bus goes it ends "closed".
struct BusRegistration: Hashable, Sendable {
    /// The states.
    enum State: Hashable, Sendable {
        /// Accessibility is off; the session bus's status is watched.
        case waiting
        /// Accessibility turned on; the accessibility bus's address was asked for.
        case fetchingAddress
        /// Connected to the accessibility bus; `Embed` was sent to the registry.
        case embedding
        /// The registry embedded the application under its desktop.
        case registered(desktop: ObjectReference)
        /// Closed for good.
        case closed
    }

    /// What the bus does for a transition.
    enum Action: Hashable, Sendable {
        /// Ask the session bus for the accessibility bus's address.
        case fetchAddress
        /// Connect to the accessibility bus at an address, publish the objects, then embed.
        case connect(address: String)
        /// Send `Embed` again (a new registry).
        case embed
        /// Ask the registry which events are listened for.
        case fetchRegisteredEvents
        /// Unembed when embedded, and disconnect from the accessibility bus.
        case disconnect(unembed: Bool)
        /// Tell a person why the registry refused.
        case report(String)
    }

    /// The inputs.
    enum Input: Hashable, Sendable {
        /// `org.a11y.Status` says accessibility is on (or off).
        case status(isEnabled: Bool)
        /// The session bus gave the accessibility bus's address.
        case address(String)
        /// The registry answered `Embed` with its desktop.
        case embedded(desktop: ObjectReference)
        /// The registry refused `Embed`.
        case embedFailed(String)
        /// A registry announced itself (`Socket.Available`).
        case registryAvailable
        /// The accessibility bus went away.
        case busGone
        /// The application closes.
        case close
    }

    /// Whether the status is watched (false when the address was given directly).
    let watchesStatus: Bool
    private(set) var state: State

    /// Starts waiting for accessibility to be turned on.
    static let waiting = BusRegistration(watchesStatus: true, state: .waiting)

    /// Starts connected to an accessibility bus given directly.
    static let connectedDirectly = BusRegistration(watchesStatus: false, state: .embedding)

    /// Whether the application is connected to the accessibility bus.
    var isConnected: Bool {
        switch state {
        case .embedding, .registered: true
        case .waiting, .fetchingAddress, .closed: false
        }
    }

    /// Takes one input and returns what to do.
    mutating func handle(_ input: Input) -> [Action] {
        switch (state, input) {
        case (.closed, _):
            return []
        case (_, .close):
            let unembed = isRegistered
            let wasConnected = isConnected
            state = .closed
            return wasConnected ? [.disconnect(unembed: unembed)] : []
        case (.waiting, .status(isEnabled: true)):
            state = .fetchingAddress
            return [.fetchAddress]
        case (.waiting, _):
            return []
        case (.fetchingAddress, .address(let address)):
            state = .embedding
            return [.connect(address: address)]
        case (.fetchingAddress, .status(isEnabled: false)), (.fetchingAddress, .busGone):
            state = .waiting
            return []
        case (.fetchingAddress, _):
            return []
        case (.embedding, .embedded(let desktop)), (.registered, .embedded(let desktop)):
            state = .registered(desktop: desktop)
            return [.fetchRegisteredEvents]
        case (.embedding, .embedFailed(let reason)), (.registered, .embedFailed(let reason)):
            return [.report(reason)]
        case (.embedding, .registryAvailable), (.registered, .registryAvailable):
            state = .embedding
            return [.embed]
        case (.embedding, .status(isEnabled: false)), (.registered, .status(isEnabled: false)):
            let unembed = isRegistered
            state = .waiting
            return [.disconnect(unembed: unembed)]
        case (.embedding, .busGone), (.registered, .busGone):
            state = watchesStatus ? .waiting : .closed
            return [.disconnect(unembed: false)]
        case (.embedding, .status(isEnabled: true)), (.registered, .status(isEnabled: true)),
            (.embedding, .address), (.registered, .address):
            return []
        }
    }

    private var isRegistered: Bool {
        if case .registered = state { return true }
        return false
    }
}
