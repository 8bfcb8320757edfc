import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The one piece of process-wide state the mapped files need: a `SIGBUS` handler and the table of
/// the mappings it guards (``DataFileReading``).
///
/// A file truncated while it is mapped makes the next read of a page past its new end raise
/// `SIGBUS`, which ends the process. With the guard, a fault inside a guarded mapping maps a page of
/// zeros over the faulting page (`mmap` with `MAP_FIXED`, anonymous, read-only) and marks the
/// mapping damaged; the read goes on, reading zeros, and whoever looks next — the end of the
/// structural scan, ``MappedFile/checkUnchanged()`` after an evaluation — reports the file as
/// changed while it was read (``FileChangedWhileRead``) instead of an answer made from zeros. A fault
/// anywhere else is handed to the handler that was there before (by default: the process ends, as
/// it would have).
///
/// Global state, kept to this: ``slotCount`` slots of three atomics (where a mapping begins and
/// ends, whether it was damaged), written by ``register(_:)`` and ``unregister(_:)`` under a lock
/// and read by the handler without one; the handler is installed once, on the first registration,
/// and never removed. The handler calls only `mmap` and atomic loads and stores (no allocation, no
/// lock). Linux only; elsewhere nothing is guarded.
enum MappedFileGuard {
    /// How many mappings can be guarded at once; a file mapped past it is read instead.
    static let slotCount = 64

    /// Every slot is taken: the file is read rather than mapped unguarded.
    struct Full: Error {}

    #if os(Linux) && canImport(Glibc)
    /// Where each slot's mapping begins and ends (0 when free), and whether it was damaged.
    private static let starts = Slots()
    private static let ends = Slots()
    private static let damaged = Slots()
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// Serializes registrations and the handler's installation (never taken by the handler).
    private static let registrations = Mutex<Bool>(false)
    nonisolated(unsafe) private static var previous = sigaction()

    /// `slotCount` atomics, allocated once, for the handler to read without a lock.
    private final class Slots: Sendable {
        nonisolated(unsafe) let base: UnsafeMutablePointer<Atomic<Int>>

        init() {
            base = .allocate(capacity: MappedFileGuard.slotCount)
            for slot in 0..<MappedFileGuard.slotCount { (base + slot).initialize(to: Atomic(0)) }
        }

        func load(_ slot: Int) -> Int { base[slot].load(ordering: .acquiring) }
        func store(_ value: Int, _ slot: Int) { base[slot].store(value, ordering: .releasing) }
    }

    /// Guards the mapping of `buffer`; gives its slot, or nil when every slot is taken.
    static func register(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        return registrations.withLock { installed in
            if !installed {
                // Every static the handler reads is initialized here, never lazily inside the
                // handler (a lazy initializer takes a lock).
                _ = (pageSize, starts, ends, damaged)
                var action = sigaction()
                action.__sigaction_handler.sa_sigaction = handleBusError
                action.sa_flags = SA_SIGINFO | SA_NODEFER
                sigemptyset(&action.sa_mask)
                guard sigaction(SIGBUS, &action, &previous) == 0 else { return nil }
                installed = true
            }
            guard let slot = (0..<slotCount).first(where: { starts.load($0) == 0 }) else { return nil }
            damaged.store(0, slot)
            ends.store(Int(bitPattern: base) + buffer.count, slot)
            starts.store(Int(bitPattern: base), slot)
            return slot
        }
    }

    /// Stops guarding the mapping in `slot` (before it is unmapped).
    static func unregister(_ slot: Int) {
        registrations.withLock { _ in
            starts.store(0, slot)
            ends.store(0, slot)
        }
    }

    /// Whether a read of the mapping in `slot` met a page past the file's end.
    static func isDamaged(_ slot: Int) -> Bool {
        damaged.load(slot) != 0
    }

    /// The `SIGBUS` handler: a fault in a guarded mapping gets a page of zeros, and the mapping is
    /// marked damaged; any other is given to the previous handler.
    private static let handleBusError:
        @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
            signal, info, context in
            let address = Int(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            for slot in 0..<MappedFileGuard.slotCount {
                let start = MappedFileGuard.starts.load(slot)
                guard start != 0, address >= start, address < MappedFileGuard.ends.load(slot) else { continue }
                let page = address / MappedFileGuard.pageSize * MappedFileGuard.pageSize
                let zeros = mmap(
                    UnsafeMutableRawPointer(bitPattern: page), MappedFileGuard.pageSize, PROT_READ,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                guard zeros != MAP_FAILED else { break }
                MappedFileGuard.damaged.store(1, slot)
                return
            }
            // Not a guarded mapping: the handler that was there before, or the default (the faulting
            // read runs again and ends the process).
            var previous = MappedFileGuard.previous
            if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
                handler(signal, info, context)
                return
            }
            sigaction(SIGBUS, &previous, nil)
        }
    #else
    static func register(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? { nil }
    static func unregister(_ slot: Int) {}
    static func isDamaged(_ slot: Int) -> Bool { false }
    #endif
}
