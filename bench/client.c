/*
 * client.c - load client for Modhost's framing (4-byte big-endian length,
 * then that many bytes of UTF-8 JSON) over a Unix domain stream socket.
 *
 *   client SOCKET rtt N [--pid PID] [--echo B]
 *       N ping round trips, one request outstanding at a time.
 *   client SOCKET pipe N DEPTH [--pid PID] [--echo B]
 *       N pings in total with up to DEPTH in flight: requests go out in
 *       batches, replies are read as they come; every reply must come back,
 *       in order.
 *   client SOCKET mix N DEPTH [--pid PID] [--every K]
 *       pipe, on a connection that first initializes and mounts a 4-row List
 *       with swipeActions (modhostd with the SwipeActions plugin only): every
 *       K-th request (default 2) is an `update` of that surface that changes
 *       one action label (back and forth), the rest pings. An update's reply
 *       must count exactly one updated modifier.
 *
 * --echo B: every request is, instead of a ping, a call of the Greeting test
 * module's echo function, {"jsonrpc":"2.0","id":<id>,"method":"callFunction",
 * "params":{"module":"Greeting","function":"echo","args":["xx…"]}}, the string
 * sized so that the request is about B bytes. A reply must carry no error and
 * be at least as long as the string (modhostd and node-server.mjs answer it as
 * the result; c-echo returns the request): a request the server accepts and
 * answers, so that what is timed is the call path, not an error path.
 *
 * Requests are exactly {"jsonrpc":"2.0","id":<id>,"method":"ping"} with ids
 * counting up from 1. A reply must be a sane frame whose "id" equals the id of
 * the request it answers and that has no "error" member; anything else is a
 * protocol error (exit 1). Each socket operation times out (env
 * BENCH_IO_TIMEOUT seconds, default 10) and so does the whole run (env
 * BENCH_RUN_TIMEOUT, default 120).
 *
 * Pipelined mode writes a whole batch before it reads, so DEPTH requests
 * (about 45 bytes each) must fit in the socket buffers; that holds far past
 * the depths worth measuring, and a stall would end as a write timeout.
 *
 * A short untimed warm-up runs first. With --pid, the CPU time that process
 * used during the timed part is reported per request: summed over its threads
 * from /proc/PID/task/TID/sched (ns precision) where the kernel has that, else
 * utime+stime from /proc/PID/stat (10 ms ticks).
 *
 * Output is one line of key=value pairs, e.g.
 *   mode=rtt n=20000 secs=0.412 us_per_rt=20.61 client_cpu_us_per_req=3.1 server_cpu_us_per_req=4.2
 *   mode=pipe n=500000 depth=100 secs=0.95 req_per_s=526000 ...
 * (server_cpu_us_per_req only with --pid).
 *
 * Two more modes drive modhostd's surfaces (they need the swipeActions plugin;
 * see the comments above interact_main and surface_main):
 *
 *   client SOCKET interact N [--pid PID]
 *       On one connection: initialize, mount a small List whose rows carry
 *       swipeActions, then N ping round trips and N cycles of
 *       swipe (trailing) -> response, tapAction "delete" -> event + response,
 *       interleaved in blocks. Prints us per ping, per swipe, per tap and per
 *       cycle, and the server's CPU per ping and per cycle; with --pid also
 *       the server's CPU per single ping, swipe and tap from a few extra
 *       iterations that read it around each request (probe_cpu_us_*).
 *   client SOCKET surface ROWS REPS [--pid PID] [--ops floor,mount,update] [--rows swipe|expo] [--warmup W]
 *                         [--dump FILE]
 *       On one connection: REPS times, the parse floor (the big root sent as
 *       params of a method the daemon lacks, refused with -32601 after a full
 *       parse), a mount
 *       of a ROWS-row List on a fresh surface, an update that changes one
 *       row, and an untimed unmount. Prints every repetition's wall and
 *       server CPU ms and the update's counts. --dump writes the mount
 *       request's JSON text to FILE (for a JSON.parse baseline). With
 *       --rows expo (needs the ExpoUI plugin) every row carries ExpoUI's
 *       onTapGesture, padding, background and font instead of swipeActions,
 *       and there is no update (--ops defaults to floor,mount). --warmup W
 *       sets the untimed repetitions before the timed ones (default 1).
 *
 * And one for the ExpoUI plugin's interactions (see the comment above expo_main):
 *
 *   client SOCKET expo N [--pid PID]
 *       On one connection: initialize, mount a small refreshable List of rows
 *       with onTapGesture, then N ping round trips, N taps (interact tap ->
 *       event + response) and N refresh cycles (interact refresh -> event +
 *       response, then callFunction ExpoUI.completeRefresh(id) -> response),
 *       interleaved in blocks. Prints us per ping, tap, pull and complete,
 *       their ratios to the ping, and with --pid the server's CPU as interact
 *       does (probe_cpu_us_ping, _tap, _pull, _complete).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define MAX_REPLY (1u << 20)   /* a ping reply over 1 MiB is not sane */
#define MAX_REQ 64             /* header + longest request we build */

static double run_deadline;

static void fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("client: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double self_cpu_s(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

/* CPU time of all threads of a process from /proc/PID/task/TID/sched
 * (se.sum_exec_runtime, ms with ns precision; needs CONFIG_SCHED_DEBUG), in
 * seconds; -1 if unavailable. Threads that exit take their time with them,
 * which does not matter for the servers measured here. */
static double proc_sched_cpu_s(long pid) {
    char path[320], line[256];
    snprintf(path, sizeof path, "/proc/%ld/task", pid);
    DIR *d = opendir(path);
    if (!d) return -1;
    double total = 0;
    int found = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/proc/%ld/task/%s/sched", pid, e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "se.sum_exec_runtime", 19) == 0) {
                char *colon = strchr(line, ':');
                if (colon) { total += strtod(colon + 1, NULL) * 1e-3; found = 1; }
                break;
            }
        }
        fclose(f);
    }
    closedir(d);
    return found ? total : -1;
}

/* utime+stime of a whole process (all its threads, 1/CLK_TCK resolution), in
 * seconds; -1 if unknown. */
static double proc_stat_cpu_s(long pid) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');   /* comm may contain spaces */
    if (!p) return -1;
    unsigned long long utime = 0, stime = 0;
    /* after ")": state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(14) stime(15) */
    if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2)
        return -1;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

static int use_sched_cpu;

static double proc_cpu_s(long pid) {
    return use_sched_cpu ? proc_sched_cpu_s(pid) : proc_stat_cpu_s(pid);
}

static int connect_unix(const char *path, int timeout_s) {
    struct sockaddr_un sa;
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof sa.sun_path) fail("socket path too long: %s", path);
    strcpy(sa.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) fail("socket: %s", strerror(errno));
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) fail("connect %s: %s", path, strerror(errno));
    struct timeval tv = { .tv_sec = timeout_s, .tv_usec = 0 };
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    return fd;
}

static void write_all(int fd, const char *p, size_t n) {
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) fail("write timed out");
            fail("write: %s", strerror(errno));
        }
        p += w;
        n -= (size_t)w;
    }
}

/* One read of at most n bytes (at least 1); fails on EOF, error or timeout. */
static size_t read_some(int fd, char *p, size_t n) {
    for (;;) {
        ssize_t r = read(fd, p, n);
        if (r > 0) return (size_t)r;
        if (r == 0) fail("server closed the connection");
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) fail("read timed out");
        fail("read: %s", strerror(errno));
    }
}

static void read_full(int fd, char *p, size_t n) {
    while (n) {
        size_t r = read_some(fd, p, n);
        p += r;
        n -= r;
    }
}

static uint32_t be32(const char *p) {
    const unsigned char *u = (const unsigned char *)p;
    return ((uint32_t)u[0] << 24) | ((uint32_t)u[1] << 16) | ((uint32_t)u[2] << 8) | (uint32_t)u[3];
}

/* --echo B: requests of about B bytes that call Greeting.echo (0: pings). */
static size_t echo_len;     /* the request size asked for */
static size_t echo_string;  /* the length of the string echoed */
static char *echo_text;     /* ,"method":"callFunction","params":{…,"args":["xxx…"]}} */
/* mix mode: every mix_every-th request (by id) is an update of the mounted
 * surface, alternating between mix_update[1] (one label renamed) and
 * mix_update[0] (as mounted), so each changes exactly one modifier. */
static uint64_t mix_every;
static char *mix_update[2];
static size_t mix_update_len[2];
static uint64_t mix_updates_built;
static size_t req_cap = MAX_REQ;   /* the largest framed request built */

