#include "CCurlShim.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// The few parts of libcurl's ABI used here. Option and info numbers are fixed by libcurl's ABI
// (curl.h computes them as type base + number, and they never change within libcurl.so.4).
enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_WRITEFUNCTION = 20011,
    OPT_HEADERDATA = 10029,
    OPT_HEADERFUNCTION = 20079,
    OPT_USERAGENT = 10018,
    OPT_HTTPHEADER = 10023,
    OPT_NOPROGRESS = 43,
    OPT_FOLLOWLOCATION = 52,
    OPT_XFERINFODATA = 10057,
    OPT_CAINFO = 10065,
    OPT_MAXREDIRS = 68,
    OPT_NOSIGNAL = 99,
    OPT_ACCEPT_ENCODING = 10102,
    OPT_TIMEOUT_MS = 155,
    OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181,
    OPT_REDIR_PROTOCOLS = 182,
    OPT_XFERINFOFUNCTION = 20219,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    INFO_REQUEST_SIZE = 0x200000 + 12,
    INFO_OS_ERRNO = 0x200000 + 25,
    PROTO_HTTP = 1,
    PROTO_HTTPS = 2,
    GLOBAL_ALL = 3,
    CODE_FAILED_INIT = 2,
    MAX_REDIRECTS = 5,
};

typedef size_t (*write_callback)(char *, size_t, size_t, void *);
typedef int (*xferinfo_callback)(void *, int64_t, int64_t, int64_t, int64_t);
struct slist;

