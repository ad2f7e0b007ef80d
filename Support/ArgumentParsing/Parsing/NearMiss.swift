/// Finds the declared word a mistyped one was probably meant to be: the one near-miss rule of
/// every executable, which ``ArgumentParser`` applies to options and subcommands and a program
/// applies to words only it knows (`reswift-inspect lsit`, where a word may also name an app).
public enum NearMiss {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo:
    /// at most 2 edits, and fewer than half the word's letters.
    ///
    /// ```swift
    /// NearMiss.suggestion(for: "lsit", among: ["list", "tail"])  // "list"
    /// ```
    ///
    /// - Parameters:
    ///   - word: What was typed.
    ///   - candidates: The words it may have been meant to be.
    /// - Returns: The nearest candidate (the first of equally near ones), or `nil` when none is
    ///   near enough.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance <= 2, distance * 2 < max(typed.count, 2),
                best == nil || distance < best!.distance
            {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Long words can't be near misses of our short names; don't spend time on them.
        if abs(a.count - b.count) > 2 { return abs(a.count - b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
