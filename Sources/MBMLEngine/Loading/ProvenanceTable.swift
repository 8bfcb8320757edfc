import Foundation
import Synchronization

/// Where each variable of an environment came from (``VariableProvenance``), by name.
///
/// A load records one provenance per declaration — hundreds of thousands for a large manifest — and
/// most runs never ask for one. Records are appended in order and indexed by name only on the first
/// look-up, so that a load does not pay for a hash table it may never read. Later records of a name
/// replace earlier ones. Safe to use from several threads.
final class ProvenanceTable: Sendable {
    private struct Records {
        var index: [String: VariableProvenance]
        var pending: [(name: String, provenance: VariableProvenance)] = []

        mutating func indexPending() {
            guard !pending.isEmpty else { return }
            index.reserveCapacity(index.count + pending.count)
            for (name, provenance) in pending { index[name] = provenance }
            pending = []
        }
    }

    private let records: Mutex<Records>

    init(_ initial: [String: VariableProvenance]) {
        records = Mutex(Records(index: initial))
    }

    /// The latest provenance recorded for `name`.
    subscript(name: String) -> VariableProvenance? {
        records.withLock { records in
            records.indexPending()
            return records.index[name]
        }
    }

    /// Makes this table hold `other`'s records.
    func replaceRecords(with other: ProvenanceTable) {
        let copied = other.records.withLock { $0 }
        records.withLock { $0 = copied }
    }

    /// Moves every record that `shift` moves (an edit added or removed lines above it), in place.
    func apply(_ shift: LineShift) {
        records.withLock { records in
            records.index = records.index.mapValues(shift.moved)
            for index in records.pending.indices {
                records.pending[index].provenance = shift.moved(records.pending[index].provenance)
            }
        }
    }

    func record(_ provenance: VariableProvenance, of name: String) {
        records.withLock { $0.pending.append((name, provenance)) }
    }

    /// Makes room for `count` more records (a manifest about to declare them), so that the list of
    /// records is not copied again and again as it grows.
    func reserveCapacity(forAdditional count: Int) {
        records.withLock { HugePages.reserve(&$0.pending, capacity: $0.pending.count + count) }
    }

    /// Each name whose latest provenance satisfies `include`, with that provenance (in no
    /// particular order). Does not index the table when few records qualify.
    func latest(where include: (VariableProvenance) -> Bool) -> [(name: String, provenance: VariableProvenance)] {
        records.withLock { records in
            var selected = records.index.filter { include($0.value) }
            for (name, provenance) in records.pending {
                if include(provenance) {
                    selected[name] = provenance
                } else if !selected.isEmpty {
                    selected.removeValue(forKey: name)
                }
            }
            return selected.map { ($0.key, $0.value) }
        }
    }
}
