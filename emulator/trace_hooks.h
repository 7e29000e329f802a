/*
 * Emulator-private entry points of the profiling recorder (trace.c, prof*.c), beyond the
 * AscendCL API. Self-contained (only <stddef.h>/<stdint.h>) so that the binding's native glue
 * can include it: the Python side reads the records at aclprofStop to write the output files,
 * and adds the records only it can see (ONNX nodes, host API calls).
 *
 * Times are CLOCK_MONOTONIC nanoseconds (Python's time.monotonic_ns on Linux).
 */
#ifndef ACLEMU_TRACE_HOOKS_H
#define ACLEMU_TRACE_HOOKS_H

#include <stddef.h>
#include <stdint.h>

#define ACLEMU_TRACE_NAME_LEN 128
#define ACLEMU_TRACE_CAT_LEN 24
#define ACLEMU_TRACE_ARGS_LEN 200

/* Record kinds. */
#define ACLEMU_TRACE_TASK 0  /* a stream task, on its stream's worker */
#define ACLEMU_TRACE_API 1   /* a host-side API call */
#define ACLEMU_TRACE_NODE 2  /* a part of a task (an ONNX node of a model execution) */
#define ACLEMU_TRACE_MARK 3  /* an instant (aclprofMark, aclprofMarkEx, step timestamps) */
#define ACLEMU_TRACE_RANGE 4 /* a host range (aclprofPush/Pop, RangeStart/Stop, RangePushEx/Pop) */

typedef struct aclemu_trace_record {
    uint64_t start_ns;
    uint64_t end_ns;
    uint64_t submit_ns; /* tasks: when the host queued it (0 when unknown) */
    uint64_t flow;      /* event tasks: the event id + 1 (0: none) */
    int32_t device;     /* -1: host */
    int32_t stream;     /* stream id; -1: host thread */
    uint32_t tid;       /* OS thread that ran it */
    uint32_t submit_tid;
    int32_t kind;       /* ACLEMU_TRACE_* */
    int32_t status;     /* aclError of a task */
    char name[ACLEMU_TRACE_NAME_LEN];
    char cat[ACLEMU_TRACE_CAT_LEN];
    char args[ACLEMU_TRACE_ARGS_LEN]; /* "key=value;key=value" */
} aclemu_trace_record;

/* Data-type bits of the running collections; bit 63 is set while any runs (0: none). */
uint64_t aclemuProfActiveTypes(void);
/* Directory given to aclprofInit ("" before), copied into out (NUL-terminated). */
int32_t aclemuProfResultPath(char *out, size_t len);
/* Move up to max records, oldest first, out of the recorder; returns how many were moved.
 * *dropped (if not NULL) receives how many were lost to the capacity limit since the last take. */
size_t aclemuTraceTake(aclemu_trace_record *out, size_t max, uint64_t *dropped);
/* Add a record made outside the emulator (host API calls). 0, or -1 when not collecting. */
int32_t aclemuTraceAdd(const aclemu_trace_record *record);
/* On a model execution's thread: 1 when its nodes are wanted (collection or subscription). */
int32_t aclemuTraceNodesWanted(void);
/* A node of the model execution running on the calling thread. */
void aclemuTraceNode(const char *name, const char *op_type, uint64_t start_ns, uint64_t end_ns);
/* Id -> string table of aclprofStr2Id; the string of `id` into out, 0 when known, -1 otherwise. */
int32_t aclemuProfIdString(uint64_t id, char *out, size_t len);

#endif /* ACLEMU_TRACE_HOOKS_H */
