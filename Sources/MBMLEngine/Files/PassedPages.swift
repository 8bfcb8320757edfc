#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's walk, front to back, over the items of a large container of a mapped file
/// (``DataFileReading``), which gives the file's pages it has passed back to the system, as the
/// structural scan does behind itself (``MappedFile/scanning(_:)``): a per-item scope over a
/// gigabyte of records then holds a few megabytes of the file per worker, not the file.
///
/// The one rule, used by every walk over the items of an array by position or in order
/// (``ValueArray/withElementReader(_:)``, ``ValueArray/Iterator``, ``ValueArray/decoded``): the
/// walk reports where each item it reaches begins (``pass(_:)``), and every ``chunk`` bytes the pages
/// before the item it is at are given back (`MADV_DONTNEED`), and those before the last item
/// reached when the walk ends. A walk that goes back (the items of a decoded array are not in the
/// file's order) starts again from there.
///
/// Why nothing read can go wrong: the mapping is read-only and private and never written, so no page
/// of it is the process's own. A page given back stays in the system's cache of the file, and
/// whatever reads it later — an item the walk kept (`^filter`'s result, read lazily afterwards), the
/// next chunk's worker, a nested scope — maps it in again from there. Giving back costs a call per
/// ``chunk`` and, at worst, a page mapped again.
///
/// Only a container spanning at least ``minimumSpan`` bytes is walked so: a smaller one costs at most
/// that much memory, and a scope that walks it again and again (a nested `^containsValue` over it)
/// finds its pages still mapped.
final class PassedPages {
    /// The smallest container whose walks give their pages back.
    static let minimumSpan = 32 << 20
    /// How many passed bytes are given back at a time.
    static let chunk = 4 << 20
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    private let file: MappedFile
    /// Where the pages not yet given back begin (a page boundary).
    private var released: Int
    /// Where the last item reached begins.
    private var reached: Int

    /// A walk over the items of a container of `document` that begin at `first` to `last`, or nil
    /// when the document is not a mapped file or the container spans less than ``minimumSpan``.
    init?(in document: JSONDocument, from first: Int, to last: Int) {
        guard last - first >= Self.minimumSpan, let file = document.mappedFile else { return nil }
        self.file = file
        released = first / Self.pageSize * Self.pageSize
        reached = first
    }

    /// A walk over `values` in order, when the first and the last are containers of the same mapped
    /// file at least ``minimumSpan`` apart (a decoded array of items read from a large file, such as
    /// what `^filter` kept); else nil.
    convenience init?(over values: UnsafeBufferPointer<Value>) {
        guard let first = values.first?.jsonNode, let last = values.last?.jsonNode,
            first.document.mappedFile === last.document.mappedFile
        else { return nil }
        self.init(in: first.document, from: first.offset, to: last.offset)
    }

    deinit {
        release(upTo: reached)
    }

    /// The walk has reached the item that begins at `offset`.
    @inline(__always)
    func pass(_ offset: Int) {
        guard offset >= reached else {
            reached = offset
            released = offset / Self.pageSize * Self.pageSize
            return
        }
        reached = offset
        if offset - released >= Self.chunk { release(upTo: offset) }
    }

    /// The walk has reached `value`: where it begins when it is a container of this walk's file.
    @inline(__always)
    func pass(_ value: Value) {
        guard let node = value.jsonNode, node.document.mappedFile === file else { return }
        pass(node.offset)
    }

    /// Gives back the pages from ``released`` to the one `offset` is in (not that one).
    private func release(upTo offset: Int) {
        let end = offset / Self.pageSize * Self.pageSize
        guard end > released else { return }
        file.release(released..<end)
        released = end
    }
}
