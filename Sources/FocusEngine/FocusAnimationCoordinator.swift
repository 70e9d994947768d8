/// Work that runs alongside a focus change, and work that runs when it is over (UIKit's
/// `UIFocusAnimationCoordinator`).
///
/// Environments receive the coordinator in ``FocusEnvironment/didUpdateFocus(in:with:)`` and add
/// to it. The engine has no clock and draws nothing, so "alongside" has a precise meaning here:
/// once every environment has been told about the update, the system runs the unfocusing
/// animations (for the item losing focus), then the focusing animations (for the item gaining
/// it), then the other coordinated animations, each group in the order added; then every
/// completion, in the order added. All of it happens inside the focus update, before the call
/// that moved focus returns.
///
/// ```swift
/// cell.coordinatedAnimationsHandler = { context, coordinator in
///     coordinator.addCoordinatedFocusingAnimations({ cell.scale = 1.1 }, completion: { log("lifted") })
///     coordinator.addCoordinatedUnfocusingAnimations({ cell.scale = 1.0 })
/// }
/// ```
///
/// The system keeps one coordinator and reuses it, so an update to which nobody adds work
/// allocates nothing.
public final class FocusAnimationCoordinator {
    // Unchecked: every access reads or appends and ends before any closure runs (`run()` copies
    // each closure out of its list before calling it), so a closure adding work overlaps none;
    // the dynamic checks cost a focus update more than running an empty coordinator.
    @exclusivity(unchecked) private var unfocusing: [() -> Void] = []
    @exclusivity(unchecked) private var focusing: [() -> Void] = []
    @exclusivity(unchecked) private var coordinated: [() -> Void] = []
    @exclusivity(unchecked) private var completions: [() -> Void] = []

    init() {}

    /// Runs `animations` alongside the focus change and `completion` after it.
    public func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        if let animations { coordinated.append(animations) }
        if let completion { completions.append(completion) }
    }

    /// Runs `animations` with the system's animations for the item gaining focus, and
    /// `completion` after the change.
    public func addCoordinatedFocusingAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        if let animations { focusing.append(animations) }
        if let completion { completions.append(completion) }
    }

    /// Runs `animations` with the system's animations for the item losing focus, and
    /// `completion` after the change.
    public func addCoordinatedUnfocusingAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        if let animations { unfocusing.append(animations) }
        if let completion { completions.append(completion) }
    }

    /// Runs everything added, in the documented order, and empties the coordinator. Work added
    /// while it runs joins the end of its list and runs in the same pass.
    func run() {
        // Most updates: nobody added anything.
        if unfocusing.isEmpty, focusing.isEmpty, coordinated.isEmpty, completions.isEmpty { return }
        var index = 0
        while index < unfocusing.count {
            unfocusing[index]()
            index += 1
        }
        index = 0
        while index < focusing.count {
            focusing[index]()
            index += 1
        }
        index = 0
        while index < coordinated.count {
            coordinated[index]()
            index += 1
        }
        index = 0
        while index < completions.count {
            completions[index]()
            index += 1
        }
        unfocusing.removeAll(keepingCapacity: true)
        focusing.removeAll(keepingCapacity: true)
        coordinated.removeAll(keepingCapacity: true)
        completions.removeAll(keepingCapacity: true)
    }
}
