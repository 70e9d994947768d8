/// The limits the readers put on everything a file decides: line lengths, bitmask sizes, counts
/// and nesting. A file beyond one is refused with ``RecordingError/Reason/limitExceeded(_:)``
/// naming its line, so that no input can make a reader trap, recurse without bound or grow its
/// memory with anything but the frame it is reading.
///
/// Every limit is far above what `evemu-record` and `libinput record` write; the comment on each
/// says by how much.
public enum RecordingLimits {
    /// The longest line of an evemu file, in bytes: 65,536.
    ///
    /// `evemu-record` writes lines of under 200 bytes (a commented `E:` line); the kernel caps a
    /// device name at a few hundred. The reader holds at most one line at a time in a buffer of
    /// this size.
    public static let maximumLineLength = 65_536

    /// The most bytes of one bitmask: the property bits (`P:` lines) or the codes of one event
    /// type (`B:` lines with the same type). 8,192 bytes hold 65,536 bits, one for every 16-bit
    /// code; the kernel's largest mask (`EV_KEY`) takes 96.
    public static let maximumMaskBytes = 8_192

    /// The most events in one frame: 4,096.
    ///
    /// The kernel sizes a device's frame from its axes and slots; a 10-finger touchscreen sends
    /// at most about 100 events per frame, a 60-slot one under 1,000. The reader holds one frame
    /// at a time, so this bounds its memory at about 100 KB.
    public static let maximumEventsPerFrame = 4_096

    /// The deepest nesting of lists and mappings in a libinput record file: 64 levels.
    ///
    /// An event sits 7 levels deep (document, devices, device, events, frame, `evdev`, event), a
    /// `libinput` entry a few more. libyaml's scanner does work in proportion to the nesting for
    /// every token, so a file nested 100,000 deep (`[[[[…`) kept it busy for 16 seconds; the
    /// reader stops as soon as a file passes this depth.
    public static let maximumNestingDepth = 64

    /// The most devices in one libinput record file: 128.
    ///
    /// `libinput record --all` writes every input device of a machine, a few dozen at most. Each
    /// device's frames are read with their own pass over the file, so this also bounds the work
    /// of reading every device.
    public static let maximumDevices = 128

    /// The longest single value (a YAML scalar) in a libinput record file, in bytes: 65,536.
    /// Values are numbers, names and `KEY=VALUE` udev properties of under a few hundred bytes.
    public static let maximumValueLength = 65_536

    /// The most entries of one device's description that a file can repeat freely: udev
    /// properties, and the comments kept with the description. 4,096; udev gives an input device
    /// a few dozen properties.
    public static let maximumDescriptionEntries = 4_096

    /// The most bytes of keys the reader does not interpret that `wayfinder convert` keeps in one
    /// place, to write them again: 16 MiB for the file's header (its top-level keys and every
    /// device's description), and as much for each entry of an events list. Each value counts
    /// its bytes and 32 more, as do lists and mappings.
    ///
    /// `libinput record` writes a few kilobytes there: the libinput version, the system's
    /// description, a device's HID report descriptor (at most 4,096 bytes, a few hundred
    /// numbers), one `hid` or `libinput` entry per event.
    public static let maximumKeptBytes = 16 << 20
}
