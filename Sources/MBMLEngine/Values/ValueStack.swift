#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The values of the arrays and objects a reader has open, so that a finished container takes its
/// elements by moving them (no per-container scratch array, no retain/release pairs, and arrays get
/// exactly the capacity they need).
///
/// The stack is kept in segments of ``segmentSize`` values: it never copies itself to grow, and a
/// long array moved out frees each segment as it is emptied, so a document's largest array is never
/// held twice (once on the stack and once as the result) at full size.
///
/// Segments after the first are mapped pages of their own, not heap blocks: a freed segment goes
/// back to the system. Taken from the heap, the segments of a long array left as many free holes
/// between the values read after them (6 MB of the peak for a 47 MiB file of 281,257 records). The
/// first segment is a heap block: most readers decode one small node (a record of a computed array,
/// read item by item), and mapping and unmapping a segment for each of them cost ~40 µs a node
/// (a system call each way, a page fault, and a flush of every thread's address translations).
final class ValueStack {
    static let segmentSize = 8192
    private static let segmentBytes = segmentSize * MemoryLayout<Value>.stride
    private var segments: [UnsafeMutablePointer<Value>] = []
    /// Segments taken from the heap because the system refused a mapping (normally none).
    private var heapSegments: Set<UnsafeMutablePointer<Value>> = []
    /// How many values are on the stack.
    private(set) var count = 0

    deinit {
        discard(from: 0)
        for segment in segments { releaseSegment(segment) }
    }

    func push(_ value: consuming Value) {
        let (segment, offset) = count.quotientAndRemainder(dividingBy: Self.segmentSize)
        if segment == segments.count { segments.append(segment == 0 ? allocateHeapSegment() : allocateSegment()) }
        (segments[segment] + offset).initialize(to: value)
        count += 1
    }

    /// A segment's memory: mapped pages, or a heap block if the system refuses a mapping.
    private func allocateSegment() -> UnsafeMutablePointer<Value> {
        guard let pages = mmap(nil, Self.segmentBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            pages != MAP_FAILED
        else { return allocateHeapSegment() }
        return pages.bindMemory(to: Value.self, capacity: Self.segmentSize)
    }

    /// A segment's memory from the heap.
    private func allocateHeapSegment() -> UnsafeMutablePointer<Value> {
        let block = UnsafeMutablePointer<Value>.allocate(capacity: Self.segmentSize)
        heapSegments.insert(block)
        return block
    }

    private func releaseSegment(_ segment: UnsafeMutablePointer<Value>) {
        if heapSegments.remove(segment) != nil {
            segment.deallocate()
        } else {
            munmap(segment, Self.segmentBytes)
        }
    }

    /// Removes the values from `base` up and returns them as an array of exactly that size.
    func popArray(from base: Int) -> [Value] {
        let moved = count - base
        let array = [Value](unsafeUninitializedCapacity: moved) { buffer, initialized in
            guard let target = buffer.baseAddress else { return }
            forEachRun(from: base) { source, length, targetOffset in
                (target + targetOffset).moveInitialize(from: source, count: length)
            }
            initialized = moved
        }
        shrink(to: base)
        return array
    }

    /// Removes the values from `base` up by moving them over the first elements of `buffer`
    /// (which must have room for all of them).
    func pop(from base: Int, overwriting buffer: UnsafeMutableBufferPointer<Value>) {
        precondition(count - base <= buffer.count, "ValueStack: target buffer too small")
        guard let target = buffer.baseAddress else { return }
        forEachRun(from: base) { source, length, targetOffset in
            (target + targetOffset).moveUpdate(from: source, count: length)
        }
        shrink(to: base)
    }

    /// Removes and destroys the values from `base` up.
    func discard(from base: Int) {
        forEachRun(from: base) { source, length, _ in source.deinitialize(count: length) }
        shrink(to: base)
    }

    /// Calls `body` with each contiguous run of the values from `base` up, in order: its start, its
    /// length and its offset from `base`. A segment emptied by a run is freed before the next run
    /// (the first two segments stay, for the small containers that come next).
    private func forEachRun(from base: Int, _ body: (UnsafeMutablePointer<Value>, Int, Int) -> Void) {
        var index = base
        while index < count {
            let (segment, offset) = index.quotientAndRemainder(dividingBy: Self.segmentSize)
            let length = min(Self.segmentSize - offset, count - index)
            body(segments[segment] + offset, length, index - base)
            index += length
            if offset == 0, segment >= 2 {
                releaseSegment(segments[segment])
                segments[segment] = segments[0] // a placeholder until `shrink` drops it
            }
        }
    }

    private func shrink(to base: Int) {
        count = base
        let needed = max(2, (base + Self.segmentSize - 1) / Self.segmentSize)
        if segments.count > needed { segments.removeLast(segments.count - needed) }
    }
}
