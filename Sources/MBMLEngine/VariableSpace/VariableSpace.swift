import Foundation
import Synchronization

/// Named values (<doc:Variables>): stored variables, read-only and dynamic declarations, and a
/// stack of saved values per name for push/pop and per-item bindings.
///
/// There is no scope chain: pushes and scopes work by temporarily replacing the stored value. The
/// space is a reference type shared by the evaluator and the functions; access is lock-protected.
public final class VariableSpace: Sendable {
    private let state = Mutex(Storage())

    /// Computes a dynamic variable's value; set by the owning ``Environment``. Errors are reported
    /// by the resolver itself (the read yields nil); it throws only the stop of the job it reads in.
    /// Its arguments: the variable's name, its expression and context, and the job reading it (nil:
    /// a read from outside any evaluation, which is a job of its own).
    var dynamicResolver: DynamicResolver? {
        get { state.withLock { $0.dynamicResolver } }
        set { state.withLock { $0.dynamicResolver = newValue } }
    }
    /// Makes the job for a read from outside any evaluation (``subscript(_:)``): the owning
    /// ``Environment``'s limits. Without it such a read of a dynamic variable is nil.
    var makeEvaluation: (@Sendable () -> Evaluation)? {
        get { state.withLock { $0.makeEvaluation } }
        set { state.withLock { $0.makeEvaluation = newValue } }
    }
    /// Told the name of a dynamic variable whose expression read the variable itself.
    var reentryHandler: (@Sendable (String) -> Void)? {
        get { state.withLock { $0.reentryHandler } }
        set { state.withLock { $0.reentryHandler = newValue } }
    }

    public init() {}

    // MARK: Reading

    /// The variable's value: dynamic and singleton declarations are computed on every read (a
    /// dynamic one as a job of its own, under the environment's limits).
    /// Reading never fails; a self-referencing dynamic variable reads as nil.
    public subscript(name: String) -> Value? {
        (try? value(of: name, in: nil)) ?? nil
    }

    /// The variable's value as read by the job `evaluation`: a dynamic variable is evaluated in it.
    /// - Throws: only the job's stop (``Evaluation/checkStop()``); other errors read as nil.
    public func value(of name: String, within evaluation: Evaluation) throws -> Value? {
        try value(of: name, in: evaluation)
    }

    /// The variable's value as read by `evaluation` (nil: a job of its own).
    func value(of name: String, in evaluation: Evaluation?) throws -> Value? {
        if let bound = evaluation?.variables.binding(of: name) { return bound }
        evaluation?.readNames?.insert(name)
        let read: Read = state.withLock { state in
            guard let slot = state.slot(named: name) else { return .value(nil) }
            if !slot.saved.isEmpty { return .value(slot.value) }
            switch slot.declaration {
            case .dynamic(let expression, let context)?: return .dynamic(expression, context)
            case .singleton?: return .singleton(state.singletons[name])
            default: return .value(slot.value)
            }
        }
        switch read {
        case .value(let value):
            return value
        case .dynamic(let expression, let context):
            // Computed without the lock, so that one thread's slow dynamic variable does not stop
            // every other thread's reads.
            return try readDynamic(name, expression: expression, context: context, evaluation: evaluation)
        case .singleton(let provider):
            return provider?()
        }
    }

    /// What a read found under the lock: a value, or what computes one once the lock is released.
    private enum Read {
        case value(Value?)
        case dynamic(String, ExpressionContext)
        case singleton((@Sendable () -> Value?)?)
    }

    /// All names with a value or a declaration, sorted.
    public var names: [String] {
        state.withLock { state in
            state.slots.compactMap { slot in slot.value != nil || slot.declaration != nil ? slot.name : nil }
        }.sorted()
    }

    public func declaration(of name: String) -> VariableDeclaration? {
        state.withLock { $0.slot(named: name)?.declaration }
    }

    public func isReadOnly(_ name: String) -> Bool {
        declaration(of: name)?.isReadOnly ?? false
    }

    // MARK: Declaring

    /// Declares a concrete variable. A nil value keeps an earlier value (redeclaration, <doc:Variables>).
    public func declare(_ name: String, value: Value?, readOnly: Bool = false) {
        declareReplacing(name, value: value, readOnly: readOnly)
    }

