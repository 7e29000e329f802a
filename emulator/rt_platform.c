/*
 * Platform queries (acl_platform.h): aclplatformGetDeviceInfo and aclplatformGetInstructionInfo.
 *
 * The runtime answers both from the chip's platform description, as text, for the chip of device
 * 0. The emulated chip's description is this table. Where a number is also reported by another
 * query it is taken from that query (aclrtGetDeviceInfo of device 0, aclrtGetSocName), so the two
 * always agree; the rest are our choices for the emulated chip (its memories do not exist, the
 * numbers only describe it): frequencies in MHz, sizes in bytes.
 *
 * Instruction info names the data types an instruction takes, comma-separated: the emulated
 * vector core's instructions are those of the elementwise operators it runs ("Intrinsic_vadd" is
 * the operator Add, ...), listed with the data types those operators execute; the AI Core's matrix
 * instruction "Intrinsic_mmad" is MatMul's. An unknown instruction is ACL_ERROR_INVALID_PARAM, as
 * is an answer longer than maxLen - 1 (the terminating NUL must fit).
 */
#include "emu.h"

#include "acl/acl_platform.h"

#include <stdio.h>
#include <string.h>

enum {
    EMU_CUBE_FREQ_MHZ = 1800,
    EMU_VECTOR_FREQ_MHZ = 1800,
    EMU_BT_BYTES = 1024,
    EMU_L0A_BYTES = 64 * 1024,
    EMU_L0B_BYTES = 64 * 1024,
    EMU_L0C_BYTES = 128 * 1024,
    EMU_L1_BYTES = 512 * 1024
};

#define EMU_AIC_VERSION "AIC-EMU-100"
#define EMU_MEMORY_TYPE "DDR"

/* aclrtGetDeviceInfo of device 0 for `attr` as text. */
static aclError device_attr(aclrtDevAttr attr, char *text, size_t len, const char *fn)
{
    int64_t value = 0;
    aclError err = aclrtGetDeviceInfo(0, attr, &value);
    if (err != ACL_SUCCESS) {
        return aclemu_set_error(err, "%s: device 0 does not answer attribute %d", fn, (int)attr);
    }
    snprintf(text, len, "%lld", (long long)value);
    return ACL_SUCCESS;
}

static aclError copy_answer(const char *answer, char *value, uint32_t maxLen, const char *fn)
{
    size_t need = strlen(answer) + 1;
    if (need > maxLen) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the answer '%s' needs %zu bytes, maxLen is %u", fn,
                                answer, need, maxLen);
    }
    aclError err = aclemu_mem_check(value, need, false, fn, "value");
    if (err != ACL_SUCCESS) {
        return err;
    }
    memcpy(value, answer, need);
    return ACL_SUCCESS;
}

