/* Model run instances (mdl_ri*.c) and the label/stream-control tasks that only exist inside them
 * (rt_labels.c). */
#ifndef ACLEMU_MDL_RI_INTERNAL_H
#define ACLEMU_MDL_RI_INTERNAL_H

#include "emu.h"

#include <pthread.h>

enum {
    RI_KIND_MODEL = ACLEMU_KIND_AREA_FREE + 230,
    RI_KIND_TASK = ACLEMU_KIND_AREA_FREE + 231,
    RI_KIND_COND = ACLEMU_KIND_AREA_FREE + 232,
    RI_KIND_LABEL = ACLEMU_KIND_AREA_FREE + 233,
    RI_KIND_LABEL_LIST = ACLEMU_KIND_AREA_FREE + 234,
    RI_KIND_GROUP = ACLEMU_KIND_AREA_FREE + 235
};

typedef enum ri_step_kind {
    RI_STEP_TASK = 0,   /* a recorded stream task */
    RI_STEP_COND,       /* aclmdlRIAddCondTask */
    RI_STEP_END,        /* aclmdlRIEndTask */
    RI_STEP_LABEL_SET,  /* aclrtSetLabel: a jump target */
    RI_STEP_LABEL_SWITCH, /* aclrtSwitchLabelByIndex */
    RI_STEP_ACTIVATE,     /* aclrtActiveStream: start another stream's list */
    RI_STEP_SWITCH_STREAM /* aclrtSwitchStream: start one of two lists by a comparison */
} ri_step_kind;

/* Labels are plain registered objects; steps refer to them by id, so a label may be destroyed
 * once the instance is built (the runtime frees label memory at the same point). */
typedef struct ri_label {
    uint32_t id;
} ri_label;

typedef struct ri_label_list {
    size_t count;
    ri_label **labels;
} ri_label_list;

/* What rt_labels.c appends to a recording stream. */
typedef struct ri_step_desc {
    ri_step_kind kind;
    uint32_t label_id;        /* LABEL_SET */
    const uint32_t *index;    /* LABEL_SWITCH: read when the step runs */
    uint32_t max_value;       /* LABEL_SWITCH */
    const uint32_t *target_ids; /* LABEL_SWITCH: label ids, copied */
    size_t target_count;
    aclrtStream targets[2];     /* ACTIVATE: [0]; SWITCH_STREAM: when true, when false (may be NULL) */
    const void *left, *right;   /* SWITCH_STREAM: read when the step runs */
    int cond, dtype;            /* SWITCH_STREAM: aclrtCondition, aclrtCompareDataType */
    struct ri_cond *cond_value; /* COND */
    int cond_type;              /* COND: aclmdlRICondTaskType */
    uint32_t branch_count;      /* COND */
    struct ri_model **branches; /* COND: the step takes this array and its references on success */
} ri_step_desc;

typedef struct ri_model ri_model;
typedef struct ri_group ri_group;
typedef struct ri_cond ri_cond;


/* One recorded step of a stream's list; the aclmdlRITask handle users see. */
typedef struct ri_task {
    ri_model *ri;
    ri_step_kind kind;
    aclmdlRITaskType type;
    uint32_t seq;
    uint32_t task_id; /* RI_STEP_TASK: its id on its stream (aclrtGetThreadLastTaskId), from 1 */
    const void *update_src; /* aclrtTaskUpdateAsync: the device address its updates come from */
    bool disabled;
    aclemu_task_fn run;
    void *arg;
    aclemu_task_free_fn free_arg;
    char api[48]; /* the API that submitted it */
    ri_group *group;
    /* RI_STEP_COND */
    ri_cond *cond_value;
    aclmdlRICondTaskType cond_type;
    uint32_t branch_count;
    ri_model **branches;
    /* labels */
    uint32_t label_id;
    const uint32_t *index;
    uint32_t max_value;
    uint32_t *target_ids;
    size_t target_count;
    /* stream activation */
    aclrtStream targets[2];
    const void *left, *right;
    int cond, dtype;
    /* aclrtCacheLastTaskOpInfo / aclrtCacheLastTaskExtendInfo (mdl_ri_op_info.c): owned copies */
    unsigned char *op_info;
    size_t op_info_size;
    char *extend_info; /* NUL-terminated */
    /* aclmdlRITaskSetParams: the parameters the task was rebuilt from (under ri->lock) */
    bool has_params;
    aclmdlRITaskParams params;
} ri_task;

