/// Finds what a user probably meant by a word that is not known (an option, a threshold name):
/// "Did you mean …?". Shared by the scene decoder and the command line.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a typo of it.
    ///
    /// Close enough means an edit distance (insertions, deletions, substitutions and swaps of
    /// neighbours, ignoring case and leading dashes) of at most 2, or a third of the longer word's
    /// length if that is more; a candidate that starts with `word` (three letters or more) also counts.
    /// Ties go to the earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = core(of: word)
        guard !typed.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let known = core(of: candidate)
            let limit = max(2, max(typed.count, known.count) / 3)
            var distance = editDistance(typed, known)
            if typed.count >= 3, known.starts(with: typed) { distance = min(distance, limit) }
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `Did you mean 'X'?` for the closest candidate, or nil.
    public static func didYouMean(_ word: String, among candidates: [String]) -> String? {
        closest(to: word, among: candidates).map { "Did you mean '\($0)'?" }
    }

    /// `did you mean "X"?` for data errors (a trace or scene), or nil when nothing is close.
    ///
    /// Stricter than ``closest(to:among:)``: the edits must leave some of the word (`q` is not a
    /// typo of `r`, nor `é` of `t`), unless the candidate starts with the word.
    public static func hint(_ word: String, among candidates: [String]) -> String? {
        guard let candidate = closest(to: word, among: candidates) else { return nil }
        let typed = core(of: word), known = core(of: candidate)
        guard editDistance(typed, known) < typed.count || (typed.count >= 3 && known.starts(with: typed)) else { return nil }
        return "did you mean \"\(candidate)\"?"
    }

    /// The parenthesis a data error ends with: ` (did you mean "X"? NOTE)`, ` (did you mean "X"?)`,
    /// ` (NOTE)`, or nothing.
    public static func parenthesis(_ word: String, among candidates: [String], note: String? = nil) -> String {
        let parts = [hint(word, among: candidates), note].compactMap { $0 }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: " ") + ")"
    }

    private static func core(of word: String) -> [Character] {
        Array(word.drop { $0 == "-" }.lowercased())
    }

    /// The optimal-string-alignment distance: Levenshtein plus swaps of adjacent characters.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