static int is_update_id(uint64_t id) { return mix_every && id % mix_every == 0; }

/* Writes one framed request with this id at out (a ping, or in mix mode
 * perhaps an update); returns its size. */
static size_t build_request(char *out, uint64_t id) {
    static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
    static const char tail[] = ",\"method\":\"ping\"}";
    static const char utail[] = ",\"method\":\"update\",\"params\":";
    int update = is_update_id(id);
    char digits[24];
    int nd = 0;
    do { digits[nd++] = (char)('0' + id % 10); id /= 10; } while (id);
    char *p = out + 4;
    memcpy(p, head, sizeof head - 1); p += sizeof head - 1;
    while (nd) *p++ = digits[--nd];
    if (update) {
        int which = (int)(++mix_updates_built & 1);
        memcpy(p, utail, sizeof utail - 1); p += sizeof utail - 1;
        memcpy(p, mix_update[which], mix_update_len[which]); p += mix_update_len[which];
        *p++ = '}';
    } else if (echo_len) {
        size_t k = strlen(echo_text);
        memcpy(p, echo_text, k); p += k;
    } else {
        memcpy(p, tail, sizeof tail - 1); p += sizeof tail - 1;
    }
    uint32_t len = (uint32_t)(p - out - 4);
    out[0] = (char)(len >> 24); out[1] = (char)(len >> 16); out[2] = (char)(len >> 8); out[3] = (char)len;
    return (size_t)(p - out);
}

static const char *find(const char *hay, size_t n, const char *needle) {
    return memmem(hay, n, needle, strlen(needle));
}

/* Minimal reply check: has "id": <want> (a whole number) and no "error" member.
 * With --echo a reply must also be at least as long as the string echoed; in
 * mix mode an update's reply must count one updated modifier. */
static void check_reply(const char *body, size_t n, uint64_t want) {
    const char *end = body + n;
    const char *p = find(body, n, "\"id\"");
    if (!p) fail("reply to id %llu has no \"id\": %.*s", (unsigned long long)want, (int)(n > 200 ? 200 : n), body);
    p += 4;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    if (p >= end || *p != ':') fail("reply to id %llu: malformed \"id\"", (unsigned long long)want);
    p++;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    uint64_t got = 0;
    const char *digits = p;
    while (p < end && *p >= '0' && *p <= '9') got = got * 10 + (uint64_t)(*p++ - '0');
    if (p == digits || got != want)
        fail("reply id mismatch: wanted %llu, got: %.*s", (unsigned long long)want, (int)(n > 200 ? 200 : n), body);
    if (echo_len && n < echo_string)
        fail("reply to echo %llu is shorter than the string sent: %.*s", (unsigned long long)want, (int)(n > 300 ? 300 : n), body);
    if (find(body, n, "\"error\"")) {
        fail("error reply to id %llu: %.*s", (unsigned long long)want, (int)(n > 300 ? 300 : n), body);
    }
    if (is_update_id(want) && !find(body, n, "\"updated\":1,"))
        fail("update reply to id %llu does not count one updated modifier: %.*s", (unsigned long long)want,
             (int)(n > 300 ? 300 : n), body);
}

static void check_deadline(void) {
    if (now_s() > run_deadline) fail("run timed out");
}

/* ---- rtt: one request outstanding ---- */

static void rtt_loop(int fd, uint64_t first_id, uint64_t count, char *body) {
    char *req = malloc(req_cap), hdr[4];
    if (!req) fail("out of memory");
    for (uint64_t i = 0; i < count; i++) {
        uint64_t id = first_id + i;
        write_all(fd, req, build_request(req, id));
        read_full(fd, hdr, 4);
        uint32_t n = be32(hdr);
        if (n < 2 || n > MAX_REPLY) fail("reply to id %llu has insane length %u", (unsigned long long)id, n);
        read_full(fd, body, n);
        check_reply(body, n, id);
        if ((i & 1023) == 0) check_deadline();
    }
    free(req);
}

/* ---- pipe: up to depth requests in flight ---- */

typedef struct {
    char *buf;
    size_t cap, len;
} rbuf_t;

static void pipe_loop(int fd, uint64_t first_id, uint64_t count, uint64_t depth, rbuf_t *rb, char *wbuf) {
    uint64_t next_send = first_id, next_recv = first_id, end_id = first_id + count;
    while (next_recv < end_id) {
        /* Top up to depth in flight with one write. */
        uint64_t inflight = next_send - next_recv;
        if (inflight < depth && next_send < end_id) {
            uint64_t k = depth - inflight;
            if (k > end_id - next_send) k = end_id - next_send;
            size_t w = 0;
            for (uint64_t j = 0; j < k; j++) w += build_request(wbuf + w, next_send++);
            write_all(fd, wbuf, w);
        }
        /* Read what has arrived and consume every complete reply. */
        if (rb->cap - rb->len < 4096) {
            rb->cap *= 2;
            rb->buf = realloc(rb->buf, rb->cap);
            if (!rb->buf) fail("out of memory");
        }
        rb->len += read_some(fd, rb->buf + rb->len, rb->cap - rb->len);
        size_t off = 0;
        while (rb->len - off >= 4) {
            uint32_t n = be32(rb->buf + off);
            if (n < 2 || n > MAX_REPLY) fail("reply to id %llu has insane length %u", (unsigned long long)next_recv, n);
            if (rb->len - off - 4 < n) break;
            if (next_recv >= next_send) fail("reply with no request outstanding");
            check_reply(rb->buf + off + 4, n, next_recv);
            next_recv++;
            off += 4 + n;
        }
        rb->len -= off;
        if (rb->len) memmove(rb->buf, rb->buf + off, rb->len);
        check_deadline();
    }
    if (rb->len) fail("%zu unexpected bytes after the last reply", rb->len);
}

static uint64_t parse_count(const char *s, const char *what) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v == 0) fail("bad %s: %s", what, s);
    return (uint64_t)v;
}

static int env_int(const char *name, int dflt) {
    const char *v = getenv(name);
    return v && atoi(v) > 0 ? atoi(v) : dflt;
}

/* ======================================================================
 * Surface modes (modhostd only): interact and surface.
 * ====================================================================== */

#define MAX_FRAME_IN (64u << 20)   /* largest reply frame the surface modes accept */

/* ---- a growable text buffer ---- */

typedef struct {
    char *p;
    size_t len, cap;
} sbuf_t;

static void sb_reserve(sbuf_t *b, size_t extra) {
    if (b->len + extra <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra) cap *= 2;
    b->p = realloc(b->p, cap);
    if (!b->p) fail("out of memory");
    b->cap = cap;
}

