/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_OPS_ACL_FV_H_
#define ACL_OPS_ACL_FV_H_

#include <stdint.h>
#include <stddef.h>
#include "acl/acl_base_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclfvInitPara aclfvInitPara;

typedef struct aclfvFeatureInfo aclfvFeatureInfo;

typedef struct aclfvRepoRange aclfvRepoRange;

typedef struct aclfvQueryTable aclfvQueryTable;

typedef struct aclfvSearchInput aclfvSearchInput;

typedef struct aclfvSearchResult aclfvSearchResult;

enum aclfvSearchType {
    SEARCH_1_N = 0,
    SEARCH_N_M = 1,
};
typedef enum aclfvSearchType aclfvSearchType;

/**
 * Binding point for aclfvCreateInitPara.
 * @param [in] fsNum
 */
aclfvInitPara *aclfvCreateInitPara(uint64_t fsNum);

/**
 * Binding point for aclfvDestroyInitPara.
 * @param [in] initPara
 */
aclError aclfvDestroyInitPara(aclfvInitPara *initPara);

/**
 * Binding point for aclfvSet1NTopNum.
 * @param [in,out] initPara
 * @param [in] maxTopNumFor1N
 */
aclError aclfvSet1NTopNum(aclfvInitPara *initPara, uint32_t maxTopNumFor1N);

/**
 * Binding point for aclfvSetNMTopNum.
 * @param [in,out] initPara
 * @param [in] maxTopNumForNM
 */
aclError aclfvSetNMTopNum(aclfvInitPara *initPara, uint32_t maxTopNumForNM);

/**
 * Binding point for aclfvCreateFeatureInfo.
 * @param [in] id0
 * @param [in] id1
 * @param [in] offset
 * @param [in] featureLen
 * @param [in] featureCount
 * @param [in] featureData
 * @param [in] featureDataLen
 */
aclfvFeatureInfo *aclfvCreateFeatureInfo(uint32_t id0, uint32_t id1, uint32_t offset, uint32_t featureLen, uint32_t featureCount, uint8_t *featureData, uint32_t featureDataLen);

/**
 * Binding point for aclfvDestroyFeatureInfo.
 * @param [in] featureInfo
 */
aclError aclfvDestroyFeatureInfo(aclfvFeatureInfo *featureInfo);

/**
 * Binding point for aclfvCreateRepoRange.
 * @param [in] id0Min
 * @param [in] id0Max (inferred)
 * @param [in] id1Min
 * @param [in] id1Max
 */
aclfvRepoRange *aclfvCreateRepoRange(uint32_t id0Min, uint32_t id0Max, uint32_t id1Min, uint32_t id1Max);

/**
 * Binding point for aclfvDestroyRepoRange.
 * @param [in] repoRange
 */
aclError aclfvDestroyRepoRange(aclfvRepoRange *repoRange);

/**
 * Binding point for aclfvCreateQueryTable.
 * @param [in] queryCnt
 * @param [in] tableLen
 * @param [in] tableData
 * @param [in] tableDataLen
 */
aclfvQueryTable *aclfvCreateQueryTable(uint32_t queryCnt, uint32_t tableLen, uint8_t *tableData, uint32_t tableDataLen);

/**
 * Binding point for aclfvDestroyQueryTable.
 * @param [in] queryTable
 */
aclError aclfvDestroyQueryTable(aclfvQueryTable *queryTable);

/**
 * Binding point for aclfvCreateSearchInput.
 * @param [in] queryTable
 * @param [in] repoRange
 * @param [in] topk
 */
aclfvSearchInput *aclfvCreateSearchInput(aclfvQueryTable *queryTable, aclfvRepoRange *repoRange, uint32_t topk);

/**
 * Binding point for aclfvDestroySearchInput.
 * @param [in] searchInput
 */
aclError aclfvDestroySearchInput(aclfvSearchInput *searchInput);

/**
 * Binding point for aclfvCreateSearchResult.
 * @param [in] queryCnt
 * @param [in] resultNum
 * @param [in] resultNumDataLen
 * @param [in] id0
 * @param [in] id1
 * @param [in] resultOffset
 * @param [in] resultDistance
 * @param [in] dataLen
 */
aclfvSearchResult *aclfvCreateSearchResult(uint32_t queryCnt, uint32_t *resultNum, uint32_t resultNumDataLen, uint32_t *id0, uint32_t *id1, uint32_t *resultOffset, float *resultDistance, uint32_t dataLen);

/**
 * Binding point for aclfvDestroySearchResult.
 * @param [in] searchResult
 */
aclError aclfvDestroySearchResult(aclfvSearchResult *searchResult);

/**
 * Binding point for aclfvInit.
 * @param [in] initPara
 */
aclError aclfvInit(aclfvInitPara *initPara);

/**
 * Binding point for aclfvRelease.
 */
aclError aclfvRelease();

/**
 * Binding point for aclfvRepoAdd.
 * @param [in] type
 * @param [in] featureInfo
 */
aclError aclfvRepoAdd(aclfvSearchType type, aclfvFeatureInfo *featureInfo);

/**
 * Binding point for aclfvRepoDel.
 * @param [in] type
 * @param [in] repoRange
 */
aclError aclfvRepoDel(aclfvSearchType type, aclfvRepoRange *repoRange);

/**
 * Binding point for aclfvDel.
 * @param [in] featureInfo
 */
aclError aclfvDel(aclfvFeatureInfo *featureInfo);

/**
 * Binding point for aclfvModify.
 * @param [in] featureInfo
 */
aclError aclfvModify(aclfvFeatureInfo *featureInfo);

/**
 * Binding point for aclfvSearch.
 * @param [in] type
 * @param [in] searchInput
 * @param [out] searchRst
 */
aclError aclfvSearch(aclfvSearchType type, aclfvSearchInput *searchInput, aclfvSearchResult *searchRst);

#ifdef __cplusplus
}
#endif

#endif /* ACL_OPS_ACL_FV_H_ */
