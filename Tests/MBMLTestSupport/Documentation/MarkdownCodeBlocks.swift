import Foundation

/// Fenced code blocks of a Markdown text, for tests that run or compare documented examples.
public enum MarkdownCodeBlocks {
    /// The lines of every block fenced with three backticks and tagged `language` (any tag when nil),
    /// in document order, without the fences.
    public static func blocks(in markdown: String, language: String? = nil) -> [[String]] {
        var blocks: [[String]] = []
        var inBlock = false
        var wanted = false
        var current: [String] = []
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inBlock {
                if trimmed == "```" {
                    if wanted { blocks.append(current) }
                    inBlock = false
                } else {
                    current.append(line)
                }
            } else if trimmed.hasPrefix("```") {
                let tag = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                inBlock = true
                wanted = language == nil || tag == language
                current = []
            }
        }
        return blocks
    }
}
