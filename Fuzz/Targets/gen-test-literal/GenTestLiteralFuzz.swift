// fuzz-modules: ReSwiftInspect
//
// `reswift-inspect gen-test` writes recorded JSON texts (todo titles, album names: text from
// outside) into Swift source as string literals. Any text must stay data: the literal written for
// it must mean exactly that text, on one line, with nothing a terminal obeys, and can never end
// early, escape or interpolate. Each input is used as text twice: its literal alone is decoded
// with a decoder of the literal syntax (below, written from the Swift book's grammar, stricter
// than swiftc: it refuses what gen-test never writes), and it becomes the title in a session,
// whose generated test's every literal is decoded and must give the recorded JSON back.

import Foundation
import TerminalUI

@testable import ReSwiftInspect

/// A decoder of one-line Swift string literals: `"`, then characters and the escapes `\\ \" \'
/// \0 \t \n \r \u{1-8 hex digits}`, then `"`. Everything else (a raw control character or line
/// break, `\(`, `\#`, any other escape, a missing end) is refused with `nil`.
enum StringLiteralDecoder {
    /// The value of the literal at the start of `source`, and the rest of `source` after it.
    static func decode(_ source: Substring.UnicodeScalarView) -> (
        value: String, rest: Substring.UnicodeScalarView
    )? {
        var scalars = source[...]
        guard scalars.popFirst() == "\"" else { return nil }
        var value = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"":
                return (String(value), scalars)
            case "\\":
                switch scalars.popFirst() {
                case "\\": value.append("\\")
                case "\"": value.append("\"")
                case "'": value.append("'")
                case "0": value.append("\0")
                case "t": value.append("\t")
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "u":
                    guard scalars.popFirst() == "{" else { return nil }
                    var digits = ""
                    while let digit = scalars.popFirst(), digit != "}" {
                        guard digit.properties.isASCIIHexDigit, digits.count < 8 else { return nil }
                        digits.unicodeScalars.append(digit)
                    }
                    guard !digits.isEmpty, let code = UInt32(digits, radix: 16),
                        let decoded = Unicode.Scalar(code)
                    else { return nil }
                    value.append(decoded)
                default:
                    return nil  // \( \# or an escape Swift doesn't have
                }
            default:
                // A raw control character or line break.
                guard scalar.value >= 0x20, scalar.value != 0x7F else { return nil }
                value.append(scalar)
            }
        }
        return nil  // no closing quote
    }
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

/// A session file as `reswift-inspect record` writes it, with `title` in the initial state, in an
/// action's payload and name and in the state after it.
private func session(title: String) -> Data {
    func line(_ object: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
    let lines = [
        line(["type": "hello", "app": title, "stateType": "FuzzApp.State", "pid": 1]),
        line(["type": "state", "seq": 0, "state": ["items": [title]]]),
        line([
            "type": "action", "seq": 1, "action": title, "actionType": "FuzzApp.Add",
            "payload": ["name": title], "state": ["items": [title, title]],
        ]),
    ]
    return Data((lines.joined(separator: "\n") + "\n").utf8)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenTestLiteral(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    // The literal alone.
    let literal = SwiftStringLiteral.make(text)
    guard let (value, rest) = StringLiteralDecoder.decode(Substring(literal).unicodeScalars) else {
        fatalError("the literal for \(scalars(text)) doesn't decode: \(literal)")
    }
    check(rest.isEmpty, "the literal for \(scalars(text)) ends early: \(literal)")
    check(scalars(value) == scalars(text), "the literal for \(scalars(text)) means \(scalars(value))")
    check(!TerminalText.needsSanitizing(literal), "the literal for \(scalars(text)) isn't safe on a terminal")

    // The literals of a whole generated test.
    let file: SessionFile
    do {
        file = try SessionFile(data: session(title: text), name: "fuzz.jsonl")
    } catch {
        fatalError("a well-formed session was refused: \(error)")
    }
    let source: String
    do {
        source = try TestGenerator(session: file, reducer: "fuzzReducer", module: nil).source()
    } catch {
        fatalError("the generator refused the session: \(error)")
    }
    check(
        !TerminalText.needsSanitizing(source, layout: .multiline),
        "the generated test for \(scalars(text)) isn't safe on a terminal")
    var decodedTitles = 0
    for line in source.split(separator: "\n") {
        let code = line.drop { $0 == " " }
        if code.hasPrefix("//") {
            continue
        } else if code.hasPrefix("@Suite struct ") {
            let name = code.dropFirst("@Suite struct ".count).dropLast(" {".count)
            check(TestGenerator.isIdentifier(name) && code.hasSuffix(" {"), "the suite is named \(line)")
        }
        guard let start = line.range(of: ".self, \"") else { continue }
        let from = line.unicodeScalars.index(before: start.upperBound)
        guard let (json, rest) = StringLiteralDecoder.decode(line.unicodeScalars[from...]) else {
            fatalError("a literal of the generated test doesn't decode: \(line)")
        }
        let after = String(Substring(rest))
        check(after == ")" || after == "),", "code after a literal: \(line)")
        guard let object = SessionFile.object(Data(json.utf8)[...]) else {
            fatalError("a literal of the generated test isn't the recorded JSON: \(line)")
        }
        let titles = (object["items"] as? [String]) ?? [object["name"] as? String].compactMap { $0 }
        for title in titles {
            check(scalars(title) == scalars(text), "a literal means \(scalars(title)), not \(scalars(text))")
            decodedTitles += 1
        }
    }
    check(decodedTitles == 4, "the generated test holds \(decodedTitles) titles, not 4")
    return 0
}
