/* Shared between the TDT area files (tdt_*.c): data items, datasets and their deep copies. */
#ifndef ACLEMU_TDT_INTERNAL_H
#define ACLEMU_TDT_INTERNAL_H

#include "emu.h"

#include "acl/acl_tdt.h"

#define TDT_KIND_ITEM (ACLEMU_KIND_AREA_FREE + 60)
#define TDT_KIND_DATASET (ACLEMU_KIND_AREA_FREE + 61)
#define TDT_KIND_CHANNEL (ACLEMU_KIND_AREA_FREE + 62)

struct acltdtDataItem {
    acltdtTensorType tensor_type;
    aclDataType dtype;
    size_t dim_num;
    int64_t *dims;
    void *data;
    size_t size;
    bool owns_data; /* received items own a copy; created items point at the caller's bytes */
    size_t slice_num;
    size_t slice_id;
    struct acltdtDataset *owner; /* the dataset that frees it (received items), else NULL */
};

struct acltdtDataset {
    acltdtDataItem **items; /* a received item the user destroyed leaves a NULL slot */
    size_t count;
    size_t capacity;
    char *name;
};

/* tdt_data.c */
/* A registered item copying dims and (when `copy`) the bytes; NULL with the error recorded. */
acltdtDataItem *tdt_item_new(acltdtTensorType type, const int64_t *dims, size_t dim_num, aclDataType dtype,
                             const void *data, size_t size, bool copy, const char *fn);
/* Free an item that was never registered or has been unregistered. */
void tdt_item_free(acltdtDataItem *item);
/* Append without registration checks; the dataset must be live. */
aclError tdt_dataset_append(acltdtDataset *dataset, acltdtDataItem *item, const char *fn);

/* ------------------------------------------------ queues of acl_tdt_queue.h */

#include "acl/acl_tdt_queue.h"

#include <pthread.h>

#define TDT_KIND_BUF (ACLEMU_KIND_AREA_FREE + 210)
#define TDT_KIND_QUEUE_ATTR (ACLEMU_KIND_AREA_FREE + 211)
#define TDT_KIND_ROUTE (ACLEMU_KIND_AREA_FREE + 212)
#define TDT_KIND_ROUTE_LIST (ACLEMU_KIND_AREA_FREE + 213)
#define TDT_KIND_ROUTE_QUERY (ACLEMU_KIND_AREA_FREE + 214)

/* The private area of an mbuf that the user may fill (acltdtSetBufUserData). */
#define TDT_BUF_USER_DATA_SIZE 96u

/* Bytes shared by a buf and the copies acltdtCopyBufRef made of it. */
typedef struct tdt_block {
    size_t refs;
    void *data;
    size_t capacity;
    bool dvpp; /* tracked DVPP memory, freed through the core */
} tdt_block;

/* An acltdtBuf: a view of a block plus its length, user data and (for a head) its chain. */
typedef struct tdt_buf {
    tdt_block *block;
    size_t len;
    unsigned char user[TDT_BUF_USER_DATA_SIZE];
    struct tdt_buf **chain; /* bufs appended to this head, in order */
    size_t chain_num;
    size_t chain_cap;
    struct tdt_buf *head; /* the head whose chain holds this buf, else NULL */
} tdt_buf;

/* Guards every queue, buf, attr and route object of the queue files; waiters sleep on
 * tdt_queue_changed, which is broadcast on every change of any queue. */
extern pthread_mutex_t tdt_queue_lock;
extern pthread_cond_t tdt_queue_changed;

/* tdt_queue_buf.c (callers hold tdt_queue_lock where the object may be shared) */
/* An unregistered buf of `size` bytes (DVPP memory when `dvpp`) in *out. */
aclError tdt_buf_new(size_t size, bool dvpp, tdt_buf **out, const char *fn);
/* A new unregistered head sharing the blocks of `buf` and of its chain. */
tdt_buf *tdt_buf_ref_copy(const tdt_buf *buf, const char *fn);
/* Free an unregistered head with its chain. */
void tdt_buf_free(tdt_buf *buf);
/* (Un)register a head and its chain members as user handles; registering may fail. */
aclError tdt_buf_register(tdt_buf *buf);
void tdt_buf_unregister(tdt_buf *buf);
/* A live head buf (not a member of another chain); else the error is recorded. */
aclError tdt_buf_check_head(const void *buf, const char *fn);

/* tdt_queue_route.c */
typedef struct tdt_route {
    uint32_t src;
    uint32_t dst;
    int32_t status;
} tdt_route;

/* Bound routes, with tdt_queue_lock held: the destinations of the normally bound routes leaving
 * `src` (up to `max`, returning how many there are), and the marking of every bound route that
 * touches a destroyed queue as ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL. */
size_t tdt_routes_from(uint32_t src, uint32_t *dst, size_t max);
void tdt_routes_queue_gone(uint32_t qid);

/* tdt_queue.c, taking tdt_queue_lock themselves: dequeue an unregistered buf (the caller owns it)
 * and enqueue one (the queue takes it on success), waiting as acltdtDequeue/acltdtEnqueue do. */
aclError tdt_queue_take(uint32_t qid, int32_t timeout, tdt_buf **out, const char *fn);
aclError tdt_queue_put(uint32_t qid, tdt_buf *buf, int32_t timeout, const char *fn);

/* tdt_queue.c, with tdt_queue_lock held */
bool tdt_queue_exists(uint32_t qid);
/* Move bufs along bound routes while a source has one and all its destinations have room. */
void tdt_queue_pump(void);

#endif /* ACLEMU_TDT_INTERNAL_H */
