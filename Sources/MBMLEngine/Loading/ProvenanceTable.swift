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
        /// Records not indexed yet, compact: the file is a number in ``files``.
        var pending: [PendingRecord] = []
        /// The files pending records name (a load names a handful, one after another).
        var files: [String] = []
        /// The expressions of pending records (most records, a manifest's literals, have none).
        var expressions: [String] = []
        /// Whether a pending record's expression came other than from a plain declaration
        /// (``recordPlain(names:kinds:values:positions:file:)``, whose texts hold no marker).
        var hasGeneralExpressions = false

        mutating func indexPending() {
            guard !pending.isEmpty else { return }
            index.reserveCapacity(index.count + pending.count)
            for record in pending { index[record.name] = provenance(of: record) }
            pending = []
            expressions = []
            hasGeneralExpressions = false
        }

        mutating func append(_ provenance: VariableProvenance, of name: String) {
            if provenance.expression != nil { hasGeneralExpressions = true }
            pending.append(
                PendingRecord(
                    name: name, expression: expressionNumber(provenance.expression), file: fileNumber(provenance.file),
                    line: Int32(clamping: provenance.line), column: Int32(clamping: provenance.column),
                    kind: provenance.kind, isReadOnly: provenance.isReadOnly))
        }

        /// The number of `expression` in ``expressions`` (added); -1 for none.
        mutating func expressionNumber(_ expression: String?) -> Int32 {
            guard let expression else { return -1 }
            expressions.append(expression)
            return Int32(expressions.count - 1)
        }

        /// The number of `path` in ``files`` (added if new); -1 for none.
        mutating func fileNumber(_ path: String?) -> Int32 {
            guard let path else { return -1 }
            // Records come file by file: the last file is nearly always the one.
            if let last = files.last, last == path { return Int32(files.count - 1) }
            if let known = files.firstIndex(of: path) { return Int32(known) }
            files.append(path)
            return Int32(files.count - 1)
        }

        func provenance(of record: PendingRecord) -> VariableProvenance {
            VariableProvenance(
                kind: record.kind, isReadOnly: record.isReadOnly,
                expression: record.expression < 0 ? nil : expressions[Int(record.expression)],
                file: record.file < 0 ? nil : files[Int(record.file)], line: Int(record.line),
                column: Int(record.column))
        }
    }

    /// A provenance as recorded, before it is indexed: the file and the expression are numbers,
    /// line and column 32-bit (what a parsed document's positions are), so that a record is 40
    /// bytes (a manifest of a hundred thousand literals touches fewer pages) and holds no reference
    /// to the file's name.
    private struct PendingRecord {
        var name: String
        /// The number of the expression in ``Records/expressions``; -1 for none.
        var expression: Int32
        var file: Int32
        var line: Int32
        var column: Int32
        var kind: VariableProvenance.Kind
        var isReadOnly: Bool
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
                let moved = shift.moved(records.provenance(of: records.pending[index]))
                records.pending[index].line = Int32(clamping: moved.line)
                records.pending[index].column = Int32(clamping: moved.column)
            }
        }
    }

    /// Records plain declarations of `file` (``PlainDeclaration``: read-write, concrete) of `names`
    /// with the kinds, values and `line:column`s beside them, under one lock. A `value`
    /// declaration's expression is its text, which is its value; the others have none.
    func recordPlain(
        names: ArraySlice<String>, kinds: ArraySlice<VariableProvenance.Kind>, values: ArraySlice<Value>,
        positions: ArraySlice<(line: Int32, column: Int32)>, file: String
    ) {
        records.withLock { records in
            let number = records.fileNumber(file)
            var (kind, value) = (kinds.startIndex, values.startIndex)
            for (name, position) in zip(names, positions) {
                let expression = kinds[kind] == .value ? records.expressionNumber(values[value].stringValue) : -1
                records.pending.append(
                    PendingRecord(
                        name: name, expression: expression, file: number, line: position.line,
                        column: position.column, kind: kinds[kind], isReadOnly: false))
                kinds.formIndex(after: &kind)
                values.formIndex(after: &value)
            }
        }
    }

    func record(_ provenance: VariableProvenance, of name: String) {
        records.withLock { $0.append(provenance, of: name) }
    }

    /// Makes room for `count` more records (a manifest about to declare them), so that the list of
    /// records is not copied again and again as it grows.
    func reserveCapacity(forAdditional count: Int) {
        records.withLock { HugePages.reserve(&$0.pending, capacity: $0.pending.count + count) }
    }

    /// Each name whose latest provenance has an expression that passes `expressionTest` and
    /// satisfies `include`, with that provenance (in no particular order). Does not index the table
    /// when few records qualify, and makes no ``VariableProvenance`` of a record without such an
    /// expression (most of a large manifest's are literals and constant values).
    ///
    /// `expressionTest` asks whether an expression may refer to something: the text of a plain
    /// declaration (``recordPlain(names:kinds:values:positions:file:)``) holds none of the markers
    /// `$ ^ # \`, refers to nothing, and is taken not to pass when nothing else could.
    func latestWithExpression(
        passing expressionTest: (String) -> Bool, where include: (VariableProvenance) -> Bool
    ) -> [(name: String, provenance: VariableProvenance)] {
        records.withLock { records in
            var selected = records.index.filter {
                $0.value.expression.map(expressionTest) == true && include($0.value)
            }
            // Most loads: nothing indexed passes, nor does any pending expression (they are in one
            // list, apart from the records; a plain declaration's passes none), so no pending
            // record need be read.
            if selected.isEmpty,
                !records.hasGeneralExpressions || !records.expressions.contains(where: expressionTest)
            {
                return []
            }
            for record in records.pending {
                if record.expression < 0 || !expressionTest(records.expressions[Int(record.expression)]) {
                    if !selected.isEmpty { selected.removeValue(forKey: record.name) }
                    continue
                }
                let (name, provenance) = (record.name, records.provenance(of: record))
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
