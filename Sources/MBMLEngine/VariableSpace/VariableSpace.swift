import Foundation

/// Named values (<doc:Variables>): stored variables, read-only and dynamic declarations, and a
/// stack of saved values per name for push/pop and per-item bindings.
///
/// There is no scope chain: pushes and scopes work by temporarily replacing the stored value. The
/// space is a reference type shared by the evaluator and the functions; access is lock-protected.
public final class VariableSpace: @unchecked Sendable {
    /// Everything about each name in one table, so that a read, a declaration or a push looks the
    /// name up once.
    private var slots: [String: Slot] = [:]
    private var singletons: [String: @Sendable () -> Value?] = [:]
    /// The dynamic variables each thread is computing (a read of one of them from its own
    /// expression is a re-entry; another thread computes its own value meanwhile).
    private var computingByThread: [ThreadKey: Set<String>] = [:]
    /// Counts every change to the space (declarations, values, pushes, pops), so that a shared
    /// dynamic value is known to have been computed from the space as it is.
    private var version = 0
    /// The dynamic values of the threads inside ``sharingDynamicValues(_:)``, each with the
    /// ``version`` it was computed at.
    private var sharedByThread: [ThreadKey: [String: (version: Int, value: Value?)]] = [:]
    /// Scope stacks per thread (<doc:Variables>): each thread's scopes are its own.
    private var scopesByThread: [ThreadKey: [[String]]] = [:]
    private let lock = NSRecursiveLock()

    /// Computes a dynamic variable's value; set by the owning ``Environment``. Errors are reported
    /// by the resolver itself (the read yields nil).
    /// Its arguments: the variable's name, its expression and context.
    var dynamicResolver: ((String, String, ExpressionContext) -> Value?)?
    /// Told the name of a dynamic variable whose expression read the variable itself.
    var reentryHandler: ((String) -> Void)?

    public init() {}

    // MARK: Reading

    /// The variable's value: dynamic and singleton declarations are computed on every read.
    /// Reading never fails; a self-referencing dynamic variable reads as nil.
    public subscript(name: String) -> Value? {
        lock.lock()
        var locked = true
        defer { if locked { lock.unlock() } }
        guard let slot = slots[name] else { return nil }
        if slot.saved.isEmpty, case .dynamic(let expression, let context)? = slot.declaration {
            // Computed without the lock, so that one thread's slow dynamic variable does not stop
            // every other thread's reads.
            lock.unlock()
            locked = false
            return readDynamic(name, expression: expression, context: context)
        }
        if !slot.saved.isEmpty { return slot.value }
        switch slot.declaration {
        case .dynamic(let expression, let context)?:
            return readDynamic(name, expression: expression, context: context)
        case .singleton?:
            return singletons[name]?()
        default:
            return slot.value
        }
    }

