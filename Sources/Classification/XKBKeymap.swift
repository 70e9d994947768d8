import CXKBCommon
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A compiled xkbcommon keymap, shared by every keyboard with the same layout.
///
/// Compiling a keymap takes milliseconds and thousands of allocations; the result never changes,
/// so keymaps are compiled once per process and layout (``XKBKeymap/shared(for:)``) and each
/// keyboard keeps only its own key state (``XKBKeyboardState``).
///
/// xkbcommon's keymaps are immutable once compiled and may be read from any thread, but their
/// reference count is a plain integer: taking or dropping a reference (creating or freeing a key
/// state) happens only under ``XKBKeymap/lock``.
final class XKBKeymap: @unchecked Sendable {
    /// The `xkb_keymap`, immutable.
    let keymap: OpaquePointer
    /// The indices of the modifiers the event stream reports (`XKB_MOD_INVALID` when the keymap
    /// lacks one).
    let shiftIndex: xkb_mod_index_t
    let controlIndex: xkb_mod_index_t
    let altIndex: xkb_mod_index_t
    let metaIndex: xkb_mod_index_t
    let capsLockIndex: xkb_mod_index_t

    /// Serialises every change of a shared keymap's reference count.
    static let lock = Mutex(())

    private init(keymap: OpaquePointer) {
        self.keymap = keymap
        shiftIndex = xkb_keymap_mod_get_index(keymap, "Shift")
        controlIndex = xkb_keymap_mod_get_index(keymap, "Control")
        altIndex = xkb_keymap_mod_get_index(keymap, "Mod1")
        metaIndex = xkb_keymap_mod_get_index(keymap, "Mod4")
        capsLockIndex = xkb_keymap_mod_get_index(keymap, "Lock")
    }

    deinit {
        Self.lock.withLock { _ in xkb_keymap_unref(keymap) }
    }

    // MARK: The process-wide cache

    /// What decides the keymap a layout compiles to: the layout's names, the environment
    /// variables xkbcommon reads for the names left out and for its data directories, and the
    /// include paths when they are given explicitly.
    private struct Key: Hashable, Sendable {
        var layout: KeyboardLayout
        var environment: [String?]
        var includePaths: [String]?
    }

    /// The environment variables that change what a layout compiles to.
    private static let environmentNames = [
        "XKB_DEFAULT_RULES", "XKB_DEFAULT_MODEL", "XKB_DEFAULT_LAYOUT", "XKB_DEFAULT_VARIANT", "XKB_DEFAULT_OPTIONS",
        "XKB_CONFIG_ROOT", "XKB_CONFIG_EXTRA_PATH", "XDG_CONFIG_HOME", "HOME",
    ]

    /// Compiled keymaps by what they were compiled from; nil records a layout that does not
    /// compile, so that it is not tried again for every keyboard.
    private static let cache = Mutex<[Key: XKBKeymap?]>([:])

    /// The keymap for a layout, compiled on first use and shared afterwards, or nil when
    /// xkbcommon cannot compile it.
    ///
    /// - Parameters:
    ///   - layout: the layout; fields left nil come from `XKB_DEFAULT_*`, else xkbcommon's
    ///     defaults.
    ///   - includePaths: where xkbcommon looks for its data; nil uses its defaults
    ///     (`XKB_CONFIG_ROOT`, else the system's directory, and the user's).
    static func shared(for layout: KeyboardLayout, includePaths: [String]? = nil) -> XKBKeymap? {
        let key = Key(
            layout: layout,
            environment: environmentNames.map { getenv($0).map { String(cString: $0) } },
            includePaths: includePaths
        )
        if let cached = cache.withLock({ $0[key] }) { return cached }
        // Compiled outside the lock: it takes milliseconds. Two threads compiling the same new
        // layout at once both compile it, and the first to finish is kept.
        let compiled = compile(layout, includePaths: includePaths)
        return cache.withLock { cache in
            if let cached = cache[key] { return cached }
            cache[key] = .some(compiled)
            return compiled
        }
    }

    /// Compiles a layout, without the cache.
    private static func compile(_ layout: KeyboardLayout, includePaths: [String]?) -> XKBKeymap? {
        // The default include paths are added after the log level is lowered: xkbcommon logs an
        // error of its own when it finds no data, and a layout that does not compile is reported
        // by the caller, once, in its own words.
        guard let context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES) else { return nil }
        defer { xkb_context_unref(context) }
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        if let includePaths {
            for path in includePaths { _ = xkb_context_include_path_append(context, path) }
        } else {
            _ = xkb_context_include_path_append_default(context)
        }
        let keymap = withOptionalCStrings([
            layout.rules, layout.model, layout.layout, layout.variant, layout.options,
        ]) { pointers -> OpaquePointer? in
            var names = xkb_rule_names(
                rules: pointers[0],
                model: pointers[1],
                layout: pointers[2],
                variant: pointers[3],
                options: pointers[4]
            )
            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        // The keymap holds its own reference to the context.
        return keymap.map { XKBKeymap(keymap: $0) }
    }

    /// Calls `body` with C strings for the given optional strings (nil stays nil).
    private static func withOptionalCStrings<R>(
        _ strings: ArraySlice<String?>,
        _ collected: [UnsafePointer<CChar>?] = [],
        _ body: ([UnsafePointer<CChar>?]) -> R
    ) -> R {
        guard let first = strings.first else { return body(collected) }
        let rest = strings.dropFirst()
        guard let string = first else { return withOptionalCStrings(rest, collected + [nil], body) }
        return string.withCString { withOptionalCStrings(rest, collected + [$0], body) }
    }

    private static func withOptionalCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        withOptionalCStrings(strings[...], [], body)
    }
}
