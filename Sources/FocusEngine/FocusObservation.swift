/// Something told after every focus change of a ``FocusSystem``, whatever caused it: Tab,
/// arrows, a click, a request, Find. A vetoed update changes nothing and tells nobody.
public protocol FocusChangeObserver: AnyObject {
    /// Focus moved as `context` says; called once the update is over (after the environments'
    /// callbacks and the coordinated animations).
    func focusSystem(_ system: FocusSystem, didUpdateFocusIn context: FocusUpdateContext)
    /// `item` was selected (the other items of its container are deselected with it). Default:
    /// nothing.
    func focusSystem(_ system: FocusSystem, didSelect item: any FocusItem)
    /// The tree changed: ``FocusSystem/invalidateLayout()`` or ``FocusSystem/replaceRoot(_:)`` was
    /// called (focus may have been lost or restored with it, silently). Default: nothing.
    func focusSystemDidChangeTree(_ system: FocusSystem)
}

extension FocusChangeObserver {
    public func focusSystem(_ system: FocusSystem, didSelect item: any FocusItem) {}
    public func focusSystemDidChangeTree(_ system: FocusSystem) {}
}

/// An observer held weakly, so that an observer going away needs no unregistering.
struct WeakFocusObserver {
    weak var observer: (any FocusChangeObserver)?
}

extension FocusSystem {
    /// Registers `observer`; it is held weakly.
    public func addObserver(_ observer: any FocusChangeObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakFocusObserver(observer: observer))
    }

    /// Removes `observer`.
    public func removeObserver(_ observer: any FocusChangeObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Tells every observer about a selection.
    func notifyObservers(selected item: any FocusItem) {
        var index = 0
        while index < observers.count {
            observers[index].observer?.focusSystem(self, didSelect: item)
            index += 1
        }
    }

    /// Tells every observer that the tree changed.
    func notifyObserversOfTreeChange() {
        var index = 0
        while index < observers.count {
            observers[index].observer?.focusSystemDidChangeTree(self)
            index += 1
        }
    }

    /// Tells every observer about a finished update.
    func notifyObservers(_ context: FocusUpdateContext) {
        var index = 0
        while index < observers.count {
            observers[index].observer?.focusSystem(self, didUpdateFocusIn: context)
            index += 1
        }
    }
}
