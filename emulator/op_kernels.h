/*
 * CPU kernels of the emulator's single-operator API (op_*.c) and BLAS (blas.c).
 *
 * An operator call is checked twice: once when it is submitted (aclopExecuteV2,
 * aclopInferShape, aclopCreateHandle...), where the contents of device buffers must
 * not be read because earlier stream tasks may still write them, and once more on the
 * stream worker right before the kernel runs. Kernels whose output shape depends on
 * the value of an input (Slice offsets, ReduceSum axes, Fill dims) read that value from
 * the desc's constant data (aclSetTensorConst) at submit time, and otherwise answer
 * OPK_DEFERRED there and decide on the worker.
 */
#ifndef ACLEMU_OP_KERNELS_H
#define ACLEMU_OP_KERNELS_H

#include "emu.h"

#include "acl/acl_op.h"

#define OPK_MAX_DIMS 16

/* Not an ACL code: "cannot be decided before the input values are known". */
#define OPK_DEFERRED ((aclError)-1)

/* ------------------------------------------------------------------ attributes */

typedef enum opk_attr_kind {
    OPK_ATTR_BOOL = 1,
    OPK_ATTR_INT,
    OPK_ATTR_FLOAT,
    OPK_ATTR_STRING,
    OPK_ATTR_DTYPE,
    OPK_ATTR_LIST_BOOL,
    OPK_ATTR_LIST_INT,
    OPK_ATTR_LIST_FLOAT,
    OPK_ATTR_LIST_STRING,
    OPK_ATTR_LIST_DTYPE,
    OPK_ATTR_LIST_LIST_INT
} opk_attr_kind;

typedef struct opk_attr_value {
    char *name;
    opk_attr_kind kind;
    int64_t int_value;     /* BOOL, INT, DTYPE */
    float float_value;     /* FLOAT */
    char *string_value;    /* STRING */
    size_t count;          /* list kinds: number of items (of lists for LIST_LIST_INT) */
    int64_t *ints;         /* LIST_BOOL, LIST_INT, LIST_DTYPE; LIST_LIST_INT: all items, concatenated */
    float *floats;         /* LIST_FLOAT */
    char **strings;        /* LIST_STRING */
    int *list_lengths;     /* LIST_LIST_INT: length of each inner list */
} opk_attr_value;

struct aclopAttr {
    size_t count;
    size_t capacity;
    opk_attr_value *values;
    unsigned shares; /* atomic: holders besides the owner (tasks of a handle, whose attributes are fixed) */
};

/* Deep copy (NULL in gives an empty attribute set); NULL when out of memory. Not registered. */
aclopAttr *opk_attr_clone(const aclopAttr *src);
/* One more holder of an attribute set nobody changes any more (a handle's copy); each holder
 * calls opk_attr_free, and the last one frees it. */
aclopAttr *opk_attr_share(aclopAttr *attr);
void opk_attr_free(aclopAttr *attr);
const opk_attr_value *opk_attr_find(const aclopAttr *attr, const char *name);

/* Typed lookups. They return ACL_SUCCESS and fill *out when the attribute exists with a
 * compatible kind, `fallback` semantics are up to the caller: a missing attribute gives
 * ACL_ERROR_OP_ATTR_NOT_MATCH without recording a message (use the *_or helpers or check
 * opk_attr_find first). A present attribute of another kind records the error naming `api`. */
aclError opk_attr_get_int(const char *api, const aclopAttr *attr, const char *name, int64_t *out);
aclError opk_attr_get_bool(const char *api, const aclopAttr *attr, const char *name, bool *out);
aclError opk_attr_get_float(const char *api, const aclopAttr *attr, const char *name, float *out);
/* List of ints (LIST_INT/LIST_BOOL/LIST_DTYPE; a scalar INT counts as a list of one). */
aclError opk_attr_get_ints(const char *api, const aclopAttr *attr, const char *name, const int64_t **values,
                           size_t *count);
/* Missing attribute -> *out = fallback and ACL_SUCCESS. */
aclError opk_attr_int_or(const char *api, const aclopAttr *attr, const char *name, int64_t fallback, int64_t *out);
aclError opk_attr_bool_or(const char *api, const aclopAttr *attr, const char *name, bool fallback, bool *out);