    /// All names with a value or a declaration, sorted.
    public var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { name, slot in slot.value != nil || slot.declaration != nil ? name : nil }.sorted()
    }

    public func declaration(of name: String) -> VariableDeclaration? {
        lock.lock()
        defer { lock.unlock() }
        return slots[name]?.declaration
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
        lock.lock()
        defer { lock.unlock() }
        return modifySlot(name) { slot in
            let replaced = slot.declaration
            slot.declaration = .concrete(readOnly: readOnly)
            if let value = value { slot.value = value }
            return replaced
        }
    }

    /// Makes room for `count` more variables (a manifest about to declare them), so that the storage
    /// grows once instead of rehashing as it fills.
    func reserveCapacity(forAdditional count: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots.reserveCapacity(slots.count + count)
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
        lock.lock()
        defer { lock.unlock() }
        return modifySlot(name) { slot in
            let replaced = slot.declaration
            slot.declaration = .dynamic(expression: expression, context: context)
            slot.value = nil
            return replaced
        }
    }

    /// Declares a read-only variable whose value the host supplies on every read.
    public func declareSingleton(_ name: String, provider: @escaping @Sendable () -> Value?) {
        lock.lock()
        defer { lock.unlock() }
        modifySlot(name) { slot in
            slot.declaration = .singleton
            slot.value = nil
        }
        singletons[name] = provider
    }

    // MARK: Writing

    /// Stores a value (nil removes it). Refused for read-only variables.
    public func set(_ name: String, to value: Value?) throws {
        lock.lock()
        defer { lock.unlock() }
        if slots[name]?.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
        modifySlot(name) { $0.value = value }
        if value == nil, slots[name]?.isEmpty == true { slots[name] = nil }
    }

    /// Removes a variable's value (same as setting nil).
    public func unset(_ name: String) throws {
        try set(name, to: nil)
    }

    /// Saves the current value on the name's stack and stores `value`. Refused for read-only variables.
    public func push(_ name: String, _ value: Value?) throws {
        lock.lock()
        defer { lock.unlock() }
        if slots[name]?.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
        pushUnchecked(name, value)
    }

    /// Restores the value saved by the last push and returns it.
    @discardableResult
    public func pop(_ name: String) throws -> Value? {
        lock.lock()
        defer { lock.unlock() }
        if slots[name]?.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
        guard slots[name]?.saved.isEmpty == false else { throw VariableSpaceError.emptyStack(name) }
        return popUnchecked(name)
    }

    /// Number of values saved for `name`.
    public func stackDepth(_ name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return slots[name]?.saved.count ?? 0
    }

    /// Runs `body` with temporary values for `bindings` (per-item variables such as `$item`), restoring
    /// the previous values afterwards even when `body` throws. Bindings shadow read-only and dynamic
    /// variables of the same name for their duration.
    public func withBindings<T>(_ bindings: [(String, Value?)], _ body: () throws -> T) rethrows -> T {
        lock.lock()
        for (name, value) in bindings { pushUnchecked(name, value) }
        lock.unlock()
        defer {
            lock.lock()
            for (name, _) in bindings.reversed() { popUnchecked(name) }
            lock.unlock()
        }
        return try body()
    }

    /// ``withBindings(_:_:)`` for one item of a collection: `$item` bound to `item`, and `$key` to
    /// `key` when there is one (otherwise an enclosing `$key` stays visible), without building a list
    /// of bindings for every item.
    public func withItem<T>(_ item: Value, key: String?, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        pushUnchecked("item", item)
        if let key { pushUnchecked("key", .string(key)) }
        lock.unlock()
        defer {
            lock.lock()
            if key != nil { popUnchecked("key") }
            popUnchecked("item")
            lock.unlock()
        }
        return try body()
    }

    // MARK: Scopes (<doc:Variables>)

    /// Starts a scope: variables set with ``setScoped(_:to:)`` until ``exitScope()`` are restored then.
    public func enterScope() {
        lock.lock()
        defer { lock.unlock() }
        scopesByThread[currentThreadKey(), default: []].append([])
    }

    /// Sets a variable for the innermost scope only (one stack level per name and scope).
    public func setScoped(_ name: String, to value: Value?) throws {
        lock.lock()
        defer { lock.unlock() }
        let thread = currentThreadKey()
        guard var scopes = scopesByThread[thread], !scopes.isEmpty else { return try set(name, to: value) }
        if slots[name]?.declaration?.isReadOnly == true { throw VariableSpaceError.readOnly(name) }
        if scopes[scopes.count - 1].contains(name) {
            popUnchecked(name)
        } else {
            scopes[scopes.count - 1].append(name)
            scopesByThread[thread] = scopes
        }
        pushUnchecked(name, value)
    }

    /// Ends the innermost scope, restoring every variable it set.
    public func exitScope() {
        lock.lock()
        defer { lock.unlock() }
        let thread = currentThreadKey()
        guard var scopes = scopesByThread[thread], let names = scopes.popLast() else { return }
        scopesByThread[thread] = scopes.isEmpty ? nil : scopes
        for name in names.reversed() { popUnchecked(name) }
    }

    // MARK: Copying

    /// An independent copy (declarations, values and stacks) — used to load into a new space and swap.
    public func copy() -> VariableSpace {
        lock.lock()
        defer { lock.unlock() }
        let other = VariableSpace()
        other.slots = slots
        other.singletons = singletons
        return other
    }

    // MARK: Sharing dynamic values

    /// Runs `body` with each dynamic variable computed at most once on this thread while the space
    /// does not change: a second read gives the first read's value, until a declaration, a value,
    /// a push or a pop changes the space (a `$item` bound by `^list` computes again). One
    /// evaluation of an expression in several contexts reads a slow dynamic variable once, as
    /// `mbml eval` does. Nested calls share the outer one's values.
    public func sharingDynamicValues<T>(_ body: () throws -> T) rethrows -> T {
        let thread = currentThreadKey()
        lock.lock()
        let isOutermost = sharedByThread[thread] == nil
        if isOutermost { sharedByThread[thread] = [:] }
        lock.unlock()
        defer {
            if isOutermost {
                lock.lock()
                sharedByThread[thread] = nil
                lock.unlock()
            }
        }
        return try body()
    }

    /// Computes a dynamic variable (the lock is not held): a re-entry on this thread reads as nil,
    /// a value shared by ``sharingDynamicValues(_:)`` is reused while the space is unchanged.
    private func readDynamic(_ name: String, expression: String, context: ExpressionContext) -> Value? {
        let thread = currentThreadKey()
        lock.lock()
        if computingByThread[thread]?.contains(name) == true {
            lock.unlock()
            reentryHandler?(name)
            return nil
        }
        if let shared = sharedByThread[thread]?[name], shared.version == version {
            lock.unlock()
            return shared.value
        }
        guard let resolver = dynamicResolver else {
            lock.unlock()
            return nil
        }
        computingByThread[thread, default: []].insert(name)
        let startVersion = version
        lock.unlock()
        let value = resolver(name, expression, context)
        lock.lock()
        computingByThread[thread]?.remove(name)
        if computingByThread[thread]?.isEmpty == true { computingByThread[thread] = nil }
        if sharedByThread[thread] != nil, version == startVersion {
            sharedByThread[thread]?[name] = (version, value)
        }
        lock.unlock()
        return value
    }

    // MARK: Private

    /// Changes the slot of `name` in place (created empty if needed), with one look-up.
    @discardableResult
    private func modifySlot<T>(_ name: String, _ body: (inout Slot) -> T) -> T {
        version &+= 1
        return body(&slots[name, default: Slot()])
    }

    private func pushUnchecked(_ name: String, _ value: Value?) {
        modifySlot(name) { slot in
            slot.saved.append(slot.value)
            slot.value = value
        }
    }

    @discardableResult
    private func popUnchecked(_ name: String) -> Value? {
        // In place: an emptied stack stays (with its capacity), so that a binding pushed and popped
        // once per item of a collection allocates nothing.
        guard let index = slots.index(forKey: name), let saved = slots.values[index].saved.popLast() else { return nil }
        version &+= 1
        slots.values[index].value = saved
        return saved
    }
}

/// What the space knows about one name.
private struct Slot {
    /// The stored value (for dynamic and singleton variables, nil: they are computed on read).
    var value: Value?
    var declaration: VariableDeclaration?
    /// Values saved by pushes and bindings, innermost last.
    var saved: [Value?] = []

    /// Neither a value, a declaration nor anything saved.
    var isEmpty: Bool { value == nil && declaration == nil && saved.isEmpty }
}
