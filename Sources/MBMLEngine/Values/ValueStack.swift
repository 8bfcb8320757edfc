/// The values of the arrays and objects a reader has open, in one growing buffer, so that a
/// finished container takes its elements by moving them (no per-container scratch array, no
/// retain/release pairs, and arrays get exactly the capacity they need).
final class ValueStack {
    private var storage: UnsafeMutablePointer<Value>
    private var capacity: Int
    /// How many values are on the stack.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func push(_ value: Value) {
        if count == capacity { grow() }
        (storage + count).initialize(to: value)
        count += 1
    }

    /// Removes the values from `base` up and returns them as an array of exactly that size.
    func popArray(from base: Int) -> [Value] {
        let moved = count - base
        let array = [Value](unsafeUninitializedCapacity: moved) { buffer, initialized in
            if let target = buffer.baseAddress { target.moveInitialize(from: storage + base, count: moved) }
            initialized = moved
        }
        count = base
        return array
    }

    /// Removes the values from `base` up by moving them over the first elements of `buffer`
    /// (which must have room for all of them).
    func pop(from base: Int, overwriting buffer: UnsafeMutableBufferPointer<Value>) {
        let moved = count - base
        precondition(moved <= buffer.count, "ValueStack: target buffer too small")
        if let target = buffer.baseAddress { target.moveUpdate(from: storage + base, count: moved) }
        count = base
    }

    private func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Value>.allocate(capacity: larger)
        moved.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = moved
        capacity = larger
    }
}