/* ---------------------------------------------------------------------- tensors */

typedef struct opk_shape {
    int ndim;
    int64_t dims[OPK_MAX_DIMS];
} opk_shape;

typedef struct opk_tensor {
    aclDataType dtype;
    aclFormat format;
    bool dynamic;             /* unknown rank or a negative dim: shape comes from inference */
    opk_shape shape;          /* valid when !dynamic (and after inference for outputs) */
    const void *const_data;   /* owned by the call when copied from a desc (aclSetTensorConst) */
    size_t const_len;
    void *data;               /* buffer address (NULL before buffers are known) */
    size_t size;              /* buffer size in bytes */
} opk_tensor;

/* Fill `t` from a desc (dims, dtype, format; const data is referenced, not copied). */
aclError opk_tensor_from_desc(const char *api, const char *what, const aclTensorDesc *desc, opk_tensor *t);

size_t opk_shape_elements(const opk_shape *shape);
bool opk_shape_equal(const opk_shape *a, const opk_shape *b);
/* Writes "[2, 3]" into buf. */
const char *opk_shape_str(const opk_shape *shape, char *buf, size_t len);
/* Normalise axis into [0, ndim); false when out of range. */
bool opk_axis(int64_t axis, int ndim, int *out);

/* ------------------------------------------------------------------- operator calls */

typedef struct opk_call {
    const char *api;         /* API being served, for messages */
    const char *op_type;
    int num_inputs;
    int num_outputs;
    opk_tensor *in;
    opk_tensor *out;
    const aclopAttr *attr;   /* never NULL */
    bool at_run;             /* on the stream worker: input buffers may be read */
} opk_call;

/* Read an integer vector input (int32 or int64) into values[max]. Uses constant data when the
 * desc has it, else the buffer on the worker; OPK_DEFERRED at submit time otherwise. */
aclError opk_input_ints(const opk_call *call, int index, int64_t *values, size_t max, size_t *count);
/* Read one element of input `index` as float / int64 (scalar inputs such as Fill's value). */
aclError opk_input_scalar_f32(const opk_call *call, int index, float *out);

/* Infer: check dtypes, shapes and attributes and write each output's dtype and shape.
 * Output dtypes may be left as given by the output desc (the caller passes them in). */
typedef aclError (*opk_infer_fn)(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes);
/* Run: compute the outputs; buffers and output shapes are set. */
typedef aclError (*opk_run_fn)(const opk_call *call);

typedef struct opk_kernel {
    const char *op_type;
    int min_inputs;
    int max_inputs; /* -1: any number */
    int num_outputs;
    opk_infer_fn infer;
    opk_run_fn run;
} opk_kernel;

/* Index of `name` in names[count], or -1. */
int opk_name_index(const char *name, const char *const *names, size_t count);

/* Kernel of `op_type`, or NULL. */
const opk_kernel *opk_find(const char *op_type);
/* Number of kernels and i-th op type (for listings and tests). */
size_t opk_kernel_count(void);
const char *opk_kernel_name(size_t index);

/* ------------------------------------------------------------------ element access */

bool opk_dtype_is_float(aclDataType dtype);  /* float16, float32, bfloat16, double */
bool opk_dtype_is_int(aclDataType dtype);    /* signed/unsigned integers and bool */
/* ACL_EMU_GENERIC_KERNELS=1 (read once): the portable kernels instead of their AVX2 variants, so
 * tests cover them on AVX2 machines too */
bool opk_portable_kernels(void);
/* Element size, 0 for types the kernels do not handle. */
size_t opk_dtype_size(aclDataType dtype);
const char *opk_dtype_name(aclDataType dtype);

double opk_load_f64(aclDataType dtype, const void *base, size_t index);
float opk_load_f32(aclDataType dtype, const void *base, size_t index);
int64_t opk_load_i64(aclDataType dtype, const void *base, size_t index);
/* Store with the conversions of Cast: float to integer truncates toward zero and saturates,
 * NaN to integer gives 0, integer to narrower integer wraps, anything to bool is "!= 0". */
