#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "CModhostSystem.h"

typedef struct {
    char name[64];
    char folder[512];
    char identity[256];
    char types[256];
} page_plugin;

typedef struct {
    _Atomic uint32_t ready;
    // Odd while the engine writes the call fields.
    _Atomic uint32_t sequence;
    int32_t in_call;
    int32_t plugin;
    uint32_t kind;
    int64_t started_ns;
    char detail[96];
    char request[192];
    page_plugin plugins[MODHOST_PAGE_PLUGINS];
} engine_page;

int modhost_die_with_parent(int signal) { return prctl(PR_SET_PDEATHSIG, signal); }

int modhost_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1); }

struct orphan_watch {
    pid_t parent;
    unsigned grace_ms;
};

static void *watch_parent(void *arg) {
    struct orphan_watch watch = *(struct orphan_watch *)arg;
    free(arg);
    while (getppid() == watch.parent) usleep(50 * 1000);
    usleep(watch.grace_ms * 1000);
    kill(getpid(), SIGKILL);
    return NULL;
}

int modhost_kill_self_after_parent(int parent, unsigned grace_ms) {
    struct orphan_watch *watch = malloc(sizeof *watch);
    if (!watch) return -1;
    watch->parent = parent;
    watch->grace_ms = grace_ms;
    pthread_t thread;
    if (pthread_create(&thread, NULL, watch_parent, watch) != 0) {
        free(watch);
        return -1;
    }
    pthread_detach(thread);
    return 0;
}

int modhost_page_create(void) {
    int fd = memfd_create("modhost-engine-page", 0);
    if (fd < 0) return -1;
    if (ftruncate(fd, sizeof(engine_page)) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

void *modhost_page_map(int fd) {
    void *page = mmap(NULL, sizeof(engine_page), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return page == MAP_FAILED ? NULL : page;
}

static void copy_text(char *to, size_t size, const char *from) {
    if (!from) from = "";
    size_t length = strnlen(from, size - 1);
    memcpy(to, from, length);
    to[length] = 0;
}

static void begin_write(engine_page *page) {
    atomic_fetch_add_explicit(&page->sequence, 1, memory_order_acq_rel);
}

static void end_write(engine_page *page) {
    atomic_fetch_add_explicit(&page->sequence, 1, memory_order_release);
}

void modhost_page_set_plugin(void *raw, int32_t index, const char *name, const char *folder, const char *identity, const char *types) {
    engine_page *page = raw;
    if (index < 0 || index >= MODHOST_PAGE_PLUGINS) return;
    begin_write(page);
    copy_text(page->plugins[index].name, sizeof page->plugins[index].name, name);
    copy_text(page->plugins[index].folder, sizeof page->plugins[index].folder, folder);
    copy_text(page->plugins[index].identity, sizeof page->plugins[index].identity, identity);
    copy_text(page->plugins[index].types, sizeof page->plugins[index].types, types);
    end_write(page);
}

void modhost_page_enter(void *raw, int32_t index, uint32_t kind, const char *detail, const char *request, int64_t started_ns) {
    engine_page *page = raw;
    begin_write(page);
    page->in_call = 1;
    page->plugin = index;
    page->kind = kind;
    page->started_ns = started_ns;
    copy_text(page->detail, sizeof page->detail, detail);
    copy_text(page->request, sizeof page->request, request);
    end_write(page);
}

void modhost_page_leave(void *raw) {
    engine_page *page = raw;
    begin_write(page);
    page->in_call = 0;
    end_write(page);
}

void modhost_page_set_ready(void *raw, int32_t ready) {
    atomic_store_explicit(&((engine_page *)raw)->ready, (uint32_t)ready, memory_order_release);
}

int32_t modhost_page_ready(const void *raw) {
    return (int32_t)atomic_load_explicit(&((engine_page *)raw)->ready, memory_order_acquire);
}

void modhost_page_read(const void *raw, modhost_call_snapshot *out) {
    engine_page *page = (engine_page *)raw;
    // An engine that died mid-write leaves the sequence odd: after a bounded wait the fields
    // are taken as they are (each is bounded text, so a torn copy is still safe to print).
    for (int attempt = 0; attempt < 10000; attempt++) {
        uint32_t before = atomic_load_explicit(&page->sequence, memory_order_acquire);
        if (before & 1) continue;
        memset(out, 0, sizeof *out);
        out->in_call = page->in_call;
        out->kind = page->kind;
        out->started_ns = page->started_ns;
        int32_t index = page->plugin;
        if (index >= 0 && index < MODHOST_PAGE_PLUGINS) {
            memcpy(out->plugin, page->plugins[index].name, sizeof out->plugin);
            memcpy(out->folder, page->plugins[index].folder, sizeof out->folder);
            memcpy(out->identity, page->plugins[index].identity, sizeof out->identity);
            memcpy(out->types, page->plugins[index].types, sizeof out->types);
        }
        memcpy(out->detail, page->detail, sizeof out->detail);
        memcpy(out->request, page->request, sizeof out->request);
        atomic_thread_fence(memory_order_acquire);
        if (atomic_load_explicit(&page->sequence, memory_order_relaxed) == before) break;
    }
    out->plugin[sizeof out->plugin - 1] = 0;
    out->folder[sizeof out->folder - 1] = 0;
    out->identity[sizeof out->identity - 1] = 0;
    out->types[sizeof out->types - 1] = 0;
    out->detail[sizeof out->detail - 1] = 0;
    out->request[sizeof out->request - 1] = 0;
}

void modhost_page_reset(void *raw) {
    memset(raw, 0, sizeof(engine_page));
}

int32_t modhost_page_read_plugin(const void *raw, int32_t index, modhost_call_snapshot *out) {
    const engine_page *page = raw;
    memset(out, 0, sizeof *out);
    if (index < 0 || index >= MODHOST_PAGE_PLUGINS) return 0;
    // Not under the sequence: slots change only as plugins load, and each field is bounded.
    memcpy(out->plugin, page->plugins[index].name, sizeof out->plugin);
    memcpy(out->folder, page->plugins[index].folder, sizeof out->folder);
    memcpy(out->identity, page->plugins[index].identity, sizeof out->identity);
    memcpy(out->types, page->plugins[index].types, sizeof out->types);
    out->plugin[sizeof out->plugin - 1] = 0;
    out->folder[sizeof out->folder - 1] = 0;
    out->identity[sizeof out->identity - 1] = 0;
    out->types[sizeof out->types - 1] = 0;
    return out->folder[0] != 0;
}

int modhost_traced_thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int traced = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[64], line[128];
        snprintf(path, sizeof path, "/proc/self/task/%s/status", entry->d_name);
        FILE *file = fopen(path, "re");
        // A thread that ended since the listing holds nothing.
        if (!file) continue;
        while (fgets(line, sizeof line, file)) {
            if (strncmp(line, "TracerPid:", 10) == 0) {
                if (atoi(line + 10) != 0) traced++;
                break;
            }
        }
        fclose(file);
    }
    closedir(tasks);
    return traced;
}
