import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the engine opens a file to read it (<doc:RunningUntrustedMBML>): every read —
/// `^fileContents`, `^fileData`, `^listDirectory`, `<Include>`, manifests, `--data` files,
/// expectation and lesson files — goes through ``open(_:as:policy:maximumSize:action:)``, which:
///
/// 1. refuses a name the file-read policy does not allow (kinds under the policy), so that a
///    refusal names the path as written;
/// 2. opens the name once, non-blocking (a FIFO can not hang the open) and without a controlling
///    terminal. For a name from MBML the system does not follow a last-step symbolic link
///    (`O_NOFOLLOW`): when the name is a link the door resolves it once to the name it points to
///    now and opens that name the same way. Links in the folders above are followed by the system;
/// 3. checks what was opened: its type through the descriptor (`fstat`: a regular file; a pipe for
///    a named manifest; FIFOs, sockets, devices and directories are refused before a byte is read)
///    and, for a name from MBML, the descriptor's own path (`/proc/self/fd/N`) against the policy.
///    A link or folder swapped between the check and the open can change what was opened, never
///    what is read: the check is on the opened file;
/// 4. refuses a file larger than the kind's limit by its size, and stops reading at the limit;
/// 5. reads (or maps, ``map(_:as:policy:maximumSize:)``) only through that descriptor.
enum FileDoor {
    /// An open file or directory; the descriptor is closed when the value goes away.
    final class OpenFile {
        let descriptor: Int32
        /// The size from `fstat` (0 for a pipe, whose size is not known).
        let size: Int
        /// Whether it is a pipe (read to its end, within the limit) rather than a regular file.
        let isPipe: Bool
        /// Whether the descriptor has been handed to someone who closes it (`fdopendir`).
        fileprivate var isHandedOver = false

        fileprivate init(descriptor: Int32, size: Int, isPipe: Bool) {
            self.descriptor = descriptor
            self.size = size
            self.isPipe = isPipe
        }

        deinit {
            if !isHandedOver { close(descriptor) }
        }
    }