static void sb_put(sbuf_t *b, const char *s, size_t n) {
    sb_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static void sb_puts(sbuf_t *b, const char *s) { sb_put(b, s, strlen(s)); }

static void sb_u64(sbuf_t *b, uint64_t v) {
    char digits[24];
    int nd = 0;
    do { digits[nd++] = (char)('0' + v % 10); v /= 10; } while (v);
    sb_reserve(b, (size_t)nd);
    while (nd) b->p[b->len++] = digits[--nd];
}

/* Starts a frame: reserves its 4-byte header; returns where the header is. */
static size_t frame_begin(sbuf_t *b) {
    sb_reserve(b, 4);
    size_t at = b->len;
    b->len += 4;
    return at;
}

static void frame_end(sbuf_t *b, size_t at) {
    uint32_t n = (uint32_t)(b->len - at - 4);
    unsigned char *h = (unsigned char *)b->p + at;
    h[0] = (unsigned char)(n >> 24); h[1] = (unsigned char)(n >> 16); h[2] = (unsigned char)(n >> 8); h[3] = (unsigned char)n;
}

/* Appends one framed request {"jsonrpc":"2.0","id":ID,"method":M[,"params":P]}.
 * P is given in up to three pieces (a, root, c) so that a big root is copied
 * once; pass NULL for absent pieces. */
static void sb_request(sbuf_t *b, uint64_t id, const char *method, const char *pa, const char *root, size_t root_len,
                       const char *pc) {
    size_t at = frame_begin(b);
    sb_puts(b, "{\"jsonrpc\":\"2.0\",\"id\":");
    sb_u64(b, id);
    sb_puts(b, ",\"method\":\"");
    sb_puts(b, method);
    sb_puts(b, "\"");
    if (pa) {
        sb_puts(b, ",\"params\":");
        sb_puts(b, pa);
        if (root) sb_put(b, root, root_len);
        if (pc) sb_puts(b, pc);
    }
    sb_puts(b, "}");
    frame_end(b, at);
}

/* ---- a buffered frame reader ---- */

typedef struct {
    char *buf;
    size_t cap, start, end;
} reader_t;

/* The next frame's payload; valid until the next call. */
static size_t next_frame(int fd, reader_t *r, char **body) {
    for (;;) {
        size_t avail = r->end - r->start;
        size_t need = 4;
        if (avail >= 4) {
            uint32_t n = be32(r->buf + r->start);
            if (n < 2 || n > MAX_FRAME_IN) fail("reply frame has insane length %u", n);
            if (avail >= 4 + (size_t)n) {
                *body = r->buf + r->start + 4;
                r->start += 4 + (size_t)n;
                if (r->start == r->end) r->start = r->end = 0;
                return n;
            }
            need = 4 + (size_t)n;
        }
        if (r->start + need > r->cap) {
            if (avail) memmove(r->buf, r->buf + r->start, avail);
            r->start = 0;
            r->end = avail;
            if (need > r->cap) {
                while (r->cap < need) r->cap *= 2;
                r->buf = realloc(r->buf, r->cap);
                if (!r->buf) fail("out of memory");
            }
        }
        r->end += read_some(fd, r->buf + r->end, r->cap - r->end);
        check_deadline();
    }
}

static int has(const char *body, size_t n, const char *needle) { return find(body, n, needle) != NULL; }

/* A notification names "method" before any "id" (the daemon writes jsonrpc,
 * method, params; responses jsonrpc, id, result|error). */
static int is_notification(const char *body, size_t n) {
    const char *m = find(body, n, "\"method\"");
    const char *i = find(body, n, "\"id\"");
    return m && (!i || m < i);
}

static uint64_t reply_id(const char *body, size_t n) {
    const char *p = find(body, n, "\"id\":");
    if (!p) fail("reply has no \"id\": %.*s", (int)(n > 300 ? 300 : n), body);
    p += 5;
    uint64_t v = 0;
    const char *d = p;
    while (p < body + n && *p >= '0' && *p <= '9') v = v * 10 + (uint64_t)(*p++ - '0');
    if (p == d) fail("reply id is not a number: %.*s", (int)(n > 300 ? 300 : n), body);
    return v;
}

static uint64_t notes_seen;   /* notifications read while waiting for responses */

/* Reads frames until the response with this id; notifications before it are
 * counted (the first few diagnostics are shown on stderr). */
static size_t read_response(int fd, reader_t *r, uint64_t id, char **body) {
    for (;;) {
        size_t n = next_frame(fd, r, body);
        if (is_notification(*body, n)) {
            if (notes_seen++ < 3)
                fprintf(stderr, "client: notification while waiting for id %llu: %.*s\n", (unsigned long long)id,
                        (int)(n > 300 ? 300 : n), *body);
            continue;
        }
        uint64_t got = reply_id(*body, n);
        if (got != id) fail("reply id mismatch: wanted %llu, got: %.*s", (unsigned long long)id, (int)(n > 300 ? 300 : n), *body);
        return n;
    }
}

/* `count` pings on one connection, one outstanding at a time: the surface modes' baseline. */
static void ping_round(int fd, sbuf_t *sb, reader_t *r, uint64_t *id, uint64_t count) {
    char *body;
    for (uint64_t i = 0; i < count; i++) {
        sb->len = 0;
        sb_request(sb, ++*id, "ping", NULL, NULL, 0, NULL);
        write_all(fd, sb->p, sb->len);
        size_t len = read_response(fd, r, *id, &body);
        if (has(body, len, "\"error\"")) fail("ping failed: %.*s", (int)len, body);
    }
}

static void need_result(const char *what, const char *body, size_t n, const char *needle) {
    if (has(body, n, "\"error\"") || (needle && !has(body, n, needle)))
        fail("%s: unexpected reply (wanted %s): %.*s", what, needle ? needle : "a result", (int)(n > 400 ? 400 : n), body);
}

/* initialize; fails unless the plugin the mode needs is loaded: SwipeActions
 * (its swipeActions modifier is offered) or, with expo, ExpoUI (modifiers of
 * plugin ExpoUI are offered). */
static void rpc_initialize(int fd, reader_t *r, sbuf_t *sb, uint64_t *id, int expo) {
    char *body;
    sb->len = 0;
    sb_request(sb, ++*id, "initialize", "{\"protocolVersion\":1,\"client\":{\"name\":\"bench-client\"}}", NULL, 0, NULL);
    write_all(fd, sb->p, sb->len);
    size_t n = read_response(fd, r, *id, &body);
    need_result("initialize", body, n, "\"protocolVersion\":1");
    if (!expo && !has(body, n, "\"swipeActions\""))
        fail("the daemon offers no swipeActions modifier (is libSwipeActions.so built next to modhostd?): %.*s",
             (int)(n > 300 ? 300 : n), body);
    if (expo && !has(body, n, "\"plugin\":\"ExpoUI\""))
        fail("the daemon offers no modifiers of plugin ExpoUI (is libExpoUI.so built next to modhostd?): %.*s",
             (int)(n > 300 ? 300 : n), body);
}

/* ---- the rows ---- */

/* Appends a List of `rows` rows, each an HStack keyed row-I with a Text child
 * and a swipeActions modifier (trailing delete + edit, leading archive). With
 * unique_ids the action ids carry the row number (delete-I, ...). Row
 * `renamed` (1-based; 0 for none) labels its edit action "Rename". */
static void append_list(sbuf_t *b, uint64_t rows, int unique_ids, uint64_t renamed) {
    sb_puts(b, "{\"type\":\"List\",\"children\":[");
    for (uint64_t i = 1; i <= rows; i++) {
        if (i > 1) sb_puts(b, ",");
        sb_puts(b, "{\"type\":\"HStack\",\"key\":\"row-");
        sb_u64(b, i);
        sb_puts(b, "\",\"modifiers\":[{\"$type\":\"swipeActions\",\"trailing\":[{\"id\":\"delete");
        if (unique_ids) { sb_puts(b, "-"); sb_u64(b, i); }
        sb_puts(b, "\",\"label\":\"Delete\",\"systemImage\":\"trash\",\"role\":\"destructive\"},{\"id\":\"edit");
        if (unique_ids) { sb_puts(b, "-"); sb_u64(b, i); }
        sb_puts(b, i == renamed ? "\",\"label\":\"Rename\"" : "\",\"label\":\"Edit\"");
        sb_puts(b, ",\"tint\":\"#0A84FF\"}],\"leading\":[{\"id\":\"archive");
        if (unique_ids) { sb_puts(b, "-"); sb_u64(b, i); }
        sb_puts(b, "\",\"label\":\"Archive\",\"systemImage\":\"archivebox\",\"tint\":\"teal\"}],"
                   "\"allowsFullSwipe\":false}],\"children\":[{\"type\":\"Text\",\"props\":{\"text\":\"Message ");
        sb_u64(b, i);
        sb_puts(b, "\"}}]}");
    }
    sb_puts(b, "]}");
}

/* Appends a List of `rows` ExpoUI rows: each an HStack keyed row-I with the
 * modifiers onTapGesture, padding {all: 8}, background {color: "#EEEEEE"} and
 * font {size: 15, weight: "semibold"} (in that order: the tap handler is
 * modifier 0) and a Text child. With refreshable, the List is keyed "list" and
 * carries a refreshable modifier. */
static void append_expo_list(sbuf_t *b, uint64_t rows, int refreshable) {
    sb_puts(b, refreshable ? "{\"type\":\"List\",\"key\":\"list\",\"modifiers\":[{\"$type\":\"refreshable\"}],\"children\":["
                           : "{\"type\":\"List\",\"children\":[");
    for (uint64_t i = 1; i <= rows; i++) {
        if (i > 1) sb_puts(b, ",");
        sb_puts(b, "{\"type\":\"HStack\",\"key\":\"row-");
        sb_u64(b, i);
        sb_puts(b, "\",\"modifiers\":[{\"$type\":\"onTapGesture\"},{\"$type\":\"padding\",\"all\":8},"
                   "{\"$type\":\"background\",\"color\":\"#EEEEEE\"},{\"$type\":\"font\",\"size\":15,\"weight\":\"semibold\"}],"
                   "\"children\":[{\"type\":\"Text\",\"props\":{\"text\":\"Message ");
        sb_u64(b, i);
        sb_puts(b, "\"}}]}");
    }
    sb_puts(b, "]}");
}

/* ---- interact ----
 * One connection: initialize, mount "bench-interact" (INTERACT_ROWS rows with
 * the plain ids delete/edit/archive), then `rounds` rounds of k pings
 * followed by k cycles, k = N / rounds. A cycle is: swipe trailing on row-J
 * -> response {handled:true, revealed:[...delete...]}; tapAction delete ->
 * the event notification {..."node":"row-J"...{"swipeActions":{"id":"delete"}}}
 * and then the response {handled:true, performed:"delete"}. The tap closes
 * the row, so every cycle swipes again. Pings and interacts go through the
 * same request builder and buffered reader, so the ratio compares like with
 * like. */

#define INTERACT_ROWS 8

static void interact_main(int fd, uint64_t n, long pid) {
    reader_t r = { malloc(64 << 10), 64 << 10, 0, 0 };
    sbuf_t sb = { 0 }, tree = { 0 };
    uint64_t id = 0;
    char *body;
    size_t len;
    if (!r.buf) fail("out of memory");
    rpc_initialize(fd, &r, &sb, &id, 0);

    append_list(&tree, INTERACT_ROWS, 0, 0);
    sb.len = 0;
    sb_request(&sb, ++id, "mount", "{\"surface\":\"bench-interact\",\"root\":", tree.p, tree.len, "}");
    write_all(fd, sb.p, sb.len);
    len = read_response(fd, &r, id, &body);
    need_result("mount", body, len, "\"surface\":\"bench-interact\"");

    /* Pre-built request texts: params for swipe and tap per row. */
    char swipe_params[INTERACT_ROWS][128], tap_params[INTERACT_ROWS][128], event_node[INTERACT_ROWS][32];
    for (int j = 0; j < INTERACT_ROWS; j++) {
        snprintf(swipe_params[j], sizeof swipe_params[j],
                 "{\"surface\":\"bench-interact\",\"node\":\"row-%d\",\"gesture\":\"swipe\",\"edge\":\"trailing\"}", j + 1);
        snprintf(tap_params[j], sizeof tap_params[j],
                 "{\"surface\":\"bench-interact\",\"node\":\"row-%d\",\"gesture\":\"tapAction\",\"id\":\"delete\"}", j + 1);
        snprintf(event_node[j], sizeof event_node[j], "\"node\":\"row-%d\"", j + 1);
    }

    uint64_t warm = n / 20;
    if (warm > 1000) warm = 1000;
    uint64_t probe = n / 100 < 100 ? (n / 100 ? n / 100 : 1) : 100;   /* instrumented iterations per round */
    double probe_srv[3] = { 0, 0, 0 };   /* ping, swipe, tap */
    uint64_t probes = 0;
    if (warm < 1) warm = 1;
    uint64_t rounds = n >= 10 ? 10 : n;
    uint64_t k = n / rounds;
    if (k < 1) k = 1;
    double ping_s = 0, swipe_s = 0, tap_s = 0, cycle_s = 0;
    double ping_srv = 0, cycle_srv = 0, ping_cli = 0, cycle_cli = 0;
    uint64_t pings = 0, cycles = 0, events = 0;

    for (uint64_t round = 0; round <= rounds; round++) {
        int timed = round > 0;   /* round 0 is the untimed warm-up */
        uint64_t count = timed ? k : warm;

        /* pings */
        double srv0 = pid ? proc_cpu_s(pid) : 0, c0 = self_cpu_s(), t0 = now_s();
        ping_round(fd, &sb, &r, &id, count);
        double t1 = now_s(), c1 = self_cpu_s(), srv1 = pid ? proc_cpu_s(pid) : 0;
        if (timed) { ping_s += t1 - t0; ping_cli += c1 - c0; ping_srv += srv1 - srv0; pings += count; }

        /* swipe + tap cycles */
        srv0 = pid ? proc_cpu_s(pid) : 0; c0 = self_cpu_s(); t0 = now_s();
        double sw = 0, tp = 0;
        for (uint64_t i = 0; i < count; i++) {
            int j = (int)(i % INTERACT_ROWS);
            double a = now_s();
            sb.len = 0;
            sb_request(&sb, ++id, "interact", swipe_params[j], NULL, 0, NULL);
            write_all(fd, sb.p, sb.len);
            len = read_response(fd, &r, id, &body);
            if (!has(body, len, "\"handled\":true") || !has(body, len, "\"delete\"") || has(body, len, "\"error\""))
                fail("swipe on row-%d: unexpected reply: %.*s", j + 1, (int)(len > 400 ? 400 : len), body);
            double b = now_s();
            sb.len = 0;
            sb_request(&sb, ++id, "interact", tap_params[j], NULL, 0, NULL);
            write_all(fd, sb.p, sb.len);
            /* The event comes first, then the response. */
            len = next_frame(fd, &r, &body);
            if (!is_notification(body, len) || !has(body, len, "\"method\":\"event\"") ||
                !has(body, len, event_node[j]) || !has(body, len, "{\"swipeActions\":{\"id\":\"delete\"}}"))
                fail("tapAction on row-%d: wanted the event notification first, got: %.*s", j + 1,
                     (int)(len > 400 ? 400 : len), body);
            if (timed) events++;
            len = read_response(fd, &r, id, &body);
            if (!has(body, len, "\"handled\":true") || !has(body, len, "\"performed\":\"delete\""))
                fail("tapAction on row-%d: unexpected reply: %.*s", j + 1, (int)(len > 400 ? 400 : len), body);
            double c = now_s();
            sw += b - a;
            tp += c - b;
        }
        t1 = now_s(); c1 = self_cpu_s(); srv1 = pid ? proc_cpu_s(pid) : 0;
        if (timed) {
            cycle_s += t1 - t0; cycle_cli += c1 - c0; cycle_srv += srv1 - srv0; cycles += count;
            swipe_s += sw; tap_s += tp;
        }

        /* Instrumented iterations (not in the wall figures): the server's CPU
         * read before and after each single request, to split a cycle's CPU
         * into its swipe and its tap. The daemon is idle in epoll_wait while
         * the client reads /proc, so the reads do not land on it. */
        if (timed && pid) {
            for (uint64_t i = 0; i < probe; i++) {
                int j = (int)(i % INTERACT_ROWS);
                const char *params[3] = { NULL, swipe_params[j], tap_params[j] };
                for (int op = 0; op < 3; op++) {
                    sb.len = 0;
                    sb_request(&sb, ++id, op ? "interact" : "ping", params[op], NULL, 0, NULL);
                    double a = proc_cpu_s(pid);
                    write_all(fd, sb.p, sb.len);
                    if (op == 2) {
                        len = next_frame(fd, &r, &body);
                        if (!is_notification(body, len) || !has(body, len, "\"method\":\"event\""))
                            fail("tapAction on row-%d: wanted the event first, got: %.*s", j + 1, (int)(len > 400 ? 400 : len), body);
                    }
                    len = read_response(fd, &r, id, &body);
                    if (!has(body, len, op ? "\"handled\":true" : "\"result\""))
                        fail("instrumented %s: unexpected reply: %.*s", op ? "interact" : "ping", (int)(len > 400 ? 400 : len), body);
                    probe_srv[op] += proc_cpu_s(pid) - a;
                }
            }
            probes += probe;
        }
        check_deadline();
    }

    double ping_us = ping_s * 1e6 / (double)pings, tap_us = tap_s * 1e6 / (double)cycles;
    double swipe_us = swipe_s * 1e6 / (double)cycles;
    double cycle_us = cycle_s * 1e6 / (double)cycles;
    printf("mode=interact n=%llu rows=%d ping_us=%.3f swipe_us=%.3f tap_us=%.3f cycle_us=%.3f"
           " tap_over_ping=%.3f swipe_over_ping=%.3f cycle_over_ping=%.3f client_cpu_us_per_ping=%.3f"
           " client_cpu_us_per_cycle=%.3f",
           (unsigned long long)cycles, INTERACT_ROWS, ping_us, swipe_us, tap_us, cycle_us, tap_us / ping_us,
           swipe_us / ping_us, cycle_us / ping_us, ping_cli * 1e6 / (double)pings, cycle_cli * 1e6 / (double)cycles);
    if (pid)
        printf(" server_cpu_us_per_ping=%.3f server_cpu_us_per_cycle=%.3f probes=%llu probe_cpu_us_ping=%.3f"
               " probe_cpu_us_swipe=%.3f probe_cpu_us_tap=%.3f cpu_src=%s",
               ping_srv * 1e6 / (double)pings, cycle_srv * 1e6 / (double)cycles, (unsigned long long)probes,
               probe_srv[0] * 1e6 / (double)probes, probe_srv[1] * 1e6 / (double)probes,
               probe_srv[2] * 1e6 / (double)probes, use_sched_cpu ? "sched" : "stat");
    printf(" events=%llu notes=%llu\n", (unsigned long long)events, (unsigned long long)notes_seen);
    free(r.buf);
    free(sb.p);
    free(tree.p);
}

/* ---- expo: ExpoUI's tap gesture, and refresh with completeRefresh ----
 * One connection: initialize (plugin ExpoUI must be loaded), mount
 * "bench-expo": a List keyed "list" with a refreshable modifier and
 * INTERACT_ROWS ExpoUI rows (append_expo_list), then `rounds` blocks of k
 * pings, k taps and k refresh cycles, k = N / rounds:
 *   tap       interact {node:"row-J", gesture:"tap"} -> the event notification
 *             {node:"row-J", modifier:0, payload:{"onTapGesture":{}}}, which must
 *             come first, then the response {handled:true, node:"row-J", modifier:0}
 *   pull      interact {node:"list", gesture:"refresh"} -> the event
 *             {node:"list", payload:{"refreshable":{"id":ID}}} and the response
 *             {handled:true, ..., refreshing:true} (the event may come after the
 *             response: counted as late_events)
 *   complete  callFunction {module:"ExpoUI", function:"completeRefresh", args:[ID]}
 *             -> the response {"result":null}; the list is no longer refreshing,
 *             so the next pull is handled again.
 * Wall time is taken around each request, so pull and complete each get their
 * own figure; pings go through the same builder and reader. */

/* Reads what answers refresh pull `id`: the refreshable event of node "list"
 * and the response, in either order; copies the event's refresh id into out.
 * Returns 1 when the event came after the response. */
static int read_pull(int fd, reader_t *r, uint64_t id, char *out, size_t cap) {
    static const char key[] = "{\"refreshable\":{\"id\":\"";
    char *body;
    size_t len;
    int got_event = 0, got_response = 0;
    for (;;) {
        if (got_response && r->end == r->start) {
            struct pollfd p = { .fd = fd, .events = POLLIN };
            if (poll(&p, 1, 2000) == 0)
                fail("refresh pull on list: the response came, but no refreshable event within 2 s after it");
        }
        len = next_frame(fd, r, &body);
        if (is_notification(body, len)) {
            const char *p = find(body, len, key);
            if (!p || !has(body, len, "\"method\":\"event\"") || !has(body, len, "\"node\":\"list\"")) {
                if (notes_seen++ < 3)
                    fprintf(stderr, "client: notification while waiting for id %llu: %.*s\n", (unsigned long long)id,
                            (int)(len > 300 ? 300 : len), body);
                continue;
            }
            if (got_event) fail("refresh pull on list: a second refreshable event: %.*s", (int)(len > 400 ? 400 : len), body);
            p += sizeof key - 1;
            const char *q = memchr(p, '"', (size_t)(body + len - p));
            if (!q || q == p || (size_t)(q - p) >= cap) fail("refresh pull on list: bad refresh id in %.*s", (int)(len > 400 ? 400 : len), body);
            memcpy(out, p, (size_t)(q - p));
            out[q - p] = 0;
            got_event = 1;
            if (got_response) return 1;
            continue;
        }
        if (reply_id(body, len) != id)
            fail("reply id mismatch: wanted %llu, got: %.*s", (unsigned long long)id, (int)(len > 300 ? 300 : len), body);
        if (has(body, len, "\"error\"") || !has(body, len, "\"handled\":true") || !has(body, len, "\"refreshing\":true"))
            fail("refresh pull on list: unexpected reply: %.*s", (int)(len > 400 ? 400 : len), body);
        got_response = 1;
        if (got_event) return 0;
    }
}

static void expo_main(int fd, uint64_t n, long pid) {
    reader_t r = { malloc(64 << 10), 64 << 10, 0, 0 };
    sbuf_t sb = { 0 }, tree = { 0 };
    uint64_t id = 0;
    char *body;
    size_t len;
    if (!r.buf) fail("out of memory");
    rpc_initialize(fd, &r, &sb, &id, 1);

    append_expo_list(&tree, INTERACT_ROWS, 1);
    sb.len = 0;
    sb_request(&sb, ++id, "mount", "{\"surface\":\"bench-expo\",\"root\":", tree.p, tree.len, "}");
    write_all(fd, sb.p, sb.len);
    len = read_response(fd, &r, id, &body);
    need_result("mount", body, len, "\"surface\":\"bench-expo\"");

    char tap_params[INTERACT_ROWS][128], tap_result[INTERACT_ROWS][48], event_node[INTERACT_ROWS][32];
    for (int j = 0; j < INTERACT_ROWS; j++) {
        snprintf(tap_params[j], sizeof tap_params[j],
                 "{\"surface\":\"bench-expo\",\"node\":\"row-%d\",\"gesture\":\"tap\"}", j + 1);
        snprintf(tap_result[j], sizeof tap_result[j], "\"node\":\"row-%d\",\"modifier\":0", j + 1);
        snprintf(event_node[j], sizeof event_node[j], "\"node\":\"row-%d\"", j + 1);
    }
    static const char pull_params[] = "{\"surface\":\"bench-expo\",\"node\":\"list\",\"gesture\":\"refresh\"}";
    char refresh_id[64] = "", complete_params[160];

    uint64_t warm = n / 20;
    if (warm > 1000) warm = 1000;
    if (warm < 1) warm = 1;
    uint64_t probe = n / 100 < 100 ? (n / 100 ? n / 100 : 1) : 100;   /* instrumented iterations per round */
    double probe_srv[4] = { 0, 0, 0, 0 };   /* ping, tap, pull, complete */
    uint64_t probes = 0;
    uint64_t rounds = n >= 10 ? 10 : n;
    uint64_t k = n / rounds;
    if (k < 1) k = 1;
    double ping_s = 0, tap_s = 0, pull_s = 0, complete_s = 0, tap_block = 0, refresh_block = 0;
    double ping_srv = 0, tap_srv = 0, refresh_srv = 0, ping_cli = 0, tap_cli = 0, refresh_cli = 0;
    uint64_t pings = 0, taps = 0, refreshes = 0, tap_events = 0, refresh_events = 0, late_events = 0;

    for (uint64_t round = 0; round <= rounds; round++) {
        int timed = round > 0;   /* round 0 is the untimed warm-up */
        uint64_t count = timed ? k : warm;

        /* pings */
        double srv0 = pid ? proc_cpu_s(pid) : 0, c0 = self_cpu_s(), t0 = now_s();
        ping_round(fd, &sb, &r, &id, count);
        double t1 = now_s(), c1 = self_cpu_s(), srv1 = pid ? proc_cpu_s(pid) : 0;
        if (timed) { ping_s += t1 - t0; ping_cli += c1 - c0; ping_srv += srv1 - srv0; pings += count; }

        /* taps */
        srv0 = pid ? proc_cpu_s(pid) : 0; c0 = self_cpu_s(); t0 = now_s();
        double tp = 0;
        for (uint64_t i = 0; i < count; i++) {
            int j = (int)(i % INTERACT_ROWS);
            double a = now_s();
            sb.len = 0;
            sb_request(&sb, ++id, "interact", tap_params[j], NULL, 0, NULL);
            write_all(fd, sb.p, sb.len);
            len = next_frame(fd, &r, &body);
            if (!is_notification(body, len) || !has(body, len, "\"method\":\"event\"") ||
                !has(body, len, event_node[j]) || !has(body, len, "\"payload\":{\"onTapGesture\":{}}"))
                fail("tap on row-%d: wanted the event notification first, got: %.*s", j + 1,
                     (int)(len > 400 ? 400 : len), body);
            len = read_response(fd, &r, id, &body);
            if (has(body, len, "\"error\"") || !has(body, len, "\"handled\":true") || !has(body, len, tap_result[j]))
                fail("tap on row-%d: unexpected reply: %.*s", j + 1, (int)(len > 400 ? 400 : len), body);
            tp += now_s() - a;
        }
        t1 = now_s(); c1 = self_cpu_s(); srv1 = pid ? proc_cpu_s(pid) : 0;
        if (timed) {
            tap_s += tp; tap_block += t1 - t0; tap_cli += c1 - c0; tap_srv += srv1 - srv0;
            taps += count; tap_events += count;
        }

        /* refresh cycles: pull, then complete */
        srv0 = pid ? proc_cpu_s(pid) : 0; c0 = self_cpu_s(); t0 = now_s();
        double pl = 0, cp = 0;
        uint64_t late = 0;
        for (uint64_t i = 0; i < count; i++) {
            double a = now_s();
            sb.len = 0;
            sb_request(&sb, ++id, "interact", pull_params, NULL, 0, NULL);
            write_all(fd, sb.p, sb.len);
            late += (uint64_t)read_pull(fd, &r, id, refresh_id, sizeof refresh_id);
            double b = now_s();
            snprintf(complete_params, sizeof complete_params,
                     "{\"module\":\"ExpoUI\",\"function\":\"completeRefresh\",\"args\":[\"%s\"]}", refresh_id);
            sb.len = 0;
            sb_request(&sb, ++id, "callFunction", complete_params, NULL, 0, NULL);
            write_all(fd, sb.p, sb.len);
            len = read_response(fd, &r, id, &body);
            if (has(body, len, "\"error\"") || !has(body, len, "\"result\":{\"result\":null}"))
                fail("completeRefresh(\"%s\"): unexpected reply: %.*s", refresh_id, (int)(len > 400 ? 400 : len), body);
            double c = now_s();
            pl += b - a;
            cp += c - b;
        }
        t1 = now_s(); c1 = self_cpu_s(); srv1 = pid ? proc_cpu_s(pid) : 0;
        if (timed) {
            pull_s += pl; complete_s += cp; refresh_block += t1 - t0; refresh_cli += c1 - c0; refresh_srv += srv1 - srv0;
            refreshes += count; refresh_events += count; late_events += late;
        }

        /* Instrumented iterations (not in the wall figures), as in interact: the
         * server's CPU read before and after each single request. */
        if (timed && pid) {
            for (uint64_t i = 0; i < probe; i++) {
                int j = (int)(i % INTERACT_ROWS);
                for (int op = 0; op < 4; op++) {
                    sb.len = 0;
                    if (op == 0) sb_request(&sb, ++id, "ping", NULL, NULL, 0, NULL);
                    else if (op == 1) sb_request(&sb, ++id, "interact", tap_params[j], NULL, 0, NULL);
                    else if (op == 2) sb_request(&sb, ++id, "interact", pull_params, NULL, 0, NULL);
                    else {
                        snprintf(complete_params, sizeof complete_params,
                                 "{\"module\":\"ExpoUI\",\"function\":\"completeRefresh\",\"args\":[\"%s\"]}", refresh_id);
                        sb_request(&sb, ++id, "callFunction", complete_params, NULL, 0, NULL);
                    }
                    double a = proc_cpu_s(pid);
                    write_all(fd, sb.p, sb.len);
                    if (op == 2) {
                        read_pull(fd, &r, id, refresh_id, sizeof refresh_id);
                    } else {
                        if (op == 1) {
                            len = next_frame(fd, &r, &body);
                            if (!is_notification(body, len) || !has(body, len, "\"onTapGesture\""))
                                fail("tap on row-%d: wanted the event first, got: %.*s", j + 1, (int)(len > 400 ? 400 : len), body);
                        }
                        len = read_response(fd, &r, id, &body);
                        if (has(body, len, "\"error\"") || !has(body, len, op == 1 ? "\"handled\":true" : "\"result\""))
                            fail("instrumented %s: unexpected reply: %.*s", op == 0 ? "ping" : op == 1 ? "tap" : "completeRefresh",
                                 (int)(len > 400 ? 400 : len), body);
                    }
                    probe_srv[op] += proc_cpu_s(pid) - a;
                }
            }
            probes += probe;
        }
        check_deadline();
    }

    double ping_us = ping_s * 1e6 / (double)pings, tap_us = tap_s * 1e6 / (double)taps;
    double pull_us = pull_s * 1e6 / (double)refreshes, complete_us = complete_s * 1e6 / (double)refreshes;
    printf("mode=expo n=%llu rows=%d ping_us=%.3f tap_us=%.3f pull_us=%.3f complete_us=%.3f refresh_us=%.3f"
           " tap_over_ping=%.3f pull_over_ping=%.3f complete_over_ping=%.3f refresh_over_ping=%.3f"
           " tap_block_us=%.3f refresh_block_us=%.3f client_cpu_us_per_ping=%.3f client_cpu_us_per_tap=%.3f"
           " client_cpu_us_per_refresh=%.3f",
           (unsigned long long)taps, INTERACT_ROWS, ping_us, tap_us, pull_us, complete_us, pull_us + complete_us,
           tap_us / ping_us, pull_us / ping_us, complete_us / ping_us, (pull_us + complete_us) / ping_us,
           tap_block * 1e6 / (double)taps, refresh_block * 1e6 / (double)refreshes, ping_cli * 1e6 / (double)pings,
           tap_cli * 1e6 / (double)taps, refresh_cli * 1e6 / (double)refreshes);
    if (pid)
        printf(" server_cpu_us_per_ping=%.3f server_cpu_us_per_tap=%.3f server_cpu_us_per_refresh=%.3f probes=%llu"
               " probe_cpu_us_ping=%.3f probe_cpu_us_tap=%.3f probe_cpu_us_pull=%.3f probe_cpu_us_complete=%.3f cpu_src=%s",
               ping_srv * 1e6 / (double)pings, tap_srv * 1e6 / (double)taps, refresh_srv * 1e6 / (double)refreshes,
               (unsigned long long)probes, probe_srv[0] * 1e6 / (double)probes, probe_srv[1] * 1e6 / (double)probes,
               probe_srv[2] * 1e6 / (double)probes, probe_srv[3] * 1e6 / (double)probes, use_sched_cpu ? "sched" : "stat");
    printf(" tap_events=%llu refresh_events=%llu late_events=%llu last_refresh=%s notes=%llu\n",
           (unsigned long long)tap_events, (unsigned long long)refresh_events, (unsigned long long)late_events,
           refresh_id, (unsigned long long)notes_seen);
    free(r.buf);
    free(sb.p);
    free(tree.p);
}

/* ---- surface: big mount, parse floor, one-row update ----
 * Each repetition, on one connection:
 *   floor   {"jsonrpc":"2.0","id":I,"method":"bench.parseFloor","params":{"big":ROOT}}
 *           a method the daemon does not have, so it parses the whole frame,
 *           then refuses it with -32601: framing + full parse + an error
 *           reply. (Not a ping: the daemon checks a ping's params without
 *           building them, since ping takes none, so that is no parse floor.)
 *   mount   {"surface":"big-R","root":ROOT} on a fresh surface name
 *   update  {"surface":"big-R","root":ROOT'}, ROOT' = ROOT with the edit
 *           action of row ROWS/2 relabelled; counts must be created 0,
 *           updated 1, unchanged ROWS-1, removed 0
 *   unmount untimed
 * After each timed operation an untimed ping (settle): what the daemon does
 * once the reply is out is not the next operation's time.
 * Each timed operation is wall time from the first byte written to the last
 * byte of its response read, plus the server's and the client's CPU time
 * around it. One untimed repetition comes first (--warmup). */

typedef struct {
    double wall, srv, cli;
} op_t;

static op_t timed_request(int fd, reader_t *r, sbuf_t *frame, uint64_t id, long pid, char **body, size_t *len) {
    op_t o;
    double srv0 = pid ? proc_cpu_s(pid) : 0, c0 = self_cpu_s(), t0 = now_s();
    write_all(fd, frame->p, frame->len);
    *len = read_response(fd, r, id, body);
    double t1 = now_s(), c1 = self_cpu_s(), srv1 = pid ? proc_cpu_s(pid) : 0;
    o.wall = t1 - t0;
    o.cli = c1 - c0;
    o.srv = srv1 - srv0;
    return o;
}

/* A ping after a timed operation (settle): the daemon frees a large request's
 * params after its reply is written, and that work is neither the operation's
 * (whose client already has its answer) nor the next timed one's. Returns the
 * ping's own time, which carries that work (reported for the floor). */
static op_t settle(int fd, reader_t *r, uint64_t *id, long pid) {
    sbuf_t sb = {0};
    char *body;
    sb_request(&sb, ++*id, "ping", NULL, NULL, 0, NULL);
    size_t len;
    op_t o = timed_request(fd, r, &sb, *id, pid, &body, &len);
    need_result("ping", body, len, "\"result\"");
    free(sb.p);
    return o;
}

static int64_t count_of(const char *body, size_t n, const char *key) {
    const char *p = find(body, n, key);
    if (!p) return -1;
    p += strlen(key);
    int64_t v = 0;
    const char *d = p;
    while (p < body + n && *p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
    return p == d ? -1 : v;
}

static void print_list(const char *key, const op_t *ops, uint64_t n, int which) {
    printf(" %s=", key);
    for (uint64_t i = 0; i < n; i++) {
        double v = which == 0 ? ops[i].wall : which == 1 ? ops[i].srv : ops[i].cli;
        printf("%s%.3f", i ? "," : "", v * 1e3);
    }
}

static void surface_main(int fd, uint64_t rows, uint64_t reps, uint64_t warmups, long pid, const char *ops, const char *dump,
                         int expo) {
    int do_floor = strstr(ops, "floor") != NULL, do_mount = strstr(ops, "mount") != NULL;
    int do_update = strstr(ops, "update") != NULL;
    if (do_update) do_mount = 1;
    if (!do_floor && !do_mount) fail("--ops names none of floor, mount, update");
    if (expo && do_update) fail("--rows expo has no update (use --ops floor,mount)");
    reader_t r = { malloc(64 << 10), 64 << 10, 0, 0 };
    sbuf_t sb = { 0 }, root = { 0 }, root2 = { 0 };
    uint64_t id = 0;
    char *body;
    size_t len;
    if (!r.buf) fail("out of memory");
    rpc_initialize(fd, &r, &sb, &id, expo);

    if (expo) {
        append_expo_list(&root, rows, 0);
    } else {
        append_list(&root, rows, 1, 0);
        append_list(&root2, rows, 1, rows / 2 ? rows / 2 : 1);
    }
    if (dump) {
        sb.len = 0;
        sb_request(&sb, 1, "mount", "{\"surface\":\"big-1\",\"root\":", root.p, root.len, "}");
        FILE *f = fopen(dump, "w");
        if (!f || fwrite(sb.p + 4, 1, sb.len - 4, f) != sb.len - 4 || fclose(f) != 0) fail("cannot write %s", dump);
    }

    op_t *settle_ops = calloc(reps, sizeof *settle_ops);
    op_t *floor_ops = calloc(reps, sizeof *floor_ops), *mount_ops = calloc(reps, sizeof *mount_ops);
    op_t *update_ops = calloc(reps, sizeof *update_ops);
    if (!floor_ops || !mount_ops || !update_ops || !settle_ops) fail("out of memory");
    int counts_ok = 1;
    char counts[96] = "-";
    size_t mount_bytes = 0, floor_bytes = 0;

    for (uint64_t rep = 0; rep < warmups + reps; rep++) {   /* the first `warmups` are untimed */
        op_t o;
        int timed = rep >= warmups;
        uint64_t at = rep - warmups;
        char name[32];
        snprintf(name, sizeof name, "big-%llu", (unsigned long long)rep);
        if (do_floor) {
            sb.len = 0;
            sb_request(&sb, ++id, "bench.parseFloor", "{\"big\":", root.p, root.len, "}");
            floor_bytes = sb.len - 4;
            o = timed_request(fd, &r, &sb, id, pid, &body, &len);
            if (!has(body, len, "\"code\":-32601"))
                fail("parse floor: wanted a -32601 error, got: %.*s", (int)(len > 400 ? 400 : len), body);
            if (timed) floor_ops[at] = o;
            o = settle(fd, &r, &id, pid);
            if (timed) settle_ops[at] = o;
        }
        if (do_mount) {
            char pa[96];
            snprintf(pa, sizeof pa, "{\"surface\":\"%s\",\"root\":", name);
            sb.len = 0;
            sb_request(&sb, ++id, "mount", pa, root.p, root.len, "}");
            mount_bytes = sb.len - 4;
            o = timed_request(fd, &r, &sb, id, pid, &body, &len);
            need_result("mount", body, len, "\"result\"");
            if (timed) mount_ops[at] = o;
            (void)settle(fd, &r, &id, pid);
            if (do_update) {
                sb.len = 0;
                sb_request(&sb, ++id, "update", pa, root2.p, root2.len, "}");
                o = timed_request(fd, &r, &sb, id, pid, &body, &len);
                need_result("update", body, len, "\"result\"");
                int64_t cr = count_of(body, len, "\"created\":"), up = count_of(body, len, "\"updated\":");
                int64_t un = count_of(body, len, "\"unchanged\":"), rm = count_of(body, len, "\"removed\":");
                int ok = cr == 0 && up == 1 && un == (int64_t)rows - 1 && rm == 0;
                if (timed && (counts_ok || !ok))
                    snprintf(counts, sizeof counts, "%lld/%lld/%lld/%lld", (long long)cr, (long long)up, (long long)un,
                             (long long)rm);
                if (timed) { counts_ok &= ok; update_ops[at] = o; }
                (void)settle(fd, &r, &id, pid);
            }
            sb.len = 0;
            char up[64];
            snprintf(up, sizeof up, "{\"surface\":\"%s\"}", name);
            sb_request(&sb, ++id, "unmount", up, NULL, 0, NULL);
            write_all(fd, sb.p, sb.len);
            len = read_response(fd, &r, id, &body);
            need_result("unmount", body, len, "\"result\":{}");
        }
        check_deadline();
    }

    printf("mode=surface rows=%llu row_kind=%s reps=%llu root_bytes=%zu floor_bytes=%zu mount_bytes=%zu",
           (unsigned long long)rows, expo ? "expo" : "swipe", (unsigned long long)reps, root.len, floor_bytes, mount_bytes);
    if (do_floor) { print_list("floor_ms", floor_ops, reps, 0); if (pid) print_list("floor_srv_ms", floor_ops, reps, 1); print_list("floor_cli_ms", floor_ops, reps, 2); print_list("floor_settle_ms", settle_ops, reps, 0); }
    if (do_mount) { print_list("mount_ms", mount_ops, reps, 0); if (pid) print_list("mount_srv_ms", mount_ops, reps, 1); print_list("mount_cli_ms", mount_ops, reps, 2); }
    if (do_update) {
        print_list("update_ms", update_ops, reps, 0);
        if (pid) print_list("update_srv_ms", update_ops, reps, 1);
        print_list("update_cli_ms", update_ops, reps, 2);
        printf(" counts=%s counts_ok=%d", counts, counts_ok);
    }
    if (pid) printf(" cpu_src=%s", use_sched_cpu ? "sched" : "stat");
    printf(" notes=%llu\n", (unsigned long long)notes_seen);
    free(floor_ops); free(mount_ops); free(update_ops); free(settle_ops);
    free(r.buf); free(sb.p); free(root.p); free(root2.p);
}

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s SOCKET rtt N [--pid PID] [--echo B]\n"
            "       %s SOCKET pipe N DEPTH [--pid PID] [--echo B]\n"
            "       %s SOCKET mix N DEPTH [--pid PID] [--every K]\n"
            "       %s SOCKET interact N [--pid PID]\n"
            "       %s SOCKET expo N [--pid PID]\n"
            "       %s SOCKET surface ROWS REPS [--pid PID] [--ops floor,mount,update] [--rows swipe|expo] [--warmup W]\n"
            "           [--dump FILE]\n",
            argv0, argv0, argv0, argv0, argv0, argv0);
    exit(2);
}