    /// ``declare(_:value:readOnly:)``, returning the declaration it replaced (one look-up for both).
    @discardableResult
    func declareReplacing(_ name: String, value: Value?, readOnly: Bool = false) -> VariableDeclaration? {
        state.withLock { state in
            return state.modifySlot(name) { slot in
                let replaced = slot.declaration
                slot.declaration = .concrete(readOnly: readOnly)
                if let value = value { slot.value = value }
                return replaced
            }
        }
    }

    /// Declares read-write concrete variables, in order, under one lock: what
    /// ``declareReplacing(_:value:readOnly:)`` does for each name and the value beside it, a
    /// manifest's run of plain declarations at a time. `replaced` is told the index in `names` and
    /// the declaration replaced of each redeclared name.
    func declareValues(
        _ names: ArraySlice<String>, values: ArraySlice<Value>, replaced: (Int, VariableDeclaration) -> Void
    ) {
        let count = min(names.count, values.count)
        state.withLock { state in
            // A group of names at a time: their hashes, their buckets asked for, then the
            // declarations (NamePositions.prefetchBuckets(of:)).
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Self.prefetchGroup) { hashes in
                var done = 0
                while done < count {
                    let group = min(Self.prefetchGroup, count - done)
                    for offset in 0..<group {
                        hashes[offset] = state.positions.hash(of: names[names.startIndex + done + offset])
                    }
                    state.positions.prefetchBuckets(of: UnsafeBufferPointer(rebasing: hashes[0..<group]))
                    for offset in 0..<group {
                        let index = names.startIndex + done + offset
                        let value = values[values.startIndex + done + offset]
                        let old = state.modifySlot(names[index], hash: hashes[offset]) { slot in
                            let old = slot.declaration
                            slot.declaration = .concrete(readOnly: false)
                            slot.value = value
                            return old
                        }
                        if let old { replaced(index, old) }
                    }
                    done += group
                }
            }
        }
    }

    /// How many names ``declareValues(_:values:replaced:)`` hashes and prefetches at a time: enough
    /// cache misses to overlap, few enough that their lines are still cached when used.
    static let prefetchGroup = 32

    /// Makes room for `count` more variables (a manifest about to declare them), so that the storage
    /// grows once instead of rehashing as it fills.
    func reserveCapacity(forAdditional count: Int) {
        state.withLock { $0.reserveCapacity(forAdditional: count) }
    }

    /// Declares a dynamic variable: `expression` is evaluated in `context` on every read.
    public func declareDynamic(_ name: String, expression: String, context: ExpressionContext = .object) {
        declareDynamicReplacing(name, expression: expression, context: context)
    }

    /// ``declareDynamic(_:expression:context:)``, returning the declaration it replaced.
    @discardableResult
    func declareDynamicReplacing(
        _ name: String, expression: String,
        context: ExpressionContext = .object
    ) -> VariableDeclaration? {
        state.withLock { state in
            state.modifySlot(name) { slot in
                let replaced = slot.declaration
                slot.declaration = .dynamic(expression: expression, context: context)
                slot.value = nil
                return replaced
            }
        }
    }

    /// Declares a read-only variable whose value the host supplies on every read.
    public func declareSingleton(_ name: String, provider: @escaping @Sendable () -> Value?) {
        state.withLock { state in
            state.modifySlot(name) { slot in
                slot.declaration = .singleton
                slot.value = nil
            }
            state.singletons[name] = provider
        }
    }

    // MARK: Writing

    /// Stores a value (nil removes it). Refused for read-only variables.
    public func set(_ name: String, to value: Value?) throws {
        try state.withLock { try $0.set(name, to: value) }
    }

    /// Removes a variable's value (same as setting nil).
    public func unset(_ name: String) throws {
        try set(name, to: nil)
    }

    /// Saves the current value on the name's stack and stores `value`. Refused for read-only variables.
    public func push(_ name: String, _ value: Value?) throws {
        try state.withLock { state in
            if state.slot(named: name)?.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
            state.pushUnchecked(name, value)
        }
    }

    /// Restores the value saved by the last push and returns it.
    @discardableResult
    public func pop(_ name: String) throws -> Value? {
        try state.withLock { state in
            guard let slot = state.slot(named: name) else { throw VariableSpaceError.emptyStack(name) }
            if slot.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
            guard !slot.saved.isEmpty else { throw VariableSpaceError.emptyStack(name) }
            return state.popUnchecked(name)
        }
    }

    /// Number of values saved for `name`.
    public func stackDepth(_ name: String) -> Int {
        state.withLock { $0.slot(named: name)?.saved.count ?? 0 }
    }

    // MARK: Scopes (<doc:Variables>)

    /// Starts a scope of the job `evaluation`: variables it sets with ``setScoped(_:to:within:)``
    /// until ``exitScope(within:)`` are restored then.
    public func enterScope(within evaluation: Evaluation) {
        evaluation.variables.scopes.append([])
    }

    /// Sets a variable for the job's innermost scope only (one stack level per name and scope);
    /// outside any scope, a plain ``set(_:to:)``.
    public func setScoped(_ name: String, to value: Value?, within evaluation: Evaluation) throws {
        guard let innermost = evaluation.variables.scopes.indices.last else { return try set(name, to: value) }
        let isNew = try state.withLock { state in
            if state.slot(named: name)?.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
            let isNew = !evaluation.variables.scopes[innermost].contains(name)
            if !isNew { state.popUnchecked(name) }
            state.pushUnchecked(name, value)
            return isNew
        }
        if isNew { evaluation.variables.scopes[innermost].append(name) }
    }

    /// Ends the job's innermost scope, restoring every variable it set.
    public func exitScope(within evaluation: Evaluation) {
        guard let names = evaluation.variables.scopes.popLast() else { return }
        state.withLock { state in
            for name in names.reversed() { state.popUnchecked(name) }
        }
    }

    // MARK: Copying

    /// An independent copy (declarations, values and stacks) — used to load into a new space and swap.
    public func copy() -> VariableSpace {
        let (positions, slots, singletons) = state.withLock { ($0.positions, $0.slots, $0.singletons) }
        let other = VariableSpace()
        other.state.withLock { state in
            state.positions = positions
            state.slots = slots
            state.singletons = singletons
        }
        return other
    }

    /// Empties the record of `name` in place (value, declaration and saved values), so that
    /// declaring it again declares it as if for the first time, where it was.
    func forget(_ name: String) {
        state.withLock { state in
            guard state.position(of: name) != nil else { return }
            state.modifySlot(name) { slot in
                slot.value = nil
                slot.declaration = nil
                slot.saved = []
            }
        }
    }

    /// Makes this space hold `other`'s variables (its own singletons stay: they answer from their
    /// own environment). For a space made with the same standard variables as `other`'s.
    func replaceContents(with other: VariableSpace) {
        let (positions, slots) = other.state.withLock { ($0.positions, $0.slots) }
        state.withLock { state in
            state.positions = positions
            state.slots = slots
            state.version &+= 1
        }
    }

    /// Counts every change to the space: a shared dynamic value is reused only at the version it
    /// was computed at (``SharedDynamicValues``).
    var version: Int { state.withLock { $0.version } }

    /// Computes a dynamic variable (the lock is not held): a re-entry of the job reads as nil, a
    /// value of the job's ``SharedDynamicValues`` is reused while the space is unchanged.
    private func readDynamic(
        _ name: String, expression: String, context: ExpressionContext, evaluation: Evaluation?
    ) throws -> Value? {
        guard let evaluation = evaluation ?? makeEvaluation?() else { return nil }
        if evaluation.variables.computing.contains(name) {
            reentryHandler?(name)
            return nil
        }
        // A value read while the job iterates may depend on the items bound: it is neither taken
        // from nor given to the shared values.
        let sharing = evaluation.variables.hasBindings ? nil : evaluation.sharedDynamicValues
        let (resolver, startVersion) = state.withLock { ($0.dynamicResolver, $0.version) }
        if let shared = sharing?.value(of: name, atVersion: startVersion) { return shared }
        guard let resolver else { return nil }
        // What other requests computed, or are computing (a waiting job holds no claim itself).
        let exchange = sharing?.exchange(atVersion: startVersion)
        let answer =
            exchange?.answer(
                for: name, mayWait: evaluation.variables.computing.isEmpty, shouldStop: { evaluation.isStopped })
            ?? .unclaimed
        if case .known(let value) = answer {
            if let sharing { sharing.keep(value, of: name, atVersion: startVersion) }
            return value
        }
        var computed: Value?? = nil
        defer {
            if answer == .claimed, let exchange {
                exchange.finished(name, value: computed ?? nil, isWhole: computed != nil && !evaluation.isStopped)
            }
        }
        evaluation.variables.computing.append(name)
        defer { evaluation.variables.computing.removeLast() }
        let value = try resolver(name, expression, context, evaluation)
        computed = .some(value)
        if let sharing, version == startVersion { sharing.keep(value, of: name, atVersion: startVersion) }
        return value
    }
}

