import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite(.timeLimit(.minutes(5))) struct CalilAvailabilityClientTests {
    private let key = "b00k-SECRET-key"

    /// A server answering `/check` with `continue: 1` twice then `0`, stamping each request with
    /// the fake clock's time.
    private func pollingServer(jsonp: Bool, clock: FakePollingClock, stamps: Locked<[Double]>) throws
        -> LoopbackHTTPServer
    {
        let server = try LoopbackHTTPServer()
        let bodies = [
            BookFixtures.checkJSON(continues: 1, status: "Running"),
            BookFixtures.checkJSON(continues: 1, status: "Running"),
            BookFixtures.checkJSON(continues: 0, status: "OK", libkey: #"{"中央図書館":"貸出可","土崎図書館":"貸出中"}"#),
        ]
        let served = Locked(0)
        server.setHandler(for: "/check") { _ in
            stamps.withLock { $0.append(clock.seconds) }
            let body = bodies[
                min(
                    served.withLock { count in
                        defer { count += 1 }
                        return count
                    }, 2)]
            return .text(jsonp ? "callback(\(body));" : body)
        }
        return server
    }

    @Test(arguments: [false, true])
    func pollsWithTheSessionUntilDoneAtLeastTwoSecondsApart(jsonp: Bool) async throws {
        let clock = FakePollingClock()
        let stamps = Locked([Double]())
        let server = try pollingServer(jsonp: jsonp, clock: clock, stamps: stamps)
        defer { server.stop() }
        let client = CalilAvailabilityClient(appKey: key, baseURL: server.baseURL)
        let search = try await BookQueryRun(service: client, clock: clock).check([
            "Akita_Pref", "Akita_Akita",
        ])
        #expect(search.phase == .incomplete)  // Akita_Akita never answered
        #expect(search.entry?.value?.continues == false)
        let requests = server.requests(for: "/check")
        #expect(requests.count == 3)
        #expect(requests[0].queryValue("isbn") == "9784101092058")
        #expect(requests[0].queryValue("systemid") == "Akita_Pref,Akita_Akita")
        #expect(requests[0].queryValue("session") == nil)
        for request in requests {
            #expect(request.queryValue("appkey") == key)
            #expect(request.queryValue("format") == "json")
            #expect(request.queryValue("callback") == "")
        }
        #expect(requests[1...].map { $0.queryValue("session") } == ["sess-42", "sess-42"])
        #expect(requests[1...].allSatisfy { $0.queryValue("isbn") == nil })
        let times = stamps.current
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 2 })
        #expect(clock.sleeps == [2, 2])
        let system = try #require(search.result(for: BookFixtures.isbn, system: "Akita_Pref"))
        #expect(system.status == .ok)
        #expect(system.reserveURL == "https://example.jp/r?id=1")
        #expect(system.libraries["中央図書館"]?.english == "available")
        #expect(system.libraries["土崎図書館"]?.english == "on loan")
    }

    @Test func aSlowRequestShortensTheWaitButNotTheSpacing() async throws {
        let clock = FakePollingClock()
        let service = ScriptedAvailabilityService(
            [
                .success(BookFixtures.answer(continues: true)),
                .success(BookFixtures.answer(continues: true)),
                .success(BookFixtures.answer(continues: false)),
            ], clock: clock, requestDuration: 0.5)
        _ = try await BookQueryRun(service: service, clock: clock).check(["A"])
        #expect(clock.sleeps == [1.5, 1.5])
        #expect(
            service.requests == [
                .check(isbns: ["9784101092058"], systemIDs: ["A"]), .poll(session: "S1"),
                .poll(session: "S1"),
            ])
    }

    @Test func stopsWhenTheTimeRunsOut() async throws {
        let clock = FakePollingClock()
        let service = ScriptedAvailabilityService(
            [.success(BookFixtures.answer(continues: true))], clock: clock)
        let search = try await BookQueryRun(service: service, clock: clock, timeout: 5).check(["A"])
        #expect(search.phase == .timedOut(seconds: 5))
        #expect(service.requests.count == 3)  // at 0, 2 and 4 s; the next would be at 6
    }

    @Test func anErrorSystemIsAnAnswerNotAFailure() throws {
        let body = BookFixtures.checkJSON(continues: 0, status: "Error")
        let answer = try CalilAvailabilityDecoder.answer(from: Data(body.utf8))
        let system = try #require(answer.books["9784101092058"]?["Akita_Pref"])
        #expect(system.status == .error)
        #expect(system.status.isAnswered)
        #expect(SystemStatus("Cache").isAnswered)
        #expect(!SystemStatus("Running").isAnswered)
    }

    @Test func theAskedSystemAndTheStatusWordsSurviveAKeyThatLooksLikeThem() throws {
        let body = BookFixtures.checkJSON(continues: 0, status: "OK", libkey: #"{"本館":"貸出可"}"#)
        let answer = try CalilAvailabilityDecoder.answer(from: Data(body.utf8)) {
            AppKeyRedaction.scrub($0, key: "Akita_Pref-and-OK")
        }
        let system = try #require(answer.books["9784101092058"]?["Akita_Pref"])
        #expect(system.status == .ok)
        #expect(system.reserveURL == "https://example.jp/r?id=1")
    }

    @Test func decodesLooseFieldsAndAnISBN10Key() throws {
        let body = #"""
            cb({"session":"x","continue":"0","books":{"4101092052":{"S":{"status":"Cache","reserveurl":"",
            "libkey":null}},"9780201616224":{"T":{"status":"OK","libkey":[]}}}});
            """#
        let answer = try CalilAvailabilityDecoder.answer(from: Data(body.utf8))
        #expect(!answer.continues)
        #expect(answer.books["9784101092058"]?["S"] == SystemAvailability(status: .cache))
        #expect(answer.books["9780201616224"]?["T"] == SystemAvailability(status: .ok))
    }

    @Test func refusesWhatIsNotACheckAnswer() {
        #expect(throws: CalilError.self) { try CalilAvailabilityDecoder.answer(from: Data("<html>".utf8)) }
        #expect(throws: CalilError(.unexpectedAvailabilityBody(detail: "no \"continue\" field"))) {
            try CalilAvailabilityDecoder.answer(from: Data("{}".utf8))
        }
    }

    @Test func theKeyEchoedByTheServerReachesNoAnswerOrMessage() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setHandler(for: "/check") { request in
            let echoed = request.target
            let body = """
                {"session":"\(echoed)","continue":0,"books":{"9784101092058":{"A":{"status":"OK",
                "reserveurl":"https://x.jp/?k=\(key)","libkey":{"\(key)":"\(key)"}}}}}
                """
            return .text(body)
        }
        let client = CalilAvailabilityClient(appKey: key, baseURL: server.baseURL)
        let answer = try await client.check(isbns: [BookFixtures.isbn], systemIDs: ["A"], timeout: 5)
        let text = String(describing: answer)
        #expect(!text.contains("SECRET"))
        server.setResponse(.text("not json \(key)", status: 200), for: "/check")
        await #expect {
            _ = try await client.poll(session: "s", timeout: 5)
        } throws: { error in
            !String(describing: error).contains("SECRET") && error is CalilError
        }
        server.setResponse(.json(#"{"error":"bad key \#(key)"}"#, status: 403), for: "/check")
        await #expect {
            _ = try await client.poll(session: "s", timeout: 5)
        } throws: { error in
            let message = String(describing: error)
            return !message.contains("SECRET") && message.contains("127.0.0.1") == false
        }
    }
}
