import Foundation

/// Where each variable of an environment came from (``VariableProvenance``), by name.
///
/// A load records one provenance per declaration — hundreds of thousands for a large manifest — and
/// most runs never ask for one. Records are appended in order and indexed by name only on the first
/// look-up, so that a load does not pay for a hash table it may never read. Later records of a name
/// replace earlier ones. Safe to use from several threads.
final class ProvenanceTable: @unchecked Sendable {
    private var index: [String: VariableProvenance]
    private var pending: [(name: String, provenance: VariableProvenance)] = []
    private let lock = NSLock()

    init(_ initial: [String: VariableProvenance]) {
        index = initial
    }

    /// The latest provenance recorded for `name`.
    subscript(name: String) -> VariableProvenance? {
        lock.lock()
        defer { lock.unlock() }
        indexPending()
        return index[name]
    }

    func record(_ provenance: VariableProvenance, of name: String) {
        lock.lock()
        defer { lock.unlock() }
        pending.append((name, provenance))
    }

    /// Each name whose latest provenance satisfies `include`, with that provenance (in no
    /// particular order). Does not index the table when few records qualify.
    func latest(where include: (VariableProvenance) -> Bool) -> [(name: String, provenance: VariableProvenance)] {
        lock.lock()
        defer { lock.unlock() }
        var selected = index.filter { include($0.value) }
        for (name, provenance) in pending {
            if include(provenance) {
                selected[name] = provenance
            } else if !selected.isEmpty {
                selected.removeValue(forKey: name)
            }
        }
        return selected.map { ($0.key, $0.value) }
    }

    private func indexPending() {
        guard !pending.isEmpty else { return }
        index.reserveCapacity(index.count + pending.count)
        for (name, provenance) in pending { index[name] = provenance }
        pending = []
    }
}