aclError aclplatformGetDeviceInfo(aclplatformDevInfo infoType, char *value, uint32_t maxLen)
{
    static const char fn[] = "aclplatformGetDeviceInfo";
    if (value == NULL || maxLen == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL or maxLen is 0", fn);
    }
    char text[64];
    aclError err = ACL_SUCCESS;
    long long number = -1;
    switch (infoType) {
    case ACL_PLATFORM_AICORE_CNT:
        err = device_attr(ACL_DEV_ATTR_AICORE_CORE_NUM, text, sizeof text, fn);
        break;
    case ACL_PLATFORM_AICORE_UB_SIZE:
        err = device_attr(ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE, text, sizeof text, fn);
        break;
    case ACL_PLATFORM_CUBE_CORE_CNT:
        err = device_attr(ACL_DEV_ATTR_CUBE_CORE_NUM, text, sizeof text, fn);
        break;
    case ACL_PLATFORM_VECTOR_CORE_CNT:
        err = device_attr(ACL_DEV_ATTR_VECTOR_CORE_NUM, text, sizeof text, fn);
        break;
    case ACL_PLATFORM_L2_SIZE:
        err = device_attr(ACL_DEV_ATTR_L2_CACHE_SIZE, text, sizeof text, fn);
        break;
    case ACL_PLATFORM_MEMORY_SIZE:
        err = device_attr(ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, text, sizeof text, fn);
        break;
    case ACL_PLATFORM_NPU_ARCH:
        err = device_attr(ACL_DEV_ATTR_NPU_ARCH, text, sizeof text, fn);
        break;
    case ACL_PLATFORM_CUBE_FREQ:
        number = EMU_CUBE_FREQ_MHZ;
        break;
    case ACL_PLATFORM_VEC_FREQ:
        number = EMU_VECTOR_FREQ_MHZ;
        break;
    case ACL_PLATFORM_BT_SIZE:
        number = EMU_BT_BYTES;
        break;
    case ACL_PLATFORM_L0_A_SIZE:
        number = EMU_L0A_BYTES;
        break;
    case ACL_PLATFORM_L0_B_SIZE:
        number = EMU_L0B_BYTES;
        break;
    case ACL_PLATFORM_L0_C_SIZE:
        number = EMU_L0C_BYTES;
        break;
    case ACL_PLATFORM_L1_SIZE:
        number = EMU_L1_BYTES;
        break;
    case ACL_PLATFORM_SOC_VERSION:
        snprintf(text, sizeof text, "%s", aclrtGetSocName());
        break;
    case ACL_PLATFORM_AIC_VERSION:
        snprintf(text, sizeof text, "%s", EMU_AIC_VERSION);
        break;
    case ACL_PLATFORM_MEMORY_TYPE:
        snprintf(text, sizeof text, "%s", EMU_MEMORY_TYPE);
        break;
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: infoType %d is not an aclplatformDevInfo", fn,
                                (int)infoType);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (number >= 0) {
        snprintf(text, sizeof text, "%lld", number);
    }
    return copy_answer(text, value, maxLen, fn);
}

typedef struct instruction {
    aclplatformCoreType core;
    const char *name;
    const char *dtypes;
} instruction;

/* The data types the emulator's elementwise and matrix operators execute (op_kernels_*.c). */
#define EMU_ARITHMETIC_TYPES "float16,float32,float64,bfloat16,int8,uint8,int16,int32,int64"

static const instruction INSTRUCTIONS[] = {
    {ACL_PLATFORM_CORE_TYPE_AI_CORE, "Intrinsic_mmad", "float16,float32,int8,int32"},
    {ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vadd", EMU_ARITHMETIC_TYPES},
    {ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vsub", EMU_ARITHMETIC_TYPES},
    {ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vmul", EMU_ARITHMETIC_TYPES},
    {ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vmax", EMU_ARITHMETIC_TYPES},
    {ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vmin", EMU_ARITHMETIC_TYPES},
};

aclError aclplatformGetInstructionInfo(aclplatformCoreType type, const char *instruction_name, char *value,
                                       uint32_t maxLen)
{
    static const char fn[] = "aclplatformGetInstructionInfo";
    if (type != ACL_PLATFORM_CORE_TYPE_AI_CORE && type != ACL_PLATFORM_CORE_TYPE_VECTOR_CORE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: type %d is not an aclplatformCoreType", fn, (int)type);
    }
    if (instruction_name == NULL || value == NULL || maxLen == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: instruction or value is NULL, or maxLen is 0", fn);
    }
    for (size_t i = 0; i < sizeof INSTRUCTIONS / sizeof INSTRUCTIONS[0]; ++i) {
        if (INSTRUCTIONS[i].core == type && strcmp(INSTRUCTIONS[i].name, instruction_name) == 0) {
            return copy_answer(INSTRUCTIONS[i].dtypes, value, maxLen, fn);
        }
    }
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the emulated %s has no instruction '%s'", fn,
                            type == ACL_PLATFORM_CORE_TYPE_AI_CORE ? "AI Core" : "vector core", instruction_name);
}