/* A stream that records (or recorded) into an instance; also the capture hook's owner. */
typedef struct ri_stream {
    int tag; /* RI_OWNER_STREAM */
    ri_model *ri;
    aclrtStream handle;
    int32_t stream_id;
    ri_task **tasks;
    size_t count, capacity;
    bool ended;    /* aclmdlRIEndTask */
    bool attached; /* the capture hook is set */
    bool cleaned;  /* aclrtPersistentTaskClean emptied it: it records again though the instance is built */
    uint32_t next_task_id; /* the last task id given on this list (restarts at a clean) */
} ri_stream;

enum { RI_OWNER_STREAM = 0x52490001, RI_OWNER_UPDATE = 0x52490002 };

struct ri_group {
    int tag; /* RI_OWNER_UPDATE while it owns a stream's capture for aclmdlRICaptureTaskUpdate* */
    ri_model *ri;
    ri_stream *stream;
    size_t first, count; /* its tasks: stream->tasks[first .. first + count) */
    ri_task **pending;   /* recorded replacements, applied by aclmdlRIUpdate */
    size_t pending_count, pending_capacity;
    bool ready; /* pending holds a complete replacement */
    bool closed;
    aclrtStream update_stream;
};

struct ri_cond {
    ri_model *ri;
    uint64_t *value; /* device memory (aclrtMalloc), 8 bytes */
    uint64_t default_value;
};

typedef enum ri_state { RI_BUILDING = 0, RI_CAPTURING, RI_READY } ri_state;

typedef struct ri_destroy_cb {
    aclrtCallback func;
    void *user_data;
} ri_destroy_cb;

struct ri_model {
    pthread_mutex_t lock;      /* everything below but the run state */
    pthread_mutex_t run_lock;  /* one top-level execution at a time; held by aclmdlRIUpdate */
    int refs;                  /* handle + queued executions; under lock */
    uint32_t id;
    char name[128];
    ri_state state;
    bool from_capture;
    aclmdlRICaptureMode mode;
    uint64_t capture_thread;
    ri_stream **streams;
    size_t stream_count, stream_capacity;
    ri_group **groups;
    size_t group_count, group_capacity;
    ri_group *open_group; /* between aclmdlRICaptureTaskGrpBegin and End */
    ri_cond **conds;
    size_t cond_count, cond_capacity;
    ri_destroy_cb callbacks[16];
    size_t callback_count;
    uint32_t next_seq;
    uint64_t abort_epoch;
    uint64_t executions;
};

/* mdl_ri.c */
/* Live instance handle check + reference (ri_put). NULL and an error recorded when not live. */
ri_model *ri_get(aclmdlRI handle, const char *fn);
void ri_put(ri_model *ri);
/* Grow *array (of `size`-byte items) so that one more fits. */
bool ri_reserve(void **array, size_t *capacity, size_t count, size_t size);
/* Free a task no longer part of any list. */
void ri_task_free(ri_task *t, bool ran);

/* The list `stream` records into for a live instance (the instance gets a reference: ri_put),
 * or NULL when the stream is bound to or captured by none. */
ri_stream *ri_stream_of(aclrtStream stream);

/* mdl_ri_run.c */
/* Run every stream list of `ri` (other streams on helper threads). timeout_ms < 0: no limit. */
aclError ri_run(ri_model *ri, int64_t timeout_ms, const char *fn);

/* Append a control step to the model run instance recording `stream`. ACL_ERROR_RT_STREAM_MODEL
 * when the stream records for no instance. */
aclError ri_append_step(aclrtStream stream, const ri_step_desc *desc, const char *fn);

/* rt_reduce_random.c: the recorded random-number tasks aclrtTaskUpdateAsync may change. */
bool aclemu_random_is_task(aclemu_task_fn run);
/* Replace randomParaAddr, randomResultAddr, randomCounterAddr, randomSeed and randomNum of the
 * random task `arg` by those of `src` once they pass the checks aclrtRandomNumAsync makes. */
aclError aclemu_random_update(void *arg, const aclrtRandomNumTaskInfo *src, const char *fn);

#endif /* ACLEMU_MDL_RI_INTERNAL_H */
