import HTTPTransport
import Testing

@Suite struct HTTPStatusTests {
    @Test(arguments: [
        (404, "Not Found"), (503, "Service Unavailable"), (200, "OK"), (418, "Client Error"),
        (599, "Server Error"),
        (99, "Unexpected Status"), (700, "Unexpected Status"),
    ])
    func namesACodeOrItsClass(code: Int, phrase: String) {
        #expect(HTTPStatus.reasonPhrase(for: code) == phrase)
    }
}
