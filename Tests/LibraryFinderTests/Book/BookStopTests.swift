import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Stopping a book search (Esc) keeps every answer that arrived before it.
@Suite struct BookStopTests {
    private let id = UUID()

    /// 本館 (Akita_Pref) answered; Akita_Akita is still `Running` but its catalogue already named
    /// 明徳館 (the service fills `libkey` in as the catalogues answer).
    private var partial: LibraryFinderState {
        BookListFixtures.reduce([
            BookCheckStarted(
                requestID: id, isbns: [BookFixtures.isbn], systemIDs: ["Akita_Pref", "Akita_Akita"]),
            BookCheckAnswered(
                requestID: id,
                answer: BookFixtures.answer(
                    continues: true,
                    [
                        "9784101092058": [
                            "Akita_Pref": BookFixtures.held(["本館": "貸出可"]),
                            "Akita_Akita": SystemAvailability(
                                status: .running, libraries: ["明徳館": Availability("貸出中")]),
                        ]
                    ])),
        ])
    }

    private func answers(_ state: LibraryFinderState) -> [String: LibraryFinderScreen.LibraryAnswer] {
        let search = state.books.searches[BookFixtures.isbn]!
        return Dictionary(
            uniqueKeysWithValues: state.libraries.map {
                ($0.shortName, LibraryFinderScreen.LibraryAnswer($0, isbn: BookFixtures.isbn, in: search))
            })
    }

    @Test func aLibraryNamedWhileItsSystemStillRunsIsShownAndKeptWhenStopped() {
        #expect(answers(partial)["明徳館"] == .answered(Availability("貸出中")))
        let stopped = BookListFixtures.reduce(
            [BookCheckEnded(requestID: id, ending: .cancelled)], from: partial)
        #expect(stopped.books.searches[BookFixtures.isbn]?.phase == .cancelled)
        let after = answers(stopped)
        #expect(after["県立図書館"] == .answered(Availability("貸出可")))
        #expect(after["明徳館"] == .answered(Availability("貸出中")))
        #expect(after["土崎図書館"] == .noAnswer)
    }

    @Test func anAnswerThatArrivesAsTheSearchIsStoppedIsStillHandedOver() async throws {
        let service = CancellingAvailabilityService(
            answer: BookFixtures.answer(
                continues: true, ["9784101092058": ["A": BookFixtures.held(["本館": "貸出可"])]]))
        let poller = AvailabilityPoller(service: service, clock: FakePollingClock(), timeout: 60)
        let received = Locked([AvailabilityAnswer]())
        await #expect(throws: CancellationError.self) {
            _ = try await poller.run(isbns: [BookFixtures.isbn], systemIDs: ["A"]) { answer in
                received.withLock { $0.append(answer) }
            }
        }
        #expect(received.current.count == 1)
        #expect(service.requests == 1)
    }
}

/// Answers the first request, cancelling the task that asked as it does (Esc pressed while the
/// answer was on its way).
final class CancellingAvailabilityService: AvailabilityService {
    private let answer: AvailabilityAnswer
    private let count = Locked(0)

    init(answer: AvailabilityAnswer) { self.answer = answer }

    var requests: Int { count.current }

    func check(isbns: [ISBN], systemIDs: [String], timeout: Double) async throws -> AvailabilityAnswer {
        count.withLock { $0 += 1 }
        withUnsafeCurrentTask { $0?.cancel() }
        return answer
    }

    func poll(session: String, timeout: Double) async throws -> AvailabilityAnswer {
        count.withLock { $0 += 1 }
        return answer
    }
}
