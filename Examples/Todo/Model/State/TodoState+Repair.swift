extension TodoState {
    /// The largest id a list uses (2⁵², exact as a JSON number in any reader); ids above it, like
    /// ids below 1, are damage.
    public static let maximumID = 1 << 52

    /// The list with its ids made valid, and a phrase for each repair; no repairs for a list the
    /// reducer built.
    ///
    /// A file edited by hand or by another program can break the rules the reducer keeps, and then
    /// an id would be handed out twice or `todo remove 1` would mean several items. Every item is
    /// kept, in its place, with its title and done state; the repairs are:
    /// - An item whose id is already taken by an earlier item, or is outside `1...`
    ///   ``maximumID``, gets a new id (ids are internal: the numbers `todo list` shows don't
    ///   change).
    /// - ``nextID`` is raised above every id in the list and in its undo history (and lowered to
    ///   just above them when it is past ``maximumID``).
    /// - The undo history is cleared when an item got a new id (its steps name items by id and
    ///   could take back a change to the wrong item) or when it names an id outside the range.
    ///
    /// - Returns: The repaired list and what was repaired (empty when the list was valid).
    /// - Complexity: O(*n*) in the number of items and history entries.
    public func repairingIDs() -> (state: TodoState, repairs: [String]) {
        let valid = 1...Self.maximumID
        var repaired = self
        var repairs: [String] = []

        var seen = Set<Int>()
        seen.reserveCapacity(items.count)
        var renumber: [Int] = []
        var duplicates = 0
        var outOfRange = 0
        for (index, item) in items.enumerated() {
            if !valid.contains(item.id) {
                outOfRange += 1
                renumber.append(index)
            } else if !seen.insert(item.id).inserted {
                duplicates += 1
                renumber.append(index)
            }
        }
        let historyIDs = undoHistory.flatMap(\.ids)
        let historyIsValid = historyIDs.allSatisfy { valid.contains($0) }
        let highest = max(seen.max() ?? 0, historyIsValid ? (historyIDs.max() ?? 0) : 0)

        var next = valid.contains(nextID) || nextID == Self.maximumID + 1 ? nextID : highest + 1
        if next <= highest { next = highest + 1 }
        let nextIDWasWrong = next != nextID
        var gap = 1  // only when the ids above are used up: the lowest free ids instead
        for index in renumber {
            if next <= Self.maximumID {
                repaired.items[index].id = next
                next += 1
            } else {
                while seen.contains(gap) { gap += 1 }
                repaired.items[index].id = gap
            }
            seen.insert(repaired.items[index].id)
        }
        repaired.nextID = next
        if duplicates > 0 {
            repairs.append(Self.count(duplicates, "item") + " had an id another item had, and got a new one")
        }
        if outOfRange > 0 {
            repairs.append(
                Self.count(outOfRange, "item") + " had an id outside 1…\(Self.maximumID), and got a new one")
        }
        if nextIDWasWrong {
            repairs.append(
                "the next id to hand out was \(nextID), which is taken or out of range; it is now \(repaired.nextID)"
            )
        }
        if !undoHistory.isEmpty && (!renumber.isEmpty || !historyIsValid) {
            repaired.undoHistory = []
            repairs.append("the undo history was cleared, as it named items by ids that were damaged")
        }
        return (repaired, repairs)
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
