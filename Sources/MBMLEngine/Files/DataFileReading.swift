/// How the bytes of a plain JSON `--data` file come into memory: copied by `read(2)` into memory of
/// the process's own, or mapped from the file (the system's cached pages of the file, shared, with
/// no second copy).
///
/// The policy, decided once here:
///
/// - **One-shot commands map large files** (`eval`, `vars`, `render`, `check`, `bench`, `explain`,
///   `tokens`: everything built on the command line's engine options): a file of at least
///   ``mappingThreshold`` bytes is mapped read-only and private, and its structure is scanned in
///   place. Copying a gigabyte costs the kernel about as much as scanning it (every page of fresh
///   memory cleared, then filled); mapping costs a page-table entry a page. A run that finishes in
///   seconds reads a file that is, for those seconds, left alone — as ripgrep maps the single file
///   of a one-shot search.
/// - **Long-lived hosts read** (the inspector, the language server, and the library's default,
///   ``read``): they hold a file for minutes while it is edited under them, and a file truncated
///   while mapped faults the process (`SIGBUS`) at the next touch of a page past its new end; a
///   file rewritten in place changes the mapped text under the index. A copy can not change.
/// - **What a mapping can not survive is reported where it can be seen**: the file's identity
///   (device, inode, size, modification time and the inode's change time) is taken when it is
///   mapped and checked again after the scan; a file that changed in between is refused with
///   ``FileChangedWhileRead`` rather than answered from text that is half old, half new. A file
///   truncated while mapped — during the scan or before a later read — does not end the process
///   with `SIGBUS`: the faulting page reads as zeros and the file is marked damaged
///   (`MappedFileGuard`), which the same check reports. Every one-shot command checks again before
///   it shows an answer (``Environment/answer(_:)``); what the lazy readers make of the zeros
///   meanwhile is a well-defined value (null, an empty string or container) that is never shown,
///   never a crash (`TruncatedMappedDataTests`). A file rewritten in place at the same size, its
///   modification time set back (`touch -r`, `utimes`), is caught by its change time, which every
///   write and every setting of the times moves and no user can set back (`MappedFileIdentityTests`).
///   What the system does not let a reader see is not caught: a write within the same tick of the
///   file-time clock as the mapping (a few milliseconds, on a kernel or file system without
///   fine-grained change times; Linux 6.13 and later give one to a write after the time was read),
///   and a write through a descriptor opened before the file lost its last name (renamed over, as
///   editors save, or deleted — which is not reported: no name is left to write it through). The
///   change time also moves when the file is renamed, linked or has its mode changed: such a file is
///   reported as changed although its bytes are not (run again). A long-lived host never maps.
/// - **A mapped file is not held in the process's memory**: its pages are mapped in a few
///   megabytes ahead of the scan and given back behind it (`MappedFile.scanning(_:)`), and so
///   behind every later walk over the items of a large array of it (`PassedPages`); they stay
///   in the system's cache of the file, which any reader of it (`wc`, `jq`) fills the same way, and
///   the values an expression reads map theirs in again from there. Resident memory counts the
///   pages a process has mapped: holding a large file costs its structural index (eight bytes a
///   member of a large container) and what the expression reads, not the file's size.
/// - Small files, JSON Lines files (decoded as they are read, their pages given back as they go)
///   and standard input are read in every mode.
///
/// The file is opened, checked and read (or mapped) through `FileDoor` either way: the mode
/// changes how bytes arrive, never which files may be read.
public enum DataFileReading: Sendable, Equatable {
    /// Copy the bytes with `read(2)`: for hosts that hold files while they change.
    case read
    /// Map files of at least ``DataFileReading/mappingThreshold`` bytes: for one-shot commands.
    case mapped

    /// The size from which ``mapped`` maps a file (16 MiB): below it a copy is as cheap as the
    /// mapping's page faults.
    public static let mappingThreshold = 16 << 20

    /// Whether a file of `size` bytes is mapped in this mode.
    func maps(size: Int) -> Bool {
        self == .mapped && size >= Self.mappingThreshold
    }
}

/// A data file whose identity (device, inode, size, modification or change time) changed between
/// its mapping and the end of the scan of its mapped bytes, or before an answer read from it was
/// shown: its text may be half old, half new.
public struct FileChangedWhileRead: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as named.
    public var path: String

    public var description: String {
        "couldn't read \"\(path)\": it changed while it was read; run again when it has been written"
    }
}
