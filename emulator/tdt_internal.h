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

#endif /* ACLEMU_TDT_INTERNAL_H */