/* The surface modes: interact N | expo N | surface ROWS REPS, then options. */
static int surface_modes_main(int argc, char **argv) {
    const char *path = argv[1];
    int is_expo = strcmp(argv[2], "expo") == 0;
    int is_interact = is_expo || strcmp(argv[2], "interact") == 0;
    int nfixed = is_interact ? 4 : 5;
    if (argc < nfixed) usage(argv[0]);
    uint64_t n = parse_count(argv[3], is_interact ? "N" : "ROWS");
    uint64_t reps = is_interact ? 0 : parse_count(argv[4], "REPS");
    long pid = 0;
    const char *ops = NULL, *dump = NULL;
    int expo_rows = 0;
    uint64_t warmups = 1;
    for (int i = nfixed; i < argc; i++) {
        if (i + 1 >= argc) usage(argv[0]);
        if (strcmp(argv[i], "--pid") == 0) pid = (long)parse_count(argv[++i], "PID");
        else if (!is_interact && strcmp(argv[i], "--ops") == 0) ops = argv[++i];
        else if (!is_interact && strcmp(argv[i], "--dump") == 0) dump = argv[++i];
        else if (!is_interact && strcmp(argv[i], "--rows") == 0) {
            const char *kind = argv[++i];
            if (strcmp(kind, "expo") == 0) expo_rows = 1;
            else if (strcmp(kind, "swipe") != 0) usage(argv[0]);
        } else if (!is_interact && strcmp(argv[i], "--warmup") == 0) {
            warmups = strcmp(argv[++i], "0") == 0 ? 0 : parse_count(argv[i], "W");
        } else usage(argv[0]);
    }
    if (!ops) ops = expo_rows ? "floor,mount" : "floor,mount,update";
    if (pid) {
        use_sched_cpu = proc_sched_cpu_s(pid) >= 0;
        if (proc_cpu_s(pid) < 0) fail("cannot read the CPU time of process %ld from /proc", pid);
    }
    run_deadline = now_s() + env_int("BENCH_RUN_TIMEOUT", 120);
    int fd = connect_unix(path, env_int("BENCH_IO_TIMEOUT", 10));
    if (is_expo) expo_main(fd, n, pid);
    else if (is_interact) interact_main(fd, n, pid);
    else surface_main(fd, n, reps, warmups, pid, ops, dump, expo_rows);
    if (pid && proc_cpu_s(pid) < 0) fail("server process %ld went away", pid);
    close(fd);
    return 0;
}

