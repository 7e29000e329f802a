/* Slot trampolines for callbacks whose C signature does not say which registration they belong to.
 * aclopCompileFunc gets no op type and aclvdecCallback/aclvencCallback get no channel desc, so one
 * Python function cannot tell the registrations apart. Each registration is given a slot; the C
 * function pointer handed to the runtime is the slot's trampoline, which forwards its slot number.
 * The trampolines are stateless: the slot -> Python callable map lives in acl/_pyacl/callbacks.py. */

/* cffi defines these (static) from callbacks.cdef; declared here so the trampolines can call them. */
/* needs: aclopCompileFunc aclTensorDesc aclopAttr aclopKernelDesc */
static aclError _aclcb_op_compile(int, int, const void *const *, int, const void *const *, uintptr_t, uintptr_t);
/* end needs */
/* needs: aclvdecCallback acldvppStreamDesc acldvppPicDesc */
static void _aclcb_vdec(int, uintptr_t, uintptr_t, uintptr_t);
/* end needs */
/* needs: aclvencCallback acldvppStreamDesc acldvppPicDesc */
static void _aclcb_venc(int, uintptr_t, uintptr_t, uintptr_t);
/* end needs */

/* Expands M once per slot number 0x00 .. 0xff (pasted into names, so written in hex digits). */
#define ACLCB_SLOTS_16(M, hi)                                                                              \
    M(0x##hi##0) M(0x##hi##1) M(0x##hi##2) M(0x##hi##3) M(0x##hi##4) M(0x##hi##5) M(0x##hi##6)            \
    M(0x##hi##7) M(0x##hi##8) M(0x##hi##9) M(0x##hi##a) M(0x##hi##b) M(0x##hi##c) M(0x##hi##d)            \
    M(0x##hi##e) M(0x##hi##f)
#define ACLCB_EACH_SLOT(M)                                                                                 \
    ACLCB_SLOTS_16(M, 0) ACLCB_SLOTS_16(M, 1) ACLCB_SLOTS_16(M, 2) ACLCB_SLOTS_16(M, 3)                    \
    ACLCB_SLOTS_16(M, 4) ACLCB_SLOTS_16(M, 5) ACLCB_SLOTS_16(M, 6) ACLCB_SLOTS_16(M, 7)                    \
    ACLCB_SLOTS_16(M, 8) ACLCB_SLOTS_16(M, 9) ACLCB_SLOTS_16(M, a) ACLCB_SLOTS_16(M, b)                    \
    ACLCB_SLOTS_16(M, c) ACLCB_SLOTS_16(M, d) ACLCB_SLOTS_16(M, e) ACLCB_SLOTS_16(M, f)
enum { ACLCB_SLOT_COUNT = 256 };

#define ACLCB_OP_COMPILE(slot)                                                                             \
    static aclError aclcb_op_compile_##slot(int num_in, const aclTensorDesc *const in[], int num_out,      \
                                            const aclTensorDesc *const out[], const aclopAttr *attr,       \
                                            aclopKernelDesc *kernel)                                       \
    {                                                                                                      \
        return _aclcb_op_compile(slot, num_in, (const void *const *)in, num_out, (const void *const *)out, \
                                 (uintptr_t)attr, (uintptr_t)kernel);                                     \
    }
#define ACLCB_VDEC(slot)                                                                                   \
    static void aclcb_vdec_##slot(acldvppStreamDesc *input, acldvppPicDesc *output, void *user_data)      \
    {                                                                                                      \
        _aclcb_vdec(slot, (uintptr_t)input, (uintptr_t)output, (uintptr_t)user_data);                     \
    }
#define ACLCB_VENC(slot)                                                                                   \
    static void aclcb_venc_##slot(acldvppPicDesc *input, acldvppStreamDesc *output, void *user_data)      \
    {                                                                                                      \
        _aclcb_venc(slot, (uintptr_t)input, (uintptr_t)output, (uintptr_t)user_data);                     \
    }

#define ACLCB_OP_COMPILE_NAME(slot) aclcb_op_compile_##slot,
#define ACLCB_VDEC_NAME(slot) aclcb_vdec_##slot,
#define ACLCB_VENC_NAME(slot) aclcb_venc_##slot,

static int aclcb_slot_in_range(int slot)
{
    return slot >= 0 && slot < ACLCB_SLOT_COUNT;
}

/* A kind's trampolines, their table, and _aclcb_<kind>_trampoline(slot): 0 when slot is out of range. */
#define ACLCB_TRAMPOLINES(kind, type, DEFINE, NAME)                                                        \
    ACLCB_EACH_SLOT(DEFINE)                                                                                \
    static const type aclcb_##kind##_trampolines[ACLCB_SLOT_COUNT] = {ACLCB_EACH_SLOT(NAME)};              \
    uintptr_t _aclcb_##kind##_trampoline(int slot)                                                         \
    {                                                                                                      \
        return aclcb_slot_in_range(slot) ? (uintptr_t)aclcb_##kind##_trampolines[slot] : 0;                \
    }

int _aclcb_slot_count(void)
{
    return ACLCB_SLOT_COUNT;
}
/* needs: aclopCompileFunc aclTensorDesc aclopAttr aclopKernelDesc */
ACLCB_TRAMPOLINES(op_compile, aclopCompileFunc, ACLCB_OP_COMPILE, ACLCB_OP_COMPILE_NAME)
/* end needs */
/* needs: aclvdecCallback acldvppStreamDesc acldvppPicDesc */
ACLCB_TRAMPOLINES(vdec, aclvdecCallback, ACLCB_VDEC, ACLCB_VDEC_NAME)
/* end needs */
/* needs: aclvencCallback acldvppStreamDesc acldvppPicDesc */
ACLCB_TRAMPOLINES(venc, aclvencCallback, ACLCB_VENC, ACLCB_VENC_NAME)
/* end needs */
