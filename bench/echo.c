/*
 * echo.c - the floor for Modhost's transport design.
 *
 * A libuv server on a Unix domain socket that echoes length-prefixed frames
 * (4-byte unsigned big-endian length N, then N bytes) back unchanged. It does
 * the least any server of this design must do:
 *
 *   - incremental frame parsing into a per-connection buffer that libuv reads
 *     into directly (no copy for the common case),
 *   - one write per read callback: every complete frame of one read goes out
 *     as one contiguous write, tried with uv_try_write first; only the bytes
 *     the kernel did not take are copied and queued with uv_write, and they
 *     stay alive until the write callback,
 *   - backpressure: reading stops while too much output is queued.
 *
 * It never looks inside a frame, so a JSON-RPC server built the same way can
 * only be slower; bench/run compares modhostd against it.
 *
 * Usage: echo SOCKET_PATH
 * Prints "listening on SOCKET_PATH" on stderr when ready; SIGTERM or SIGINT
 * closes everything, removes the socket file and exits 0.
 */
#include <uv.h>

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FRAME ((size_t)16 << 20)    /* larger frames close the connection */
#define READ_CHUNK ((size_t)64 << 10)   /* free space offered to each read */
#define HIGH_WATER ((size_t)1 << 20)    /* stop reading above this much queued */
#define LOW_WATER (HIGH_WATER / 4)      /* resume reading below this */

typedef struct conn {
    uv_pipe_t pipe;
    char *buf;          /* unparsed input lives in buf[0, len) */
    size_t cap;
    size_t len;
    int reading;
    int closing;
    struct conn *prev, *next;
} conn_t;

typedef struct {
    uv_write_t req;
    conn_t *conn;
    size_t size;
    char data[];        /* the unsent bytes, owned until write_cb */
} pending_write_t;

static uv_loop_t *loop;
static uv_pipe_t server;
static uv_signal_t sig_term, sig_int;
static conn_t *conns;
static const char *socket_path;

static void die(const char *what, int err) {
    fprintf(stderr, "echo: %s: %s\n", what, uv_strerror(err));
    exit(1);
}

static uint32_t be32(const char *p) {
    const unsigned char *u = (const unsigned char *)p;
    return ((uint32_t)u[0] << 24) | ((uint32_t)u[1] << 16) | ((uint32_t)u[2] << 8) | (uint32_t)u[3];
}

/* ---- connection lifetime ---- */

static void on_conn_closed(uv_handle_t *h) {
    conn_t *c = (conn_t *)h->data;
    if (c->prev) c->prev->next = c->next; else conns = c->next;
    if (c->next) c->next->prev = c->prev;
    free(c->buf);
    free(c);
}

static void conn_close(conn_t *c) {
    if (c->closing) return;
    c->closing = 1;
    uv_close((uv_handle_t *)&c->pipe, on_conn_closed);
}

static void on_shutdown(uv_shutdown_t *req, int status) {
    (void)status;
    conn_close((conn_t *)req->data);
    free(req);
}

/* Peer finished sending: flush what is queued, then close. */
static void conn_finish(conn_t *c) {
    if (c->closing) return;
    uv_shutdown_t *req = malloc(sizeof *req);
    if (!req) { conn_close(c); return; }
    req->data = c;
    if (uv_shutdown(req, (uv_stream_t *)&c->pipe, on_shutdown) != 0) {
        free(req);
        conn_close(c);
    }
}

/* ---- reading ---- */

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *out) {
    (void)suggested;
    conn_t *c = (conn_t *)h->data;
    if (c->cap - c->len < READ_CHUNK) {
        size_t ncap = c->cap ? c->cap : READ_CHUNK;
        while (ncap - c->len < READ_CHUNK) ncap *= 2;
        char *nb = realloc(c->buf, ncap);
        if (!nb) { *out = uv_buf_init(NULL, 0); return; }   /* libuv reports UV_ENOBUFS */
        c->buf = nb;
        c->cap = ncap;
    }
    *out = uv_buf_init(c->buf + c->len, (unsigned int)(c->cap - c->len));
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *b);

static void on_write(uv_write_t *req, int status) {
    pending_write_t *w = (pending_write_t *)req;
    conn_t *c = w->conn;
    free(w);
    if (c->closing) return;
    if (status < 0) { conn_close(c); return; }
    if (!c->reading && uv_stream_get_write_queue_size((uv_stream_t *)&c->pipe) <= LOW_WATER) {
        if (uv_read_start((uv_stream_t *)&c->pipe, on_alloc, on_read) == 0) c->reading = 1;
        else conn_close(c);
    }
}

