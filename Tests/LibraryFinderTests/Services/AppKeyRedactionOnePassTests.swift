import Foundation
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Scrubbing in one pass (a suffix automaton of the key) still hides the key in every form the
/// Security rules name: whole, cut short at either end or both, percent- and plus-encoded, escaped
/// twice, JSON-escaped, in either case, and mixed; and leaves everything else as it was.
@Suite struct AppKeyRedactionOnePassTests {
    /// A key shaped like Calil's (32 hex digits), and one with every character that gets encoded.
    static let hexKey = "3f9a0c7be1d24f6a8b5e09c1d7a2f4e6"
    static let symbolKey = "0123456789abcdef FEDCBA98/7654+3210="

    /// The ways a server may write `text`.
    static func encodings(of text: String) -> [String] {
        let everything = text.utf8.map { String(format: "%%%02X", $0) }.joined()
        var unreserved = CharacterSet.alphanumerics
        unreserved.insert(charactersIn: "-._~")
        let query = text.addingPercentEncoding(withAllowedCharacters: unreserved)!
        let json = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self).dropFirst().dropLast()
        return [
            text, text.uppercased(), everything, everything.lowercased(), query,
            query.replacingOccurrences(of: "%20", with: "+"),
            query.replacingOccurrences(of: "%", with: "%25"),
            String(json), text.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined(),
        ]
    }

    @Test(arguments: [hexKey, symbolKey])
    func hidesTheWholeKeyInEveryEncoding(key: String) {
        let redaction = AppKeyRedaction(key: key)
        for form in Self.encodings(of: key) {
            #expect(
                redaction.scrub("GET /library?appkey=\(form)&pref=x") == "GET /library?appkey=…&pref=x",
                "\(form)")
        }
    }

    /// Cut at the start, at the end, or both, to any length from the shortest piece up.
    @Test(arguments: [hexKey, symbolKey])
    func hidesEveryPieceCutShortInEveryEncoding(key: String) {
        let redaction = AppKeyRedaction(key: key)
        let characters = Array(key)
        for start in 0...(characters.count - AppKeyRedaction.shortestPiece) {
            for end in (start + AppKeyRedaction.shortestPiece)...characters.count {
                let piece = String(characters[start..<end])
                for form in Self.encodings(of: piece) {
                    let scrubbed = redaction.scrub("<" + form + ">")
                    #expect(scrubbed == "<…>", "piece \(start)..<\(end) as \(form): \(scrubbed)")
                }
            }
        }
    }

    /// A piece whose characters are each written a different way.
    @Test func hidesAPieceWrittenInAMixtureOfEncodings() {
        let redaction = AppKeyRedaction(key: Self.symbolKey)
        #expect(redaction.scrub("x=BCDEF%2520fed%43\\u0042A98\\/76 y") == "x=… y")
        #expect(redaction.scrub("[7654+3210%3D]") == "[…]")
    }

    @Test func leavesTextWithoutAPieceAsItWas() {
        let redaction = AppKeyRedaction(key: Self.hexKey)
        let text = "秋田市立中央図書館明徳館 3f9a c7be %zz %4 \\ \\u12 d24f6a8 ✓ 🥛"
        // "d24f6a8" is 7 characters of the key: a piece. The rest is shorter runs and broken escapes.
        #expect(redaction.scrub(text) == "秋田市立中央図書館明徳館 3f9a c7be %zz %4 \\ \\u12 … ✓ 🥛")
        #expect(redaction.scrub("") == "")
        #expect(AppKeyRedaction(key: "").scrub(text) == text)
    }

    /// The key hidden wherever it lies in a long text, and each piece replaced by one `…`.
    @Test func hidesEveryOccurrenceInALongText() {
        let key = Self.hexKey
        let redaction = AppKeyRedaction(key: key)
        var text = ""
        var expected = ""
        for index in 0..<2_000 {
            let filler = "field \(index) 東京 "
            let piece = String(key.dropFirst(index % 20).prefix(6 + index % 7))
            text += filler + Self.encodings(of: piece)[index % 9] + "|"
            expected += filler + "…|"
        }
        #expect(redaction.scrub(text) == expected)
    }

    /// A text made of many almost-pieces (four characters of the key, again and again) keeps them
    /// all, and a real piece after them still goes.
    @Test func keepsRunsShorterThanAPiece() {
        let redaction = AppKeyRedaction(key: Self.hexKey)
        let almost = String(repeating: "3f9a-", count: 10_000)
        #expect(redaction.scrub(almost + "c7be1") == almost + "…")
    }

    /// The bound the article states: a piece of ``AppKeyRedaction/shortestPiece`` characters goes
    /// (the "(SECRE)" a server echoed), a run one shorter stays, and the article names the number.
    @Test func aPieceAtTheBoundIsHiddenAndTheArticleStatesTheBound() throws {
        let redaction = AppKeyRedaction(key: "b00k-SECRET-key")
        #expect(AppKeyRedaction.shortestPiece == 5)
        #expect(redaction.scrub("invalid appkey (SECRE)") == "invalid appkey (…)")
        #expect(redaction.scrub("(secre) (ECRET) (%53ECRE)") == "(…) (…) (…)")
        #expect(redaction.scrub("(SECR) (CRET)") == "(SECR) (CRET)")
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(
                "Examples/LibraryFinder/Model/LibraryFinderModel.docc/Articles/UsingLibraryFinder.md")
        let text = try String(contentsOf: article, encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(
            text.contains("every piece of the key of \(AppKeyRedaction.shortestPiece) or more characters"))
    }

    /// A short key is only ever hidden whole.
    @Test func hidesAShortKeyOnlyWhole() {
        let redaction = AppKeyRedaction(key: "a%2Fc")
        #expect(redaction.scrub("k=a%2Fc, a/c, A%252Fc and a/") == "k=…, …, … and a/")
    }

    /// An excerpt scrubs before it cuts, and reads no further than ``AppKeyRedaction/scrubbedPrefixBytes``.
    @Test func anExcerptOfAHugeTextIsCutAfterScrubbing() {
        let redaction = AppKeyRedaction(key: Self.hexKey)
        let huge = String(repeating: "y", count: 290) + Self.hexKey + String(repeating: "z", count: 5_000_000)
        let excerpt = redaction.excerpt(of: huge, limit: 300)
        #expect(excerpt == String(repeating: "y", count: 290) + "…" + String(repeating: "z", count: 9) + "…")
    }
}