/// Everything a ``VariableSpace`` holds, behind its lock.
private struct Storage {
    /// Everything about each name in one record, so that a read, a declaration or a push looks the
    /// name up once. The records are kept densely, in the order the names came, and a small table
    /// says where each name's is: a manifest of a hundred thousand variables fills one array front
    /// to back instead of scattering wide records over a hash table with room to spare.
    var slots: [Slot] = []
    /// The index in ``slots`` of each name's record.
    var positions = NamePositions()
    var singletons: [String: @Sendable () -> Value?] = [:]
    /// Counts every change to the space (declarations, values, pushes, pops), so that a shared
    /// dynamic value is known to have been computed from the space as it is.
    var version = 0
    var dynamicResolver: DynamicResolver?
    var makeEvaluation: (@Sendable () -> Evaluation)?
    var reentryHandler: (@Sendable (String) -> Void)?

    /// The record of `name`, if it has one.
    func slot(named name: String) -> Slot? {
        position(of: name).map { slots[$0] }
    }

    /// The index in ``slots`` of `name`'s record, if it has one.
    func position(of name: String) -> Int? {
        positions.position(of: name) { slots[$0].name }
    }

    mutating func reserveCapacity(forAdditional count: Int) {
        positions.reserveCapacity(forAdditional: count)
        HugePages.reserve(&slots, capacity: slots.count + count)
    }

