import Foundation
import MBMLEngine

/// The order a space declared its variables in, from where each was declared: the files in the
/// order they were read (a manifest, its includes, the data files), then line and column. Variables
/// no file declared (`$ENV`, `$Environment`, piped JSON) come first, by name.
enum DeclarationOrder {
    static func names(
        _ names: [String], provenance: [String: VariableProvenance], files: [URL]
    ) -> [String] {
        var rank: [String: Int] = [:]
        for (index, url) in files.enumerated() where rank[url.standardizedFileURL.path] == nil {
            rank[url.standardizedFileURL.path] = index
        }
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var fileRanks: [String: Int] = [:]
        func fileRank(_ file: String?) -> Int {
            guard let file else { return -1 }
            if let known = fileRanks[file] { return known }
            let path = URL(fileURLWithPath: file, relativeTo: directory).standardizedFileURL.path
            let found = rank[path] ?? files.count
            fileRanks[file] = found
            return found
        }
        let keyed = names.map { name -> (key: (Int, Int, Int), name: String) in
            let origin = provenance[name]
            return ((fileRank(origin?.file), origin?.line ?? 0, origin?.column ?? 0), name)
        }
        return keyed.sorted { $0.key != $1.key ? $0.key < $1.key : $0.name < $1.name }.map(\.name)
    }
}
