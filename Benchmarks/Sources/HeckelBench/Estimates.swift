/// Cost estimates made before anything runs: to skip the standard library where it would run for
/// minutes or need more memory than the machine has, and to refuse sizes the machine cannot hold.
enum Estimates {
    /// Old and new list lengths of a generated scenario at size `n`.
    static func counts(_ scenario: Scenario, size n: Int, ratios: EditRatios) -> (old: Int, new: Int) {
        switch scenario {
        case .sectioned:
            return (n, n)  // as many items inserted as deleted, on average
        case .random, .duplicates:
            let deleted = min(n, Int((ratios.delete * Double(n)).rounded()))
            return (n, n - deleted + Int((ratios.insert * Double(n)).rounded()))
        case .oneMove, .reversed, .allNew, .unchanged, .frontEdit, .text:
            return (n, n)
        case .insertTop:
            return (n, n + 1)
        }
    }

    /// The number of deletions plus insertions in a shortest edit script (Myers's D), roughly;
    /// nil where it is not known in advance.
    static func editDistance(_ scenario: Scenario, size n: Int, ratios: EditRatios) -> Int? {
        let (old, new) = counts(scenario, size: n, ratios: ratios)
        switch scenario {
        case .random, .duplicates:
            let deleted = min(n, Int((ratios.delete * Double(n)).rounded()))
            let inserted = Int((ratios.insert * Double(n)).rounded())
            let moved = Int((ratios.move * Double(n)).rounded())
            return deleted + inserted + 2 * moved
        case .oneMove: return n > 1 ? 2 : 0
        case .reversed: return n > 1 ? 2 * (n - 1) : 0
        case .allNew: return old + new
        case .unchanged: return 0
        case .frontEdit: return n > 0 ? 2 : 0
        case .insertTop: return 1
        case .text, .sectioned: return nil
        }
    }

    /// The standard library's Myers diff takes about this long: O((old + new) · D).
    /// Calibrated on this machine's kind with the random mix at 10^4 to 10^5 (11.8 s at 10^5).
    static func stdlibSeconds(old: Int, new: Int, editDistance d: Int) -> Double {
        stdlibSecondsPerStep * Double(old + new) * Double(d) + 1e-7 * Double(old + new)
    }

    static let stdlibSecondsPerStep = 1.25e-9

    /// Resident bytes the inputs take while they are built (identity lists plus elements).
    static func inputBytes(_ element: ElementKind, old: Int, new: Int) -> Int {
        (old + new) * (element.residentBytes + 8) + 16 << 20
    }

    /// Extra resident bytes an engine takes during the diff, generously.
    static func engineBytes(_ engine: Engine, _ element: ElementKind, old: Int, new: Int) -> Int {
        let elements = old + new
        let arena = [.string, .shortString].contains(element) || element.plainIDs == .string ? elements * 48 : 0
        switch engine {
        case .ccore: return elements * 24 + arena
        case .listdiff, .flat: return elements * 48 + arena
        case .reference: return elements * 200
        case .stdlib: return elements * 128  // measured: about 100 bytes per element
        }
    }
}