#define MIX_ROWS 4   /* rows of the surface the mix mode updates */

/* mix mode's setup on fd: initialize, mount "bench-mix" (MIX_ROWS rows with
 * swipeActions), and the two update params texts. Uses ids 1 and 2; the
 * requests after it start at 3. */
static void mix_setup(int fd) {
    reader_t r = { malloc(64 << 10), 64 << 10, 0, 0 };
    sbuf_t sb = { 0 }, tree = { 0 };
    uint64_t id = 0;
    char *body;
    if (!r.buf) fail("out of memory");
    rpc_initialize(fd, &r, &sb, &id, 0);
    append_list(&tree, MIX_ROWS, 0, 0);
    sb.len = 0;
    sb_request(&sb, ++id, "mount", "{\"surface\":\"bench-mix\",\"root\":", tree.p, tree.len, "}");
    write_all(fd, sb.p, sb.len);
    size_t len = read_response(fd, &r, id, &body);
    need_result("mount", body, len, "\"surface\":\"bench-mix\"");
    if (r.end != r.start) fail("unexpected bytes after the mount's reply");
    for (int which = 0; which < 2; which++) {
        sbuf_t params = { 0 };
        sb_puts(&params, "{\"surface\":\"bench-mix\",\"root\":");
        append_list(&params, MIX_ROWS, 0, which ? 1 : 0);
        sb_puts(&params, "}");
        mix_update[which] = params.p;
        mix_update_len[which] = params.len;
        if (params.len + MAX_REQ > req_cap) req_cap = params.len + MAX_REQ;
    }
    free(r.buf);
    free(sb.p);
    free(tree.p);
}

