// fuzz-modules: TerminalUI
//
// TerminalUI's KeyDecoder reads whatever bytes the terminal (or a paste, or a program writing to
// the pty) sends. The input is decoded twice: all at once, and fed in pieces whose sizes come from
// the input itself, as read(2) may hand them over. Both must give the same keys, since which keys
// a user pressed can't depend on how the kernel split the bytes, and nothing may stay pending
// after a flush.

import TerminalUI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = KeyDecoder.keys(in: bytes)

    var decoder = KeyDecoder()
    var pieces: [Key] = []
    var start = 0
    var pieceSize = 1
    while start < bytes.count {
        let end = min(bytes.count, start + pieceSize)
        pieces += decoder.feed(bytes[start..<end])
        // The next piece is 1 to 8 bytes long, chosen by the byte just fed.
        pieceSize = Int(bytes[end - 1] % 8) + 1
        start = end
    }
    pieces += decoder.flush()

    precondition(!decoder.hasPendingInput, "KeyDecoder: bytes still pending after flush()")
    precondition(
        whole == pieces,
        "KeyDecoder: the same bytes gave \(whole) at once but \(pieces) in pieces")
    return 0
}
