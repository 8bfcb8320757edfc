/// The beginning of a manifest file, where its root element's start tag is, read through the
/// engine's file door for a host that looks at a manifest before loading it (the inspector's lesson
/// file rule reads the root's `lessons` attribute).
public enum ManifestHeader {
    /// How much of the file is read: a root start tag further in is not looked for.
    public static let maximumBytes = 64 << 10

    /// The first ``maximumBytes`` of the manifest at `path` as text (invalid UTF-8 repaired), or nil
    /// when it is not a regular file that can be read (a pipe is left for the load to read).
    public static func beginning(ofManifest path: String) -> String? {
        guard let bytes = try? FileDoor.readBeginning(of: path, as: .manifest, policy: .anywhere, count: maximumBytes)
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
