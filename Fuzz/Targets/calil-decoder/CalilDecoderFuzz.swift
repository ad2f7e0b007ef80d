// fuzz-modules: LibraryFinderModel LibraryFinderTerminal
//
// library-finder reads the Calil /library reply with CalilResponseDecoder, as plain JSON or
// wrapped in JSONP (`callback( … );`), and error bodies with serviceErrorMessage(inBody:).
// Each input is decoded as it is and wrapped in JSONP, and what decodes is printed in every
// --format (JSON, CSV, table) as the app would: a hostile server can make it fail with a
// message, never crash.

import Foundation

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalilDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    decodeAndPrint(body)
    decodeAndPrint(Data("callback(".utf8) + body + Data(");".utf8))
    return 0
}

private func decodeAndPrint(_ body: Data) {
    _ = CalilResponseDecoder.serviceErrorMessage(inBody: body)
    do {
        let libraries = try CalilResponseDecoder.libraries(from: body)
        let listing = LibraryListing(
            query: LibraryQuery(), libraries: libraries,
            source: .network(fetchedAt: Date(timeIntervalSince1970: 1_795_939_200)))
        for format in OutputFormat.allCases {
            _ = ListingFormatter.format(listing, as: format)
        }
    } catch {
        _ = String(describing: error)
    }
}
