import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct ISBNTests {
    /// Valid numbers as typed, and the ISBN-13 each is held as.
    @Test(arguments: [
        ("9784101092058", "9784101092058"),
        ("978-4-10-109205-8", "9784101092058"),
        ("4101092052", "9784101092058"),
        ("4-10-109205-2", "9784101092058"),
        (" 4 10 109205 2 ", "9784101092058"),
        ("020161622X", "9780201616224"),
        ("0-201-61622-x", "9780201616224"),
        ("9791000000015", "9791000000015"),
        ("978-0-07-063546-3", "9780070635463"),
    ])
    func acceptsAndNormalizes(typed: String, digits: String) throws {
        #expect(try ISBN(typed).digits == digits)
    }

    /// Invalid numbers and the reason each is refused.
    @Test(arguments: [
        ("", ISBN.Problem.empty),
        ("---", .empty),
        ("4101092053", .checkDigit(found: "3", expected: "2")),
        ("9784101092059", .checkDigit(found: "9", expected: "8")),
        ("0201616220", .checkDigit(found: "0", expected: "X")),
        ("978410109205X", .misplacedX),
        ("41010920X2", .misplacedX),
        ("410109205", .wrongLength(9)),
        ("97841010920581", .wrongLength(14)),
        ("12X", .wrongLength(3)),
        ("9774101092058", .wrongPrefix("977")),
        ("4101O92052", .badCharacter("O")),
        ("４101092052", .badCharacter("４")),
        ("4101092052;", .badCharacter(";")),
    ])
    func refusesWithTheReason(typed: String, problem: ISBN.Problem) {
        #expect(throws: problem) { try ISBN(typed) }
    }

    @Test func theTwoFormsOfOneBookAreTheSameBook() throws {
        let ten = try ISBN("4-10-109205-2")
        let thirteen = try ISBN("9784101092058")
        #expect(ten == thirteen)
        #expect(Set([ten, thirteen]).count == 1)
        #expect(thirteen.isbn10 == "4101092052")
        #expect(try ISBN("9791000000015").isbn10 == nil)
    }

    @Test func reasonsSayWhatIsWrong() {
        #expect(ISBN.Problem.checkDigit(found: "3", expected: "2").description.contains("check digit is 3"))
        #expect(ISBN.Problem.wrongLength(9).description.contains("9 digits"))
    }
}