/* --echo: initialize first (the daemon answers callFunction only after it). c-echo
 * returns the request, which passes the check too. */
static void echo_setup(int fd) {
    reader_t r = { malloc(1 << 20), 1 << 20, 0, 0 };
    sbuf_t sb = { 0 };
    uint64_t id = 0;
    char *body;
    if (!r.buf) fail("out of memory");
    sb_request(&sb, ++id, "initialize", "{\"protocolVersion\":1,\"client\":{\"name\":\"bench-client\"}}", NULL, 0, NULL);
    write_all(fd, sb.p, sb.len);
    size_t n = read_response(fd, &r, id, &body);
    need_result("initialize", body, n, "\"protocolVersion\":1");
    if (r.end != r.start) fail("unexpected bytes after the initialize reply");
    free(r.buf);
    free(sb.p);
}

int main(int argc, char **argv) {
    if (argc < 4) usage(argv[0]);
    const char *path = argv[1];
    const char *mode = argv[2];
    if (strcmp(mode, "interact") == 0 || strcmp(mode, "expo") == 0 || strcmp(mode, "surface") == 0)
        return surface_modes_main(argc, argv);
    int is_mix = strcmp(mode, "mix") == 0;
    int is_pipe = is_mix || strcmp(mode, "pipe") == 0;
    if (!is_pipe && strcmp(mode, "rtt") != 0) usage(argv[0]);
    int nfixed = is_pipe ? 5 : 4;
    if (argc < nfixed) usage(argv[0]);
    uint64_t n = parse_count(argv[3], "N");
    uint64_t depth = is_pipe ? parse_count(argv[4], "DEPTH") : 1;
    if (depth > 100000) fail("DEPTH over 100000");
    long pid = 0;
    for (int i = nfixed; i < argc; i++) {
        if (i + 1 >= argc) usage(argv[0]);
        if (strcmp(argv[i], "--pid") == 0) {
            pid = (long)parse_count(argv[++i], "PID");
            use_sched_cpu = proc_sched_cpu_s(pid) >= 0;
            if (proc_cpu_s(pid) < 0) fail("cannot read the CPU time of process %ld from /proc", pid);
        } else if (strcmp(argv[i], "--echo") == 0) {
            echo_len = (size_t)parse_count(argv[++i], "B");
            if (echo_len > 65536) fail("--echo over 65536");
        } else if (is_mix && strcmp(argv[i], "--every") == 0) {
            mix_every = parse_count(argv[++i], "K");
        } else usage(argv[0]);
    }
    if (is_mix && !mix_every) mix_every = 2;
    if (echo_len) {
        static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
        static const char open[] = ",\"method\":\"callFunction\",\"params\":{\"module\":\"Greeting\",\"function\":\"echo\",\"args\":[\"";
        static const char close[] = "\"]}}";
        /* Sized for a six-digit id, the ids of a long run. */
        size_t fixed = (sizeof head - 1) + 6 + (sizeof open - 1) + (sizeof close - 1);
        if (echo_len < fixed + 1) fail("--echo %zu: a callFunction request takes at least %zu bytes", echo_len, fixed + 1);
        echo_string = echo_len - fixed;
        echo_text = malloc(sizeof open + echo_string + sizeof close);
        if (!echo_text) fail("out of memory");
        memcpy(echo_text, open, sizeof open - 1);
        memset(echo_text + sizeof open - 1, 'x', echo_string);
        strcpy(echo_text + sizeof open - 1 + echo_string, close);
        req_cap = MAX_REQ + echo_len;
    }

    run_deadline = now_s() + env_int("BENCH_RUN_TIMEOUT", 120);
    int fd = connect_unix(path, env_int("BENCH_IO_TIMEOUT", 10));
    uint64_t first = 1;
    if (is_mix) { mix_setup(fd); first = 3; }
    else if (echo_len) { echo_setup(fd); first = 2; }
    char *body = malloc(MAX_REPLY);
    char *wbuf = malloc((size_t)depth * req_cap);
    rbuf_t rb = { malloc(256 << 10), 256 << 10, 0 };
    if (!body || !wbuf || !rb.buf) fail("out of memory");

    /* Untimed warm-up: a twentieth of the run, at most 2000 requests. */
    uint64_t warm = n / 20;
    if (warm > 2000) warm = 2000;
    if (warm < 1) warm = 1;
    if (is_pipe) pipe_loop(fd, first, warm, depth, &rb, wbuf);
    else rtt_loop(fd, first, warm, body);

    double srv0 = pid ? proc_cpu_s(pid) : 0;
    double cpu0 = self_cpu_s();
    double t0 = now_s();
    if (is_pipe) pipe_loop(fd, first + warm, n, depth, &rb, wbuf);
    else rtt_loop(fd, first + warm, n, body);
    double t1 = now_s();
    double cpu1 = self_cpu_s();
    double srv1 = pid ? proc_cpu_s(pid) : 0;
    close(fd);

    double secs = t1 - t0;
    if (is_pipe)
        printf("mode=%s n=%llu depth=%llu secs=%.4f req_per_s=%.0f", mode, (unsigned long long)n,
               (unsigned long long)depth, secs, (double)n / secs);
    else
        printf("mode=rtt n=%llu secs=%.4f us_per_rt=%.3f", (unsigned long long)n, secs, secs * 1e6 / (double)n);
    if (echo_len) printf(" echo=%zu", echo_len);
    if (is_mix) printf(" every=%llu", (unsigned long long)mix_every);
    printf(" client_cpu_us_per_req=%.3f", (cpu1 - cpu0) * 1e6 / (double)n);
    if (pid) {
        if (srv1 < 0) fail("server process %ld went away", pid);
        printf(" server_cpu_us_per_req=%.3f cpu_src=%s", (srv1 - srv0) * 1e6 / (double)n,
               use_sched_cpu ? "sched" : "stat");
    }
    printf("\n");
    free(body);
    free(wbuf);
    free(rb.buf);
    return 0;
}
