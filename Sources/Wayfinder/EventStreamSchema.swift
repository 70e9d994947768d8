public import Foundation

extension WayfinderModule {
    /// The JSON Schema of the event stream (`event-stream.schema.json`, draft 2020-12) in the
    /// module's resources: the fields of every `type` of line, as the `--json` streams and
    /// `EventModel/WayfinderEvent/jsonLine(origin:includeMotion:)` write them; nil when the
    /// resources are missing.
    public static var eventStreamSchemaURL: URL? {
        Demo.resourcesDirectory?.appendingPathComponent("event-stream.schema.json")
    }
}
