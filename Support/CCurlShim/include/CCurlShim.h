#ifndef CCURLSHIM_H
#define CCURLSHIM_H

// One HTTP GET through libcurl's easy interface, on the calling thread.
//
// libcurl is not linked: it is loaded at run time (dlopen) from the library FoundationNetworking
// itself depends on, so nothing new is needed to build or run. On platforms without it (Apple
// platforms, static builds) `ccurl_available` returns 0 and callers use URLSession.

#include <stddef.h>
#include <stdint.h>

/// The most bytes of header lines accepted from the answers of one transfer (redirects included):
/// below libcurl's own limit (300 KB in all, 100 KB a line), so a flood of headers is told apart
/// from a broken connection.
#define CCURL_MAX_HEADER_BYTES (256 * 1024)

/// A transfer: created with its URL and limits, performed once, then destroyed.
typedef struct ccurl_transfer ccurl_transfer;

/// How a transfer ended.
typedef struct {
    /// libcurl's result code (CURLcode); 0 is success.
    int curl_code;
    /// The last response's HTTP status, or 0 when none arrived.
    long http_status;
    /// The system error of a failed connect (errno), or 0.
    int os_errno;
    /// 1 when the body grew past the transfer's limit and the transfer was stopped.
    int body_too_large;
    /// 1 when the answers' header lines, in all, grew past CCURL_MAX_HEADER_BYTES and the transfer
    /// was stopped.
    int headers_too_large;
    /// The bytes of request sent (CURLINFO_REQUEST_SIZE): 0 when no request could be sent at all,
    /// for example because it was larger than libcurl allows (1 MB).
    long request_size;
    /// 1 when the transfer stopped because ccurl_transfer_cancel was called.
    int cancelled;
} ccurl_result;

/// 1 when libcurl could be loaded and initialised (done once, thread-safe), else 0.
int ccurl_available(void);

/// A new transfer for `url` (copied), giving up after `timeout_ms` milliseconds in all and keeping
/// at most `max_body_bytes` of body; NULL when libcurl is unavailable or memory is short.
ccurl_transfer *ccurl_transfer_create(const char *url, long timeout_ms, size_t max_body_bytes);

/// Adds a request header line such as "Accept: application/json" (copied). Returns 0 on success.
int ccurl_transfer_add_header(ccurl_transfer *transfer, const char *line);

/// Trusts the certificates in the PEM file at `path` instead of the system's. Returns 0 on success.
int ccurl_transfer_set_ca_file(ccurl_transfer *transfer, const char *path);

/// Sets the User-Agent header. Returns 0 on success.
int ccurl_transfer_set_user_agent(ccurl_transfer *transfer, const char *user_agent);

/// Performs the transfer, blocking the calling thread until it ends. Call at most once.
ccurl_result ccurl_transfer_perform(ccurl_transfer *transfer);

/// The body received so far; valid until the transfer is destroyed.
const uint8_t *ccurl_transfer_body(const ccurl_transfer *transfer, size_t *length);

/// Asks a running transfer to stop; safe from any thread, at any time before destroy.
void ccurl_transfer_cancel(ccurl_transfer *transfer);

/// Frees the transfer. Must not be called while ccurl_transfer_perform runs.
void ccurl_transfer_destroy(ccurl_transfer *transfer);

#endif
