/*
 * What the single-operator files share (op_attr.c, op_tensors.c, op_lookup.c, op_exec.c,
 * op_handle.c, op_cast.c, op_compile.c). Kernels and the call/tensor types are in op_kernels.h.
 *
 * Every function that returns an aclError has recorded its message (naming `api`) on failure.
 */
#ifndef ACLEMU_OP_INTERNAL_H
#define ACLEMU_OP_INTERNAL_H

#include "op_kernels.h"

#include "acl/acl_op_compiler.h"

/* op_attr.c: malloc'd copies (NULL when out of memory); a zero-length copy is still a valid pointer. */
char *op_dup_string(const char *s);
void *op_dup_bytes(const void *src, size_t len);

/* op_tensors.c */
void op_tensors_free(opk_tensor *tensors, int count);
/* Copy of `count` tensors that owns copies of their constant data; NULL when out of memory. */
opk_tensor *op_tensors_copy(const opk_tensor *src, int count);
/* Fill tensors[0..count) from descs (dtype, shape, constant data) or from data buffers (address,
 * size); `what` names the argument array in messages. */
aclError op_descs_to_tensors(const char *api, const char *what, int count, const aclTensorDesc *const descs[],
                             opk_tensor *tensors);
aclError op_buffers_to_tensors(const char *api, const char *what, int count, const aclDataBuffer *const bufs[],
                               opk_tensor *tensors);
aclError op_infer_outputs(opk_call *call, const opk_kernel *kernel, bool adopt_dtypes);
aclError op_check_all_buffers(const opk_call *call);
aclError op_update_desc(const char *api, aclTensorDesc *desc, const opk_tensor *t);

/* op_lookup.c */
aclError op_find_kernel(const char *api, const char *op_type, int num_inputs, int num_outputs,
                        const opk_kernel **kernel);
aclError op_prepare_call(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                         int num_outputs, const aclTensorDesc *const out_descs[], const aclopAttr *attr,
                         const opk_kernel **kernel, opk_tensor **tensors_out);
aclError op_check_descs(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                        int num_outputs, const aclTensorDesc *const out_descs[], const aclopAttr *attr,
                        const opk_kernel **kernel, opk_tensor **tensors_out);

/* op_exec.c: `share_attr` when attr is a handle's fixed copy (opk_attr_share), else it is copied. */
aclError op_submit_call(const char *api, const opk_kernel *kernel, const char *op_type, int num_inputs,
                        int num_outputs, const opk_tensor *tensors, const aclopAttr *attr, bool share_attr,
                        aclTensorDesc *const out_descs[], aclrtStream stream);

/* op_compile.c */
aclError op_check_engine(const char *api, aclopEngineType engine, aclopCompileType compile_flag);

#endif /* ACLEMU_OP_INTERNAL_H */
