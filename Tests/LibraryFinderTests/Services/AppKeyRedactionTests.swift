import Foundation
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct AppKeyRedactionTests {
    private let key = "0123456789abcdef FEDCBA98/7654+3210="

    @Test(arguments: [
        "0123456789abcdef FEDCBA98/7654+3210=",
        "0123456789abcdef%20FEDCBA98%2F7654%2B3210%3D",
        "0123456789abcdef%20fedcba98%2f7654%2b3210%3d",
        "0123456789abcdef+FEDCBA98/7654%2B3210%3D",
        "0123456789abcdef%2520FEDCBA98%252F7654%252B3210%253D",
        #"0123456789abcdef FEDCBA98\/7654+3210\u003d"#,
        "%30%31%32%33%34%35%36%37%38%39%61%62%63%64%65%66%20%46%45%44%43%42%41%39%38%2F%37%36%35%34%2B%33%32%31%30%3D",
        "0123456789ABCDEF FEDCBA98/7654+3210=",
    ])
    func scrubsTheWholeKeyInEveryEncoding(echo: String) {
        #expect(
            AppKeyRedaction.scrub("GET /library?appkey=\(echo)&pref=x", key: key)
                == "GET /library?appkey=…&pref=x")
    }

    @Test func scrubsPiecesOfTheKey() {
        #expect(AppKeyRedaction.scrub("starts 0123456 ends", key: key) == "starts … ends")
        #expect(AppKeyRedaction.scrub("ends with +3210=", key: key) == "ends with …")
        #expect(AppKeyRedaction.scrub("middle CBA98%2f76 here", key: key) == "middle … here")
    }

    @Test func leavesOtherTextAlone() {
        let text = "The key 0123 is short; abc, FED and 210 are common. 東京都 ✓"  // runs under 5
        #expect(AppKeyRedaction.scrub(text, key: key) == text)
        #expect(AppKeyRedaction.scrub(text, key: "") == text)
    }

    @Test func scrubsAShortKeyOnlyWhole() {
        #expect(AppKeyRedaction.scrub("k=abc and ab", key: "abc") == "k=… and ab")
    }

    /// The key slid across the place where an excerpt is cut: no piece survives on either side.
    @Test func cutsAnExcerptOnlyAfterScrubbing() {
        let pieces = KeyPieces(key: key)
        for offset in 0..<80 {
            let text = String(repeating: "x", count: offset) + "appkey=" + key + "&pref=x"
            let excerpt = AppKeyRedaction.excerpt(of: text, key: key, limit: 60)
            #expect(pieces.found(in: excerpt).isEmpty, "offset \(offset): \(excerpt)")
            #expect(excerpt.count <= 61)
        }
        let long = String(repeating: "y", count: AppKeyRedaction.scrubbedPrefixBytes - 10) + key
        #expect(pieces.found(in: AppKeyRedaction.excerpt(of: long, key: key, limit: 10_000)).isEmpty)
    }

    /// The issue's case: a 200 answer echoing the request, cut into a 60-character preview.
    @Test func previewsABodyWithoutAnyPieceOfTheKey() {
        let pieces = KeyPieces(key: key)
        for offset in 0..<80 {
            let body =
                String(repeating: "z", count: offset) + "GET /library?appkey="
                + key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&format=json"
            let preview = CalilResponseDecoder.preview(of: Data(body.utf8)) {
                AppKeyRedaction.scrub($0, key: key)
            }
            #expect(pieces.found(in: preview).isEmpty, "offset \(offset): \(preview)")
        }
    }
}