static struct {
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;

static void load(void) {
    // Already loaded by FoundationNetworking in a normal build; RTLD_NOLOAD first avoids a second
    // copy, then the usual names.
    const char *names[] = {"libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) return;
#define LOAD(field, symbol)                                   \
    *(void **)(&curl.field) = dlsym(library, symbol);         \
    if (!curl.field) return;
    LOAD(global_init, "curl_global_init")
    LOAD(easy_init, "curl_easy_init")
    LOAD(easy_setopt, "curl_easy_setopt")
    LOAD(easy_perform, "curl_easy_perform")
    LOAD(easy_getinfo, "curl_easy_getinfo")
    LOAD(easy_cleanup, "curl_easy_cleanup")
    LOAD(slist_append, "curl_slist_append")
    LOAD(slist_free_all, "curl_slist_free_all")
#undef LOAD
    // Reference-counted in libcurl; done once here, under pthread_once, before any transfer.
    if (curl.global_init(GLOBAL_ALL) != 0) return;
    loaded = 1;
}

int ccurl_available(void) {
    pthread_once(&load_once, load);
    return loaded;
}

struct ccurl_transfer {
    void *easy;
    struct slist *headers;
    uint8_t *body;
    size_t length;
    size_t capacity;
    size_t max_body;
    int too_large;
    size_t header_bytes;
    int headers_too_large;
    atomic_int cancel_requested;
    int performed;
};

static size_t on_write(char *data, size_t size, size_t count, void *context) {
    ccurl_transfer *transfer = context;
    size_t bytes = size * count;
    if (bytes > transfer->max_body - transfer->length) {
        transfer->too_large = 1;
        return 0;  // makes libcurl stop with CURLE_WRITE_ERROR
    }
    if (transfer->length + bytes > transfer->capacity) {
        size_t capacity = transfer->capacity ? transfer->capacity : 16384;
        while (capacity < transfer->length + bytes) capacity *= 2;
        if (capacity > transfer->max_body) capacity = transfer->max_body;
        uint8_t *grown = realloc(transfer->body, capacity);
        if (!grown) return 0;
        transfer->body = grown;
        transfer->capacity = capacity;
    }
    memcpy(transfer->body + transfer->length, data, bytes);
    transfer->length += bytes;
    return bytes;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    (void)data;
    ccurl_transfer *transfer = context;
    size_t bytes = size * count;
    if (bytes > CCURL_MAX_HEADER_BYTES - transfer->header_bytes) {
        transfer->headers_too_large = 1;
        return 0;  // makes libcurl stop with CURLE_WRITE_ERROR
    }
    transfer->header_bytes += bytes;
    return bytes;
}

// libcurl calls this at least about once a second, also while nothing arrives.
static int on_progress(void *context, int64_t dltotal, int64_t dlnow, int64_t ultotal, int64_t ulnow) {
    (void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
    ccurl_transfer *transfer = context;
    return atomic_load(&transfer->cancel_requested) ? 1 : 0;
}

ccurl_transfer *ccurl_transfer_create(const char *url, long timeout_ms, size_t max_body_bytes) {
    if (!ccurl_available()) return NULL;
    ccurl_transfer *transfer = calloc(1, sizeof *transfer);
    if (!transfer) return NULL;
    atomic_init(&transfer->cancel_requested, 0);
    transfer->max_body = max_body_bytes;
    transfer->easy = curl.easy_init();
    if (!transfer->easy) {
        free(transfer);
        return NULL;
    }
    void *easy = transfer->easy;
    int failed = 0;
    // Each call passes exactly the type libcurl reads for the option: long, char *, void *, or
    // the callback's function pointer type.
    failed |= curl.easy_setopt(easy, OPT_URL, url);
    failed |= curl.easy_setopt(easy, OPT_NOSIGNAL, 1L);  // threads: no SIGALRM, no signal handlers
    failed |= curl.easy_setopt(easy, OPT_TIMEOUT_MS, timeout_ms);
    failed |= curl.easy_setopt(easy, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    failed |= curl.easy_setopt(easy, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    failed |= curl.easy_setopt(easy, OPT_FOLLOWLOCATION, 1L);
    failed |= curl.easy_setopt(easy, OPT_MAXREDIRS, (long)MAX_REDIRECTS);
    // A redirect never leaves https for plain http (the request may carry a key).
    long redirect_protocols = strncasecmp(url, "https:", 6) == 0 ? PROTO_HTTPS : (PROTO_HTTP | PROTO_HTTPS);
    failed |= curl.easy_setopt(easy, OPT_REDIR_PROTOCOLS, redirect_protocols);
    failed |= curl.easy_setopt(easy, OPT_ACCEPT_ENCODING, "");
    failed |= curl.easy_setopt(easy, OPT_WRITEFUNCTION, (write_callback)on_write);
    failed |= curl.easy_setopt(easy, OPT_WRITEDATA, (void *)transfer);
    failed |= curl.easy_setopt(easy, OPT_HEADERFUNCTION, (write_callback)on_header);
    failed |= curl.easy_setopt(easy, OPT_HEADERDATA, (void *)transfer);
    failed |= curl.easy_setopt(easy, OPT_NOPROGRESS, 0L);
    failed |= curl.easy_setopt(easy, OPT_XFERINFOFUNCTION, (xferinfo_callback)on_progress);
    failed |= curl.easy_setopt(easy, OPT_XFERINFODATA, (void *)transfer);
    if (failed) {
        ccurl_transfer_destroy(transfer);
        return NULL;
    }
    return transfer;
}

int ccurl_transfer_add_header(ccurl_transfer *transfer, const char *line) {
    struct slist *list = curl.slist_append(transfer->headers, line);
    if (!list) return 1;
    transfer->headers = list;
    return curl.easy_setopt(transfer->easy, OPT_HTTPHEADER, (void *)list);
}

int ccurl_transfer_set_ca_file(ccurl_transfer *transfer, const char *path) {
    return curl.easy_setopt(transfer->easy, OPT_CAINFO, path);
}

int ccurl_transfer_set_user_agent(ccurl_transfer *transfer, const char *user_agent) {
    return curl.easy_setopt(transfer->easy, OPT_USERAGENT, user_agent);
}

ccurl_result ccurl_transfer_perform(ccurl_transfer *transfer) {
    ccurl_result result = {0};
    if (transfer->performed) {
        result.curl_code = CODE_FAILED_INIT;
        return result;
    }
    transfer->performed = 1;
    result.curl_code = curl.easy_perform(transfer->easy);
    long status = 0;
    if (curl.easy_getinfo(transfer->easy, INFO_RESPONSE_CODE, &status) == 0) result.http_status = status;
    long os_errno = 0;
    if (curl.easy_getinfo(transfer->easy, INFO_OS_ERRNO, &os_errno) == 0) result.os_errno = (int)os_errno;
    long request_size = 0;
    if (curl.easy_getinfo(transfer->easy, INFO_REQUEST_SIZE, &request_size) == 0) result.request_size = request_size;
    result.body_too_large = transfer->too_large;
    result.headers_too_large = transfer->headers_too_large;
    result.cancelled = atomic_load(&transfer->cancel_requested);
    return result;
}

const uint8_t *ccurl_transfer_body(const ccurl_transfer *transfer, size_t *length) {
    *length = transfer->length;
    return transfer->body;
}

void ccurl_transfer_cancel(ccurl_transfer *transfer) {
    atomic_store(&transfer->cancel_requested, 1);
}

void ccurl_transfer_destroy(ccurl_transfer *transfer) {
    if (!transfer) return;
    if (transfer->easy) curl.easy_cleanup(transfer->easy);
    if (transfer->headers) curl.slist_free_all(transfer->headers);
    free(transfer->body);
    free(transfer);
}

#else  // Not Linux: no libcurl to load; callers use URLSession.

int ccurl_available(void) { return 0; }
ccurl_transfer *ccurl_transfer_create(const char *url, long timeout_ms, size_t max_body_bytes) {
    (void)url, (void)timeout_ms, (void)max_body_bytes;
    return NULL;
}
int ccurl_transfer_add_header(ccurl_transfer *transfer, const char *line) {
    (void)transfer, (void)line;
    return 1;
}
int ccurl_transfer_set_ca_file(ccurl_transfer *transfer, const char *path) {
    (void)transfer, (void)path;
    return 1;
}
int ccurl_transfer_set_user_agent(ccurl_transfer *transfer, const char *user_agent) {
    (void)transfer, (void)user_agent;
    return 1;
}
ccurl_result ccurl_transfer_perform(ccurl_transfer *transfer) {
    (void)transfer;
    ccurl_result result = {0};
    result.curl_code = 2;
    return result;
}
const uint8_t *ccurl_transfer_body(const ccurl_transfer *transfer, size_t *length) {
    (void)transfer;
    *length = 0;
    return NULL;
}
void ccurl_transfer_cancel(ccurl_transfer *transfer) { (void)transfer; }
void ccurl_transfer_destroy(ccurl_transfer *transfer) { (void)transfer; }

#endif
