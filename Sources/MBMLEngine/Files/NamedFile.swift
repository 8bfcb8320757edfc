/// A file the person running mbml named (a template, a manifest), read by a host through the
/// engine's file door (<doc:RunningUntrustedMBML>): opened once, non-blocking, checked by what was
/// opened — a regular file or a pipe (`<(command)`); a device or socket is refused — and read
/// within ``FileLimits/manifest``. Not under the file-read policy: the person chose it.
public enum NamedFile {
    /// The bytes of the file at `path`.
    /// - Throws: an error whose description names the path and the reason.
    public static func bytes(at path: String, maximumSize: Int = FileLimits().manifest) throws -> [UInt8] {
        try FileDoor.read(path, as: .manifest, policy: .anywhere, maximumSize: maximumSize)
    }
}