    /// Opens the file at `path` to read it as `kind` (see the type's steps).
    /// - Parameters:
    ///   - policy: the file-read policy; used only when `kind` is under it.
    ///   - maximumSize: the largest size accepted.
    ///   - action: the verb of error messages (`couldn't read "…"`).
    /// - Throws: ``FunctionError`` naming the path and the reason.
    static func open(
        _ path: String, as kind: FileReadKind, policy: FileReadPolicy, maximumSize: Int, action: String = "read"
    ) throws -> OpenFile {
        let checked = kind.isUnderPolicy ? policy : nil
        let descriptor = try openDescriptor(path, flags: O_RDONLY, policy: checked, action: action)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(action, path, code: code)
        }
        let type = info.st_mode & mode_t(S_IFMT)
        let isPipe = type == mode_t(S_IFIFO) && kind.readsPipes
        guard type == mode_t(S_IFREG) || isPipe else {
            close(descriptor)
            throw notRegular(path, type: type, action: action)
        }
        let file = OpenFile(descriptor: descriptor, size: isPipe ? 0 : Int(info.st_size), isPipe: isPipe)
        if let checked { try confirm(file.descriptor, path: path, policy: checked, action: action) }
        if Int64(info.st_size) > Int64(maximumSize) {
            throw tooLarge(path, maximumSize: maximumSize, limit: kind == .function ? .fileSize : nil)
        }
        if isPipe {
            // A pipe is read blocking: the command at its other end writes when it can.
            let flags = fcntl(descriptor, F_GETFL)
            _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        }
        return file
    }

    /// The bytes of the file at `path` read as `kind`, at most `maximumSize` of them (a regular file
    /// that grows while it is read is read up to the size it had when opened). `checkCancellation`
    /// is called between reads.
    static func read(
        _ path: String, as kind: FileReadKind, policy: FileReadPolicy, maximumSize: Int,
        checkCancellation: () throws -> Void = {}
    ) throws -> [UInt8] {
        let file = try open(path, as: kind, policy: policy, maximumSize: maximumSize)
        return try readAll(
            file, path: path, maximumSize: maximumSize, limit: kind == .function ? .fileSize : nil,
            checkCancellation: checkCancellation)
    }

    /// The regular file at `path`, opened as `kind` and mapped read-only (see ``DataFileReading``
    /// for when that is done): the same steps as ``read(_:as:policy:maximumSize:checkCancellation:)``,
    /// with the bytes mapped through the checked descriptor rather than copied. An empty file or a
    /// pipe is refused (read it).
    static func map(_ path: String, as kind: FileReadKind, policy: FileReadPolicy, maximumSize: Int) throws
        -> MappedFile
    {
        try MappedFile(open(path, as: kind, policy: policy, maximumSize: maximumSize), path: path)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter), read as
    /// `kind`; a file of any size is accepted. A pipe is refused: what is read from it would be
    /// missing for whoever reads it next.
    static func readBeginning(of path: String, as kind: FileReadKind, policy: FileReadPolicy, count: Int) throws
        -> [UInt8]
    {
        let file = try open(path, as: kind, policy: policy, maximumSize: Int.max)
        if file.isPipe { throw FunctionError("couldn't read \"\(path)\": it is a FIFO, not a regular file") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < count {
            let chunk = buffer.withUnsafeMutableBytes {
                systemRead(file.descriptor, $0.baseAddress, min($0.count, count - bytes.count))
            }
            if chunk == 0 { break }
            if chunk < 0 {
                if errno == EINTR { continue }
                throw failure("read", path, code: errno)
            }
            bytes.append(contentsOf: buffer[0..<chunk])
        }
        return bytes
    }

    /// Everything `file` holds, read through its descriptor.
    static func readAll(
        _ file: OpenFile, path: String, maximumSize: Int, limit: EngineLimit? = nil,
        checkCancellation: () throws -> Void = {}
    ) throws -> [UInt8] {
        if !file.isPipe {
            var failureCode: Int32 = 0
            var cancellation: Error?
            // A large file's room is a whole number of huge pages, advised before it is read into
            // (up to ``HugePages/largestAdvised``: not a file of gigabytes).
            let advised = file.size <= HugePages.largestAdvised
            let capacity = advised ? HugePages.capacity(max(file.size, 1), of: UInt8.self) : max(file.size, 1)
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                if advised, let base = buffer.baseAddress { HugePages.advise(base, byteCount: buffer.count) }
                while count < file.size, let start = buffer.baseAddress {
                    do {
                        try checkCancellation()
                    } catch {
                        cancellation = error
                        return
                    }
                    let chunk = systemRead(file.descriptor, start + count, min(file.size - count, 1 << 22))
                    if chunk == 0 { break }
                    if chunk < 0 {
                        if errno == EINTR { continue }
                        failureCode = errno
                        return
                    }
                    count += chunk
                }
            }
            if let cancellation { throw cancellation }
            if failureCode != 0 { throw failure("read", path, code: failureCode) }
            return bytes
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            try checkCancellation()
            let chunk = buffer.withUnsafeMutableBytes { systemRead(file.descriptor, $0.baseAddress, $0.count) }
            if chunk == 0 { return bytes }
            if chunk < 0 {
                if errno == EINTR { continue }
                throw failure("read", path, code: errno)
            }
            guard bytes.count + chunk <= maximumSize else {
                throw tooLarge(path, maximumSize: maximumSize, limit: limit)
            }
            bytes.append(contentsOf: buffer[0..<chunk])
        }
    }

    /// The names of the entries directly inside the directory at `path` (hidden ones included, `.`
    /// and `..` excluded), sorted by their UTF-8 bytes; opened and checked like a file from MBML.
    static func entries(ofDirectory path: String, policy: FileReadPolicy) throws -> [String] {
        let action = "list the directory"
        let descriptor = try openDescriptor(path, flags: O_RDONLY | O_DIRECTORY, policy: policy, action: action)
        let file = OpenFile(descriptor: descriptor, size: 0, isPipe: false)
        try confirm(descriptor, path: path, policy: policy, action: action)
        guard let directory = fdopendir(descriptor) else { throw failure(action, path, code: errno) }
        file.isHandedOver = true
        defer { closedir(directory) }
        return sortedNames(in: directory)
    }

    /// The names of the entries of the open `directory` (without `.` and `..`), sorted by their bytes.
    static func sortedNames(in directory: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    // MARK: Steps

    /// Steps 1 and 2: the policy's answer for the name, then one non-blocking open (without
    /// following a last-step link when `policy` is given).
    private static func openDescriptor(_ path: String, flags: Int32, policy: FileReadPolicy?, action: String) throws
        -> Int32
    {
        if path.utf8.contains(0) {
            throw FunctionError(
                "couldn't \(action) \"\(path.replacingOccurrences(of: "\0", with: "\\0"))\": the path contains a NUL character"
            )
        }
        if path.isEmpty { throw failure(action, path, code: ENOENT) }
        if let policy { try policy.check(path, action: action) }
        let mode = flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (policy == nil ? 0 : O_NOFOLLOW)
        var descriptor = systemOpen(path, mode)
        if descriptor < 0, errno == ELOOP, policy != nil {
            // The name is a symbolic link: resolve it once, to what it names now, and open that
            // name without following a link either. What was opened is checked afterwards.
            descriptor = systemOpen(FileReadPolicy.resolved(path), mode)
        }
        guard descriptor >= 0 else {
            let code = errno
            var info = stat()
            // A socket can not be opened (ENXIO): say what it is.
            if stat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFSOCK) {
                throw notRegular(path, type: mode_t(S_IFSOCK), action: action)
            }
            throw failure(action, path, code: code)
        }
        return descriptor
    }

    /// Step 3 for a name from MBML: the opened file's own path must be one the policy allows.
    private static func confirm(_ descriptor: Int32, path: String, policy: FileReadPolicy, action: String) throws {
        guard let real = realPath(of: descriptor) else {
            throw FunctionError(
                "couldn't \(action) \"\(path)\": where the opened file lies could not be confirmed", limit: .fileReads)
        }
        if let reason = policy.refusal(forResolved: real) {
            throw FunctionError("couldn't \(action) \"\(path)\": \(reason)", limit: .fileReads)
        }
    }

    /// The path the system gives for an open descriptor (links resolved), or nil.
    static func realPath(of descriptor: Int32) -> String? {
        #if canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
        return String(cString: buffer)
        #else
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0, buffer[0] == CChar(UInt8(ascii: "/")) else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    // MARK: Errors

    private static func notRegular(_ path: String, type: mode_t, action: String) -> FunctionError {
        let what: String
        switch type {
        case mode_t(S_IFDIR): what = "a directory"
        case mode_t(S_IFIFO): what = "a FIFO"
        case mode_t(S_IFCHR), mode_t(S_IFBLK): what = "a device"
        case mode_t(S_IFSOCK): what = "a socket"
        default: what = "of an unknown kind"
        }
        return FunctionError("couldn't \(action) \"\(path)\": it is \(what), not a regular file")
    }

    /// A file over its kind's size limit; `limit` is set when the host can raise it.
    static func tooLarge(_ path: String, maximumSize: Int, limit: EngineLimit?) -> FunctionError {
        FunctionError("couldn't read \"\(path)\": it is larger than the limit of \(maximumSize) bytes", limit: limit)
    }

    /// An error naming the action, the path and the system's description of `code`.
    static func failure(_ action: String, _ path: String, code: Int32) -> FunctionError {
        FunctionError("couldn't \(action) \"\(path)\": \(String(cString: strerror(code)))")
    }
}

/// `open(2)`, outside `FileDoor` whose own `open` would hide it.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `read(2)`, outside `FileDoor` whose own `read` would hide it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