    /// Stores a value (nil removes it). Refused for read-only variables.
    mutating func set(_ name: String, to value: Value?) throws {
        if slot(named: name)?.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
        modifySlot(name) { $0.value = value }
        if value == nil { removeIfEmpty(name) }
    }

    /// Changes the slot of `name` in place (created empty if needed), with one look-up.
    @discardableResult
    mutating func modifySlot<T>(_ name: String, _ body: (inout Slot) -> T) -> T {
        modifySlot(name, hash: positions.hash(of: name), body)
    }

    /// ``modifySlot(_:_:)`` of a name whose hash (``NamePositions/hash(of:)``) is `hash`.
    mutating func modifySlot<T>(_ name: String, hash: UInt32, _ body: (inout Slot) -> T) -> T {
        version &+= 1
        switch positions.lookUp(name, hash: hash, nameAt: { slots[$0].name }) {
        case .found(let position, _):
            return body(&slots[position])
        case .missing(let hash):
            positions.insert(position: slots.count, hash: hash)
            slots.append(Slot(name: name))
            return body(&slots[slots.count - 1])
        }
    }

    /// Forgets `name` when its record holds nothing: the last record takes its place.
    private mutating func removeIfEmpty(_ name: String) {
        guard case .found(let position, let bucket) = positions.lookUp(name, nameAt: { slots[$0].name }),
            slots[position].isEmpty
        else { return }
        let last = slots.count - 1
        if position != last {
            guard case .found(_, let lastBucket) = positions.lookUp(slots[last].name, nameAt: { slots[$0].name })
            else { preconditionFailure("VariableSpace: the last record's name is not indexed") }
            positions.move(bucket: lastBucket, to: position)
            slots.swapAt(position, last)
        }
        positions.remove(bucket: bucket)
        slots.removeLast()
    }

    mutating func pushUnchecked(_ name: String, _ value: Value?) {
        modifySlot(name) { slot in
            slot.saved.append(slot.value)
            slot.value = value
        }
    }

    @discardableResult
    mutating func popUnchecked(_ name: String) -> Value? {
        // In place: an emptied stack stays (with its capacity), so that a binding pushed and popped
        // once per item of a collection allocates nothing.
        guard let position = position(of: name), let saved = slots[position].saved.popLast() else { return nil }
        version &+= 1
        slots[position].value = saved
        return saved
    }
}

/// What the space knows about one name.
private struct Slot {
    /// The name the record is for.
    let name: String
    /// The stored value (for dynamic and singleton variables, nil: they are computed on read).
    var value: Value?
    var declaration: VariableDeclaration?
    /// Values saved by pushes and bindings, innermost last.
    var saved: [Value?] = []

    /// Neither a value, a declaration nor anything saved.
    var isEmpty: Bool { value == nil && declaration == nil && saved.isEmpty }
}

/// Computes a dynamic variable: its name, expression and context, and the job reading it.
typealias DynamicResolver = @Sendable (String, String, ExpressionContext, Evaluation) throws -> Value?
