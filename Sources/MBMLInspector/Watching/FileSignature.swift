import Glibc

/// What polling compares to notice that a file changed: whether it exists, which inode it is,
/// how large it is and when it was last modified (to the nanosecond).
///
/// A save-by-rename gives the file a new inode, an in-place write changes its size or modification
/// time, and a delete followed by a create changes at least the inode or the time, so comparing two
/// signatures taken at different moments catches every way an editor writes a file.
struct FileSignature: Equatable {
    /// Whether `stat(2)` found the file (following symbolic links).
    var exists: Bool
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var size: Int64 = 0
    var modificationSeconds: Int = 0
    var modificationNanoseconds: Int = 0
    var changeSeconds: Int = 0
    var changeNanoseconds: Int = 0

    /// The signature of a file that does not exist (or cannot be examined).
    static let missing = FileSignature(exists: false)

    /// Examines the file at `path` now.
    static func of(path: String) -> FileSignature {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return FileSignature(
            exists: true,
            device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino),
            size: Int64(info.st_size),
            modificationSeconds: Int(info.st_mtim.tv_sec),
            modificationNanoseconds: Int(info.st_mtim.tv_nsec),
            changeSeconds: Int(info.st_ctim.tv_sec),
            changeNanoseconds: Int(info.st_ctim.tv_nsec)
        )
    }
}
