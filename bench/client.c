/*
 * client.c - load client for Modhost's framing (4-byte big-endian length,
 * then that many bytes of UTF-8 JSON) over a Unix domain stream socket.
 *
 *   client SOCKET rtt N [--pid PID]
 *       N ping round trips, one request outstanding at a time.
 *   client SOCKET pipe N DEPTH [--pid PID]
 *       N pings in total with up to DEPTH in flight: requests go out in
 *       batches, replies are read as they come; every reply must come back,
 *       in order.
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
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
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

/* Writes one framed ping request with this id at out; returns its size. */
static size_t build_request(char *out, uint64_t id) {
    static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
    static const char tail[] = ",\"method\":\"ping\"}";
    char digits[24];
    int nd = 0;
    do { digits[nd++] = (char)('0' + id % 10); id /= 10; } while (id);
    char *p = out + 4;
    memcpy(p, head, sizeof head - 1); p += sizeof head - 1;
    while (nd) *p++ = digits[--nd];
    memcpy(p, tail, sizeof tail - 1); p += sizeof tail - 1;
    uint32_t len = (uint32_t)(p - out - 4);
    out[0] = (char)(len >> 24); out[1] = (char)(len >> 16); out[2] = (char)(len >> 8); out[3] = (char)len;
    return (size_t)(p - out);
}

static const char *find(const char *hay, size_t n, const char *needle) {
    return memmem(hay, n, needle, strlen(needle));
}

/* Minimal reply check: has "id": <want> (a whole number) and no "error" member. */
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
    if (find(body, n, "\"error\""))
        fail("error reply to id %llu: %.*s", (unsigned long long)want, (int)(n > 300 ? 300 : n), body);
}

static void check_deadline(void) {
    if (now_s() > run_deadline) fail("run timed out");
}

/* ---- rtt: one request outstanding ---- */

static void rtt_loop(int fd, uint64_t first_id, uint64_t count, char *body) {
    char req[MAX_REQ], hdr[4];
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

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s SOCKET rtt N [--pid PID]\n"
            "       %s SOCKET pipe N DEPTH [--pid PID]\n",
            argv0, argv0);
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 4) usage(argv[0]);
    const char *path = argv[1];
    const char *mode = argv[2];
    int is_pipe = strcmp(mode, "pipe") == 0;
    if (!is_pipe && strcmp(mode, "rtt") != 0) usage(argv[0]);
    int nfixed = is_pipe ? 5 : 4;
    if (argc != nfixed && argc != nfixed + 2) usage(argv[0]);
    uint64_t n = parse_count(argv[3], "N");
    uint64_t depth = is_pipe ? parse_count(argv[4], "DEPTH") : 1;
    if (depth > 100000) fail("DEPTH over 100000");
    long pid = 0;
    if (argc == nfixed + 2) {
        if (strcmp(argv[nfixed], "--pid") != 0) usage(argv[0]);
        pid = (long)parse_count(argv[nfixed + 1], "PID");
        use_sched_cpu = proc_sched_cpu_s(pid) >= 0;
        if (proc_cpu_s(pid) < 0) fail("cannot read the CPU time of process %ld from /proc", pid);
    }

    run_deadline = now_s() + env_int("BENCH_RUN_TIMEOUT", 120);
    int fd = connect_unix(path, env_int("BENCH_IO_TIMEOUT", 10));
    char *body = malloc(MAX_REPLY);
    char *wbuf = malloc((size_t)depth * MAX_REQ);
    rbuf_t rb = { malloc(256 << 10), 256 << 10, 0 };
    if (!body || !wbuf || !rb.buf) fail("out of memory");

    /* Untimed warm-up: a twentieth of the run, at most 2000 requests. */
    uint64_t warm = n / 20;
    if (warm > 2000) warm = 2000;
    if (warm < 1) warm = 1;
    if (is_pipe) pipe_loop(fd, 1, warm, depth, &rb, wbuf);
    else rtt_loop(fd, 1, warm, body);

    double srv0 = pid ? proc_cpu_s(pid) : 0;
    double cpu0 = self_cpu_s();
    double t0 = now_s();
    if (is_pipe) pipe_loop(fd, warm + 1, n, depth, &rb, wbuf);
    else rtt_loop(fd, warm + 1, n, body);
    double t1 = now_s();
    double cpu1 = self_cpu_s();
    double srv1 = pid ? proc_cpu_s(pid) : 0;
    close(fd);

    double secs = t1 - t0;
    if (is_pipe)
        printf("mode=pipe n=%llu depth=%llu secs=%.4f req_per_s=%.0f", (unsigned long long)n,
               (unsigned long long)depth, secs, (double)n / secs);
    else
        printf("mode=rtt n=%llu secs=%.4f us_per_rt=%.3f", (unsigned long long)n, secs, secs * 1e6 / (double)n);
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
