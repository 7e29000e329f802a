/*
 * The profiling recorder: a lock-protected in-memory list of records (stream tasks, host API
 * calls, model nodes, marks, ranges) that the binding takes at aclprofStop to write its files.
 *
 * The core calls aclemu_trace_task_begin/end around a task only when aclemu_trace_on() says a
 * collection with task times runs, so a program that does not profile pays one load per task.
 * A running task describes itself (aclemu_trace_detail) into its worker's thread-local record.
 */
#define _GNU_SOURCE /* syscall, realpath */
#include "prof_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int aclemu_trace_flag;

enum { DEFAULT_CAPACITY = 1000000 };

static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemu_trace_record *records; /* under trace_lock */
static size_t record_count, record_capacity;
static uint64_t records_dropped;

typedef struct open_task {
    bool open;
    aclemu_trace_record rec;
} open_task;

static _Thread_local open_task current;

uint32_t prof_thread_id(void)
{
    static _Thread_local uint32_t tid; /* a syscall per record would dominate a small task */
    if (tid == 0) {
        tid = (uint32_t)syscall(SYS_gettid);
    }
    return tid;
}

static size_t capacity_limit(void)
{
    long long limit = aclemu_env_ll("ACL_EMU_PROF_MAX_RECORDS", DEFAULT_CAPACITY);
    return limit > 0 ? (size_t)limit : DEFAULT_CAPACITY;
}

static void copy_text(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src != NULL ? src : "");
}

void trace_append(const aclemu_trace_record *record)
{
    pthread_mutex_lock(&trace_lock);
    if (record_count == record_capacity) {
        size_t limit = capacity_limit();
        size_t grown = record_capacity == 0 ? 1024 : record_capacity * 2;
        if (grown > limit) {
            grown = limit;
        }
        aclemu_trace_record *bigger = NULL;
        if (grown > record_capacity) {
            bigger = realloc(records, grown * sizeof *records);
        }
        if (bigger == NULL) {
            records_dropped++;
            pthread_mutex_unlock(&trace_lock);
            return;
        }
        records = bigger;
        record_capacity = grown;
    }
    records[record_count++] = *record;
    pthread_mutex_unlock(&trace_lock);
}

void trace_clear(void)
{
    pthread_mutex_lock(&trace_lock);
    free(records);
    records = NULL;
    record_count = record_capacity = 0;
    records_dropped = 0;
    pthread_mutex_unlock(&trace_lock);
}

void trace_host_record(aclemu_trace_record *r, int kind, const char *name, const char *cat)
{
    memset(r, 0, sizeof *r);
    r->device = -1;
    r->stream = -1;
    r->tid = prof_thread_id();
    r->kind = kind;
    copy_text(r->name, sizeof r->name, name);
    copy_text(r->cat, sizeof r->cat, cat);
}

uint64_t aclemu_trace_task_begin(int32_t device, int32_t stream)
{
    aclemu_trace_record *r = &current.rec;
    memset(r, 0, sizeof *r);
    r->device = device;
    r->stream = stream;
    r->kind = ACLEMU_TRACE_TASK;
    current.open = prof_device_collected(device);
    r->start_ns = aclemu_now_ns();
    return r->start_ns;
}

void aclemu_trace_task_end(uint64_t start_ns, const char *fn, uint64_t submit_ns, uint32_t submit_tid,
                           aclError status)
{
    if (!current.open) {
        return;
    }
    current.open = false;
    aclemu_trace_record *r = &current.rec;
    r->end_ns = aclemu_now_ns();
    r->start_ns = start_ns;
    r->submit_ns = submit_ns;
    r->submit_tid = submit_tid;
    r->tid = prof_thread_id();
    r->status = status;
    if (r->name[0] == '\0') {
        copy_text(r->name, sizeof r->name, fn);
    }
    if (r->cat[0] == '\0') {
        copy_text(r->cat, sizeof r->cat, "task");
    }
    trace_append(r);
}

void aclemu_trace_detail(const char *name, const char *cat, const char *fmt, ...)
{
    if (!current.open) {
        return;
    }
    if (name != NULL) {
        copy_text(current.rec.name, sizeof current.rec.name, name);
    }
    if (cat != NULL) {
        copy_text(current.rec.cat, sizeof current.rec.cat, cat);
    }
    if (fmt != NULL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(current.rec.args, sizeof current.rec.args, fmt, ap);
        va_end(ap);
    }
}

static const char *where(const void *p)
{
    aclemu_alloc alloc;
    if (aclemu_mem_find(p, &alloc) && alloc.where == ACLEMU_MEM_DEVICE) {
        return "D";
    }
    return "H";
}

void aclemu_trace_copy(const void *dst, const void *src, size_t bytes)
{
    if (!current.open) {
        return;
    }
    if (src == NULL) {
        aclemu_trace_detail(NULL, "memset", "bytes=%zu;dst=%s", bytes, where(dst));
        return;
    }
    const char *s = where(src);
    const char *d = where(dst);
    aclemu_trace_detail(NULL, "memcpy", "kind=%s2%s;bytes=%zu", s, d, bytes);
}

void aclemu_trace_event(uint32_t id, bool wait)
{
    if (!current.open) {
        return;
    }
    current.rec.flow = (uint64_t)id + 1;
    aclemu_trace_detail(NULL, wait ? "event_wait" : "event_record", "event=%u", id);
}

/* ---------------------------------------------------- binding entry points */

size_t aclemuTraceTake(aclemu_trace_record *out, size_t max, uint64_t *dropped)
{
    pthread_mutex_lock(&trace_lock);
    size_t n = record_count < max ? record_count : max;
    if (out != NULL && n > 0) {
        memcpy(out, records, n * sizeof *records);
        memmove(records, records + n, (record_count - n) * sizeof *records);
        record_count -= n;
    } else {
        n = 0;
    }
    if (dropped != NULL) {
        *dropped = records_dropped;
        records_dropped = 0;
    }
    pthread_mutex_unlock(&trace_lock);
    return n;
}

int32_t aclemuTraceAdd(const aclemu_trace_record *record)
{
    if (record == NULL || prof_active_types() == 0 || !prof_device_collected(record->device)) {
        return -1;
    }
    aclemu_trace_record copy = *record;
    copy.name[sizeof copy.name - 1] = '\0';
    copy.cat[sizeof copy.cat - 1] = '\0';
    copy.args[sizeof copy.args - 1] = '\0';
    trace_append(&copy);
    return 0;
}

bool trace_current(int32_t *device, int32_t *stream)
{
    if (!current.open) {
        return false;
    }
    *device = current.rec.device;
    *stream = current.rec.stream;
    return true;
}