/* Send bytes[0, n) as one write: try it now, queue only the remainder. */
static int send_bytes(conn_t *c, const char *bytes, size_t n) {
    uv_stream_t *s = (uv_stream_t *)&c->pipe;
    uv_buf_t b = uv_buf_init((char *)bytes, (unsigned int)n);
    int sent = uv_try_write(s, &b, 1);
    if (sent == UV_EAGAIN || sent == UV_ENOSYS) sent = 0;
    if (sent < 0) return sent;
    if ((size_t)sent == n) return 0;

    size_t rest = n - (size_t)sent;
    pending_write_t *w = malloc(sizeof *w + rest);
    if (!w) return UV_ENOMEM;
    w->conn = c;
    w->size = rest;
    memcpy(w->data, bytes + sent, rest);
    b = uv_buf_init(w->data, (unsigned int)rest);
    int r = uv_write(&w->req, s, &b, 1, on_write);
    if (r < 0) { free(w); return r; }
    if (c->reading && uv_stream_get_write_queue_size(s) > HIGH_WATER) {
        uv_read_stop(s);
        c->reading = 0;
    }
    return 0;
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *b) {
    (void)b;
    conn_t *c = (conn_t *)s->data;
    if (nread == UV_EOF) {
        uv_read_stop(s);
        c->reading = 0;
        conn_finish(c);
        return;
    }
    if (nread < 0) { conn_close(c); return; }
    if (nread == 0) return;
    c->len += (size_t)nread;

    /* Walk complete frames; stop at the first partial one. */
    size_t off = 0;
    while (c->len - off >= 4) {
        size_t n = be32(c->buf + off);
        if (n > MAX_FRAME) {
            fprintf(stderr, "echo: frame of %zu bytes is over the limit; closing\n", n);
            conn_close(c);
            return;
        }
        if (c->len - off - 4 < n) break;
        off += 4 + n;
    }
    if (off == 0) return;

    if (send_bytes(c, c->buf, off) < 0) { conn_close(c); return; }

    /* Keep the partial frame, if any, at the start of the buffer. */
    c->len -= off;
    if (c->len) memmove(c->buf, c->buf + off, c->len);
    if (c->cap > 4 * READ_CHUNK && c->len < READ_CHUNK) {
        char *nb = realloc(c->buf, 2 * READ_CHUNK);
        if (nb) { c->buf = nb; c->cap = 2 * READ_CHUNK; }
    }
}

/* ---- accepting ---- */

static void on_connection(uv_stream_t *srv, int status) {
    if (status < 0) { fprintf(stderr, "echo: accept: %s\n", uv_strerror(status)); return; }
    conn_t *c = calloc(1, sizeof *c);
    if (!c) return;
    uv_pipe_init(loop, &c->pipe, 0);
    c->pipe.data = c;
    c->next = conns;
    if (conns) conns->prev = c;
    conns = c;
    if (uv_accept(srv, (uv_stream_t *)&c->pipe) != 0 ||
        uv_read_start((uv_stream_t *)&c->pipe, on_alloc, on_read) != 0) {
        conn_close(c);
        return;
    }
    c->reading = 1;
}

/* ---- shutdown ---- */

static void on_signal(uv_signal_t *h, int signum) {
    (void)h;
    (void)signum;
    uv_close((uv_handle_t *)&server, NULL);
    for (conn_t *c = conns; c; c = c->next) conn_close(c);
    uv_close((uv_handle_t *)&sig_term, NULL);
    uv_close((uv_handle_t *)&sig_int, NULL);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SOCKET_PATH\n", argv[0]);
        return 2;
    }
    socket_path = argv[1];
    signal(SIGPIPE, SIG_IGN);
    loop = uv_default_loop();

    int r;
    unlink(socket_path);   /* a stale socket from an earlier run */
    if ((r = uv_pipe_init(loop, &server, 0)) < 0) die("pipe_init", r);
    if ((r = uv_pipe_bind(&server, socket_path)) < 0) die("bind", r);
    if ((r = uv_listen((uv_stream_t *)&server, 256, on_connection)) < 0) die("listen", r);

    uv_signal_init(loop, &sig_term);
    uv_signal_init(loop, &sig_int);
    uv_signal_start(&sig_term, on_signal, SIGTERM);
    uv_signal_start(&sig_int, on_signal, SIGINT);

    fprintf(stderr, "listening on %s\n", socket_path);
    fflush(stderr);

    uv_run(loop, UV_RUN_DEFAULT);
    unlink(socket_path);
    uv_loop_close(loop);
    return 0;
}