void opk_store_f64(aclDataType dtype, void *base, size_t index, double value);
void opk_store_i64(aclDataType dtype, void *base, size_t index, int64_t value);
/* Convert `count` elements into / out of a float32 array. */
void opk_to_f32(aclDataType dtype, const void *src, float *dst, size_t count);
void opk_from_f32(aclDataType dtype, const float *src, void *dst, size_t count);

/* ------------------------------------------------------------------ matrix products */

/* Row-major C = alpha * op(A) * op(B) + beta * C, op(A) m x k, op(B) k x n; lda/ldb/ldc are
 * row strides in elements. beta == 0 overwrites C without reading it. */
void opk_sgemm(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, float alpha, const float *a, size_t lda,
               const float *b, size_t ldb, float beta, float *c, size_t ldc);
/* Same with int8 operands and an exact int32 accumulator: C = op(A) * op(B) (no scaling). */
void opk_s8gemm(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, const int8_t *a, size_t lda,
                const int8_t *b, size_t ldb, int32_t *c, size_t ldc);
/* The same on the CPU's 8-bit dot-product instructions (op_kernels_s8gemm.c), wrapping modulo 2^32
 * for any k; false, with C untouched, when the CPU has none (or ACL_EMU_GENERIC_KERNELS is set) or
 * scratch memory runs out. */
bool opk_s8gemm_dot(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, const int8_t *a, size_t lda,
                    const int8_t *b, size_t ldb, int32_t *c, size_t ldc);
/* Which int8 GEMM runs here: "avx512-vnni" or "float32 GEMM" (aclemuComputeInfo). */
const char *opk_s8gemm_kernel(void);

/* One GEMM of any supported dtype mix, alpha/beta applied in float (int32 in exact integer
 * arithmetic when A, B are int8 and C is int32). C may be read (beta) and written in place. */
typedef struct opk_gemm_args {
    bool trans_a, trans_b;
    size_t m, n, k;
    aclDataType type_a, type_b, type_c;
    const void *a;
    size_t lda;
    const void *b;
    size_t ldb;
    const void *c_in;  /* may equal c_out; NULL: no C term */
    size_t ldc_in;
    void *c_out;
    size_t ldc_out;
    double alpha, beta;
    int64_t alpha_i, beta_i; /* used for the int32 path */
} opk_gemm_args;
aclError opk_gemm(const opk_gemm_args *args);
bool opk_gemm_types_supported(aclDataType a, aclDataType b, aclDataType c);

/* ------------------------------------------------------------------ op handles */

/* Compiled-operator handle (aclopCreateHandle, aclopCreateHandleForCast, aclblasCreateHandleFor*). */
struct aclopHandle {
    char *op_type;
    int num_inputs;
    int num_outputs;
    opk_tensor *tensors;  /* inputs then outputs; shapes fixed, const data owned */
    aclopAttr *attr;      /* owned copy, shared with the handle's queued tasks */
    const opk_kernel *kernel; /* found once, at creation */
};

/* Check the call (kernel exists, counts, inference) and build a registered handle.
 * `inputs`/`outputs` are copied, including their const data. */
aclError opk_handle_create(const char *api, const char *op_type, int num_inputs, const opk_tensor *inputs,
                           int num_outputs, const opk_tensor *outputs, const aclopAttr *attr, aclopHandle **handle);

/* Kernel entry points, grouped by file. */
#define OPK_DECLARE(name)                                                                              \
    aclError opk_infer_##name(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes);  \
    aclError opk_run_##name(const opk_call *call)

/* op_kernels_elementwise.c */
OPK_DECLARE(binary);
OPK_DECLARE(unary);
OPK_DECLARE(cast);
OPK_DECLARE(fill);
OPK_DECLARE(fill_d);
OPK_DECLARE(zeros_like);
OPK_DECLARE(ones_like);
/* op_kernels_shape.c */
OPK_DECLARE(transpose);
OPK_DECLARE(slice);
OPK_DECLARE(strided_slice);
OPK_DECLARE(concat);
OPK_DECLARE(identity);
/* op_kernels_reduce.c */
OPK_DECLARE(reduce);
OPK_DECLARE(softmax);
OPK_DECLARE(arg_max);
/* op_kernels_matmul.c */
OPK_DECLARE(mat_mul);
OPK_DECLARE(batch_mat_mul);
OPK_DECLARE(gemm);

#endif /* ACLEMU_OP_KERNELS_H */
