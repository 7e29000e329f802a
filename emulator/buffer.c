/* Data buffers, data type sizes, float16/bfloat16 conversion. */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

aclDataBuffer *aclCreateDataBuffer(void *data, size_t size)
{
    aclDataBuffer *buffer = malloc(sizeof *buffer);
    if (buffer == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclCreateDataBuffer: out of host memory");
        return NULL;
    }
    buffer->data = data;
    buffer->size = size;
    if (aclemu_handle_add(buffer, ACLEMU_KIND_DATA_BUFFER) != ACL_SUCCESS) {
        free(buffer);
        return NULL;
    }
    return buffer;
}

aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer)
{
    if (!aclemu_handle_remove(dataBuffer, ACLEMU_KIND_DATA_BUFFER)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer: %p is not a live data buffer",
                                (const void *)dataBuffer);
    }
    free((void *)dataBuffer);
    return ACL_SUCCESS;
}

static bool live_buffer(const aclDataBuffer *dataBuffer, const char *fn)
{
    if (aclemu_handle_is(dataBuffer, ACLEMU_KIND_DATA_BUFFER)) {
        return true;
    }
    aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live data buffer", fn, (const void *)dataBuffer);
    return false;
}

void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer)
{
    return live_buffer(dataBuffer, "aclGetDataBufferAddr") ? dataBuffer->data : NULL;
}

/* The old 32-bit size query: sizes above 4 GiB are truncated, as in the real API. */
uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer)
{
    return live_buffer(dataBuffer, "aclGetDataBufferSize") ? (uint32_t)dataBuffer->size : 0;
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer)
{
    return live_buffer(dataBuffer, "aclGetDataBufferSizeV2") ? dataBuffer->size : 0;
}

aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data, size_t size)
{
    if (!live_buffer(dataBuffer, "aclUpdateDataBuffer")) {
        return ACL_ERROR_INVALID_PARAM;
    }
    dataBuffer->data = data;
    dataBuffer->size = size;
    return ACL_SUCCESS;
}

size_t aclemu_dtype_size(aclDataType type)
{
    switch (type) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
        return 1;
    case ACL_FLOAT16:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_BF16:
        return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32:
        return 4;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
        return 8;
    case ACL_COMPLEX128:
        return 16;
    default:
        return 0; /* strings, sub-byte and unknown types */
    }
}

size_t aclDataTypeSize(aclDataType dataType)
{
    return aclemu_dtype_size(dataType);
}

static uint32_t float_bits(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

static float bits_float(uint32_t bits)
{
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

uint16_t aclemu_f32_to_f16(float value)
{
    uint32_t bits = float_bits(value);
    uint16_t sign = (uint16_t)((bits >> 16) & 0x8000u);
    uint32_t magnitude = bits & 0x7fffffffu;
    if (magnitude >= 0x7f800000u) { /* infinity or NaN (kept quiet, payload top bits kept) */
        uint16_t nan = magnitude > 0x7f800000u ? (uint16_t)(0x0200u | ((magnitude >> 13) & 0x03ffu)) : 0;
        return (uint16_t)(sign | 0x7c00u | nan);
    }
    int exponent = (int)(magnitude >> 23) - 127 + 15;
    uint32_t mantissa = magnitude & 0x007fffffu;
    if (exponent >= 31) {
        return (uint16_t)(sign | 0x7c00u);
    }
    if (exponent <= 0) { /* half subnormal or zero */
        if (exponent < -10) {
            return sign;
        }
        mantissa |= 0x00800000u;
        unsigned shift = (unsigned)(14 - exponent);
        uint32_t half_mantissa = mantissa >> shift;
        uint32_t rest = mantissa & ((1u << shift) - 1u);
        uint32_t halfway = 1u << (shift - 1u);
        if (rest > halfway || (rest == halfway && (half_mantissa & 1u))) {
            ++half_mantissa; /* may carry into the smallest normal: still correct */
        }
        return (uint16_t)(sign | half_mantissa);
    }
    uint32_t result = ((uint32_t)exponent << 10) | (mantissa >> 13);
    uint32_t rest = mantissa & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (result & 1u))) {
        ++result; /* a carry into the exponent rounds up to the next binade or infinity */
    }
    return (uint16_t)(sign | result);
}

float aclemu_f16_to_f32(uint16_t value)
{
    uint32_t sign = (uint32_t)(value & 0x8000u) << 16;
    uint32_t exponent = (value >> 10) & 0x1fu;
    uint32_t mantissa = value & 0x03ffu;
    if (exponent == 0x1fu) {
        return bits_float(sign | 0x7f800000u | (mantissa << 13));
    }
    if (exponent == 0) {
        if (mantissa == 0) {
            return bits_float(sign);
        }
        /* subnormal: mantissa * 2^-24, exact in float */
        float magnitude = (float)mantissa * 0x1p-24f;
        return sign ? -magnitude : magnitude;
    }
    return bits_float(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
}

uint16_t aclemu_f32_to_bf16(float value)
{
    uint32_t bits = float_bits(value);
    if ((bits & 0x7fffffffu) > 0x7f800000u) {
        return (uint16_t)((bits >> 16) | 0x0040u); /* quiet NaN */
    }
    uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
    return (uint16_t)((bits + rounding) >> 16);
}

float aclemu_bf16_to_f32(uint16_t value)
{
    return bits_float((uint32_t)value << 16);
}

float aclFloat16ToFloat(aclFloat16 value)
{
    return aclemu_f16_to_f32(value);
}

aclFloat16 aclFloatToFloat16(float value)
{
    return aclemu_f32_to_f16(value);
}
