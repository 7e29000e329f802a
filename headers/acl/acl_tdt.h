/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_TDT_H_
#define ACL_ACL_TDT_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

enum acltdtTensorType {
    ACL_TENSOR_DATA_UNDEFINED = (-1),
    ACL_TENSOR_DATA_TENSOR = 0,
    ACL_TENSOR_DATA_END_OF_SEQUENCE = 1,
    ACL_TENSOR_DATA_ABNORMAL = 2,
    ACL_TENSOR_DATA_SLICE_TENSOR = 3,
    ACL_TENSOR_DATA_END_TENSOR = 4,
};
typedef enum acltdtTensorType acltdtTensorType;

typedef struct acltdtDataItem acltdtDataItem;

typedef struct acltdtDataset acltdtDataset;

typedef struct acltdtChannelHandle acltdtChannelHandle;

/**
 * Binding point for acltdtGetTensorTypeFromItem.
 * @param [in] dataItem
 */
acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem *dataItem);

/**
 * Binding point for acltdtGetDataTypeFromItem.
 * @param [in] dataItem
 */
aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem *dataItem);

/**
 * Binding point for acltdtGetDataAddrFromItem.
 * @param [in] dataItem
 */
void *acltdtGetDataAddrFromItem(const acltdtDataItem *dataItem);

/**
 * Binding point for acltdtGetDataSizeFromItem.
 * @param [in] dataItem
 */
size_t acltdtGetDataSizeFromItem(const acltdtDataItem *dataItem);

/**
 * Binding point for acltdtGetDimNumFromItem.
 * @param [in] dataItem
 */
size_t acltdtGetDimNumFromItem(const acltdtDataItem *dataItem);

/**
 * Binding point for acltdtGetSliceInfoFromItem.
 * @param [in] dataItem
 * @param [out] sliceNum
 * @param [out] sliceId
 */
aclError acltdtGetSliceInfoFromItem(const acltdtDataItem *dataItem, size_t *sliceNum, size_t *sliceId);

/**
 * Binding point for acltdtGetDimsFromItem.
 * @param [in] dataItem
 * @param [in,out] dims
 * @param [in] dimNum
 */
aclError acltdtGetDimsFromItem(const acltdtDataItem *dataItem, int64_t *dims, size_t dimNum);

/**
 * Binding point for acltdtCreateDataItem.
 * @param [in] tdtType
 * @param [in] dims
 * @param [in] dimNum
 * @param [in] dataType
 * @param [in] data
 * @param [in] size
 */
acltdtDataItem *acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t *dims, size_t dimNum, aclDataType dataType, void *data, size_t size);

/**
 * Binding point for acltdtDestroyDataItem.
 * @param [in] dataItem
 */
aclError acltdtDestroyDataItem(acltdtDataItem *dataItem);

/**
 * Binding point for acltdtCreateDataset.
 */
acltdtDataset *acltdtCreateDataset();

/**
 * Binding point for acltdtDestroyDataset.
 * @param [in] dataset
 */
aclError acltdtDestroyDataset(acltdtDataset *dataset);

/**
 * Binding point for acltdtGetDataItem.
 * @param [in] dataset
 * @param [in] index
 */
acltdtDataItem *acltdtGetDataItem(const acltdtDataset *dataset, size_t index);

/**
 * Binding point for acltdtAddDataItem.
 * @param [out] dataset
 * @param [in] dataItem
 */
aclError acltdtAddDataItem(acltdtDataset *dataset, acltdtDataItem *dataItem);

/**
 * Binding point for acltdtGetDatasetSize.
 * @param [in] dataset
 */
size_t acltdtGetDatasetSize(const acltdtDataset *dataset);

/**
 * Binding point for acltdtGetDatasetName.
 * @param [in] dataset
 */
const char *acltdtGetDatasetName(const acltdtDataset *dataset);

/**
 * Binding point for acltdtStopChannel.
 * @param [in] handle
 */
aclError acltdtStopChannel(acltdtChannelHandle *handle);

/**
 * Binding point for acltdtCreateChannel.
 * @param [in] deviceId
 * @param [in] name
 */
acltdtChannelHandle *acltdtCreateChannel(uint32_t deviceId, const char *name);

/**
 * Binding point for acltdtCreateChannelWithCapacity.
 * @param [in] deviceId
 * @param [in] name
 * @param [in] capacity
 */
acltdtChannelHandle *acltdtCreateChannelWithCapacity(uint32_t deviceId, const char *name, size_t capacity);

/**
 * Binding point for acltdtDestroyChannel.
 * @param [in] handle
 */
aclError acltdtDestroyChannel(acltdtChannelHandle *handle);

/**
 * Binding point for acltdtCleanChannel.
 * @param [in] handle
 */
aclError acltdtCleanChannel(acltdtChannelHandle *handle);

/**
 * Binding point for acltdtSendTensor.
 * @param [in] handle
 * @param [in] dataset
 * @param [in] timeout
 */
aclError acltdtSendTensor(const acltdtChannelHandle *handle, const acltdtDataset *dataset, int32_t timeout);

/**
 * Binding point for acltdtReceiveTensor.
 * @param [in] handle
 * @param [out] dataset
 * @param [in] timeout
 */
aclError acltdtReceiveTensor(const acltdtChannelHandle *handle, acltdtDataset *dataset, int32_t timeout);

/**
 * Binding point for acltdtQueryChannelSize.
 * @param [in] handle
 * @param [out] size
 */
aclError acltdtQueryChannelSize(const acltdtChannelHandle *handle, size_t *size);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_TDT_H_ */
