/* acl.util's bytes_to_ptr, ptr_to_bytes, numpy_to_ptr and ptr_to_numpy as C functions on CPython,
 * where the Python frame alone costs more than pyACL's whole C function (issue 15, call class 7).
 *
 * _aclffi_install_util_fast(module) replaces each module attribute by a builtin whose `self` is the
 * Python original. The builtin handles only the common case (exact types, plain positional call,
 * values in range, numpy already imported); anything else, before any side effect, goes to the
 * original with the same arguments, so every error, warning and edge case stays the original's.
 * The calling convention and the argument, fallback and install helpers (`_aclfast_*`) are those of
 * the generated C functions: shims.c defines them (tools/aclgen/emit/fastcalls.py) and the build
 * compiles it before this file, in one translation unit.
 * Only the stable ABI as cffi compiles it (Py_LIMITED_API): no macros reading object internals of
 * CPython, no buffer protocol. numpy is not a build dependency: its C-API table is fetched from the
 * `_ARRAY_API` capsule at run time and used through fixed ABI indices (measured: calling
 * numpy.ndarray(shape, dtype, buffer, offset) instead costs about 330 ns by itself, more than all
 * of ptr_to_numpy's own work here besides its warning); numpy_to_ptr reads the ndarray's fields.
 * State (numpy's table) is written with the GIL held: these functions run with it, and the
 * installer takes it.
 * PyPy: the installer does nothing (its JIT runs the Python originals faster). */
#include <Python.h>

#ifdef PYPY_VERSION

int _aclffi_install_util_fast(const char *module_name)
{
    (void)module_name;
    return 0;
}

#else

/* The warnings of the Python originals (acl/util.py), same text, category Warning. Stack level 1
 * from C is the caller's frame, as stacklevel=2 is from the Python function. */
static const char aclfast_numpy_to_ptr_deprecated[] =
    "acl.util.numpy_to_ptr is deprecated in pyACL; it is kept here for compatibility";
static const char aclfast_not_contiguous[] = "acl.util.numpy_to_ptr: the array is not contiguous";
static const char aclfast_ptr_to_numpy_deprecated[] =
    "acl.util.ptr_to_numpy is deprecated in pyACL; it is kept here for compatibility";

/* ---- numpy, without its headers ---- */

/* numpy's npy_intp is Py_intptr_t; numpy itself requires it to be as wide as Py_ssize_t. */
typedef Py_ssize_t aclfast_npy_intp;

/* The head of numpy's PyArrayObject_fields (ndarraytypes.h), the same in ABI 1.x and 2.x. Read only
 * for an object whose type is exactly numpy's ndarray. */
typedef struct {
    PyObject ob_base;
    char *data;
    int nd;
    aclfast_npy_intp *dimensions;
    aclfast_npy_intp *strides;
    PyObject *base;
    PyObject *descr;
    int flags;
} aclfast_ndarray_fields;

enum {
    ACLFAST_NPY_C_CONTIGUOUS = 0x0001, /* NPY_ARRAY_C_CONTIGUOUS (ndarraytypes.h, 1.x and 2.x) */
    ACLFAST_NPY_CARRAY = 0x0501,       /* NPY_ARRAY_CARRAY: C_CONTIGUOUS | ALIGNED (0x100) | WRITEABLE (0x400) */
    ACLFAST_NPY_MAXDIMS = 32,          /* numpy 1.x's NPY_MAXDIMS (2.x allows 64): more goes to Python */
};

/* Indices into numpy's C-API table (__multiarray_api.h), unchanged from numpy 1.x to 2.x. */
enum {
    ACLFAST_API_GET_NDARRAY_C_VERSION = 0, /* unsigned int PyArray_GetNDArrayCVersion(void): the ABI */
    ACLFAST_API_ARRAY_TYPE = 2,            /* &PyArray_Type, numpy.ndarray */
    ACLFAST_API_DESCR_FROM_TYPE = 45,      /* PyArray_Descr *PyArray_DescrFromType(int) */
    ACLFAST_API_NEW_FROM_DESCR = 94,       /* PyArray_NewFromDescr(type, descr (stolen), nd, dims, strides, data, flags, obj) */
};

typedef PyObject *(*aclfast_descr_from_type)(int);
typedef PyObject *(*aclfast_new_from_descr)(PyTypeObject *, PyObject *, int, const aclfast_npy_intp *,
                                             const aclfast_npy_intp *, void *, int, PyObject *);

static void **aclfast_numpy_api;      /* numpy's C-API table once fetched; NULL before */
static PyTypeObject *aclfast_ndarray; /* numpy.ndarray, from that table */
static int aclfast_numpy_refused;     /* the table's ABI is not one this file knows: always Python */

/* The `_ARRAY_API` capsule's table of module `name`, or NULL (no error set). */
static void **aclfast_array_api(const char *name)
{
    void **api = NULL;
    PyObject *module = PyImport_ImportModule(name);
    PyObject *capsule = module != NULL ? PyObject_GetAttrString(module, "_ARRAY_API") : NULL;
    if (capsule != NULL && PyCapsule_CheckExact(capsule)) {
        api = (void **)PyCapsule_GetPointer(capsule, NULL); /* numpy's capsule has no name */
    }
    PyErr_Clear();
    Py_XDECREF(capsule); /* the table lives as long as numpy's extension module, never unloaded */
    Py_XDECREF(module);
    return api;
}

/* 1 when numpy's table is at hand. Only once something imported numpy (the Python originals do):
 * this never imports numpy itself, and before then the callers go to Python. */
static int aclfast_numpy(void)
{
    if (aclfast_numpy_api != NULL) {
        return 1;
    }
    if (aclfast_numpy_refused) {
        return 0;
    }
    PyObject *numpy = PyDict_GetItemString(PyImport_GetModuleDict(), "numpy"); /* borrowed */
    if (numpy == NULL || !PyModule_Check(numpy)) {
        return 0; /* not imported (or blocked with None): the original imports it, or raises */
    }
    /* numpy's own import_array() order: numpy 2's module, then numpy 1.x's */
    void **api = aclfast_array_api("numpy._core._multiarray_umath");
    if (api == NULL) {
        api = aclfast_array_api("numpy.core._multiarray_umath");
    }
    if (api == NULL) {
        return 0;
    }
    unsigned int abi = ((unsigned int (*)(void))api[ACLFAST_API_GET_NDARRAY_C_VERSION])();
    if (abi >> 24 != 1 && abi >> 24 != 2) { /* NPY_ABI_VERSION: 0x01000009 in numpy 1.x, 0x02000000 in 2.x */
        aclfast_numpy_refused = 1;
        return 0;
    }
    aclfast_ndarray = (PyTypeObject *)api[ACLFAST_API_ARRAY_TYPE];
    aclfast_numpy_api = api; /* last: the table is complete once this is set */
    return 1;
}

/* Bytes per element of numpy type number `type_num` (NPY_TYPES in ndarraytypes.h) for the types
 * acl.util views without help: 0 for the others (object, strings, void, datetimes, new types),
 * which go to Python. numpy's sizes are the C types' sizes. */
static Py_ssize_t aclfast_itemsize(long type_num)
{
    switch (type_num) {
    case 0:  /* NPY_BOOL */
    case 1:  /* NPY_BYTE */
    case 2:  /* NPY_UBYTE */
        return 1;
    case 3:  /* NPY_SHORT */
    case 4:  /* NPY_USHORT */
        return (Py_ssize_t)sizeof(short);
    case 5:  /* NPY_INT */
    case 6:  /* NPY_UINT */
        return (Py_ssize_t)sizeof(int);
    case 7:  /* NPY_LONG */
    case 8:  /* NPY_ULONG */
        return (Py_ssize_t)sizeof(long);
    case 9:  /* NPY_LONGLONG */
    case 10: /* NPY_ULONGLONG */
        return (Py_ssize_t)sizeof(long long);
    case 11: /* NPY_FLOAT */
        return (Py_ssize_t)sizeof(float);
    case 12: /* NPY_DOUBLE */
        return (Py_ssize_t)sizeof(double);
    case 13: /* NPY_LONGDOUBLE */
        return (Py_ssize_t)sizeof(long double);
    case 14: /* NPY_CFLOAT */
        return 2 * (Py_ssize_t)sizeof(float);
    case 15: /* NPY_CDOUBLE */
        return 2 * (Py_ssize_t)sizeof(double);
    case 16: /* NPY_CLONGDOUBLE */
        return 2 * (Py_ssize_t)sizeof(long double);
    case 23: /* NPY_HALF */
        return 2;
    default:
        return 0;
    }
}

/* ---- the helpers ---- */

/* 1 and *out when `obj` is exactly an int that fits a Py_ssize_t; 0 (no error set) otherwise. */
static int aclfast_ssize(PyObject *obj, Py_ssize_t *out)
{
    long long value = 0;
    if (!_aclfast_signed(obj, PY_SSIZE_T_MIN, PY_SSIZE_T_MAX, &value)) {
        return 0;
    }
    *out = (Py_ssize_t)value;
    return 1;
}

/* The signature of every helper here: the vectorcall convention (METH_FASTCALL | METH_KEYWORDS). */
#define ACLFAST_ARGS PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames

static PyObject *aclfast_bytes_to_ptr(ACLFAST_ARGS)
{
    if (_aclfast_plain(nargs, kwnames, 1, 0) && PyBytes_CheckExact(args[0])) {
        return PyLong_FromVoidPtr(PyBytes_AsString(args[0]));
    }
    return _aclfast_fallback(self, args, nargs, kwnames);
}

static PyObject *aclfast_ptr_to_bytes(ACLFAST_ARGS)
{
    Py_ssize_t ptr = 0, size = 0;
    if (_aclfast_plain(nargs, kwnames, 2, 0) && aclfast_ssize(args[0], &ptr) && aclfast_ssize(args[1], &size)
        && size > 0 && ptr > 0 && ptr < PY_SSIZE_T_MAX - size) { /* the original's own quick range */
        return PyBytes_FromStringAndSize((const char *)(uintptr_t)ptr, size);
    }
    return _aclfast_fallback(self, args, nargs, kwnames);
}

static PyObject *aclfast_numpy_to_ptr(ACLFAST_ARGS)
{
    if (_aclfast_plain(nargs, kwnames, 1, 0) && aclfast_numpy()) {
        PyObject *arr = args[0];
        if (Py_TYPE(arr) == aclfast_ndarray) { /* exactly: a subclass may not be laid out so */
            if (PyErr_WarnEx(PyExc_Warning, aclfast_numpy_to_ptr_deprecated, 1) < 0) {
                return NULL;
            }
            /* read after the warning, as the original does (a warning handler runs Python code) */
            if (!(((aclfast_ndarray_fields *)arr)->flags & ACLFAST_NPY_C_CONTIGUOUS)
                && PyErr_WarnEx(PyExc_Warning, aclfast_not_contiguous, 1) < 0) {
                return NULL;
            }
            return PyLong_FromVoidPtr(((aclfast_ndarray_fields *)arr)->data);
        }
    }
    return _aclfast_fallback(self, args, nargs, kwnames);
}

/* The element count and `dims` of `shape` (an exact tuple) when every dimension is an exact int
 * above 0 and the size in bytes fits; else 0. */
static int aclfast_shape(PyObject *shape, Py_ssize_t itemsize, aclfast_npy_intp *dims, int *nd,
                         Py_ssize_t *nbytes)
{
    Py_ssize_t n = PyTuple_Size(shape);
    if (n < 1 || n > ACLFAST_NPY_MAXDIMS) {
        return 0;
    }
    *nbytes = itemsize;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t dim = 0;
        if (!aclfast_ssize(PyTuple_GetItem(shape, i), &dim) || dim <= 0 || dim > PY_SSIZE_T_MAX / *nbytes) {
            return 0; /* 0 gives an empty array, negative an error: the original's cases */
        }
        dims[i] = dim;
        *nbytes *= dim;
    }
    *nd = (int)n;
    return 1;
}

static PyObject *aclfast_ptr_to_numpy(ACLFAST_ARGS)
{
    if (_aclfast_plain(nargs, kwnames, 3, 0) && aclfast_numpy()) {
        PyObject *shape = args[1], *type_obj = args[2];
        aclfast_npy_intp dims[ACLFAST_NPY_MAXDIMS];
        Py_ssize_t ptr = 0, type_num = -1, nbytes = 0, itemsize = 0;
        int nd = 0;
        if (aclfast_ssize(args[0], &ptr) && PyTuple_CheckExact(shape)
            && aclfast_ssize(type_obj, &type_num) && (itemsize = aclfast_itemsize((long)type_num)) > 0
            && aclfast_shape(shape, itemsize, dims, &nd, &nbytes) && ptr > 0 && ptr < PY_SSIZE_T_MAX - nbytes) {
            if (PyErr_WarnEx(PyExc_Warning, aclfast_ptr_to_numpy_deprecated, 1) < 0) {
                return NULL;
            }
            PyObject *descr = ((aclfast_descr_from_type)aclfast_numpy_api[ACLFAST_API_DESCR_FROM_TYPE])((int)type_num);
            if (descr == NULL) {
                return NULL;
            }
            /* no strides: C order; numpy works out the aligned and contiguous flags itself */
            return ((aclfast_new_from_descr)aclfast_numpy_api[ACLFAST_API_NEW_FROM_DESCR])(
                aclfast_ndarray, descr, nd, dims, NULL, (void *)(uintptr_t)ptr, ACLFAST_NPY_CARRAY, NULL);
        }
    }
    return _aclfast_fallback(self, args, nargs, kwnames);
}

/* ---- installation ---- */

#define ACLFAST_DEF(name, signature, doc) \
    {#name, (PyCFunction)(void (*)(void))aclfast_##name, METH_FASTCALL | METH_KEYWORDS, #name signature "\n--\n\n" doc}

static PyMethodDef aclfast_defs[] = {
    ACLFAST_DEF(bytes_to_ptr, "(data)", "Address of the bytes object's own buffer (no copy)."),
    ACLFAST_DEF(ptr_to_bytes, "(ptr, size)", "A new bytes object holding a copy of `size` bytes at `ptr`."),
    ACLFAST_DEF(numpy_to_ptr, "(arr)", "Address of the array's data, without a copy; the caller keeps `arr` alive."),
    ACLFAST_DEF(ptr_to_numpy, "(ptr, shape, npy_type_num)",
                "A writeable numpy view over `ptr` (no copy, no ownership) of `shape` and numpy type number."),
    {NULL, NULL, 0, NULL},
};

/* 1 when every helper of module `module_name` is a builtin over its Python original; 0 and an
 * error set otherwise. A helper that is its builtin already is left as it is. The builtins'
 * __module__ is the module's name, as the originals' is (tools that list a module's functions read it). */
static int aclfast_install(const char *module_name)
{
    PyObject *module = PyImport_ImportModule(module_name);
    PyObject *name = module != NULL ? PyObject_GetAttrString(module, "__name__") : NULL;
    int ok = name != NULL;
    for (PyMethodDef *def = aclfast_defs; ok && def->ml_name != NULL; def++) {
        ok = _aclfast_replace(module, name, def) >= 0;
    }
    Py_XDECREF(name);
    Py_XDECREF(module);
    return ok;
}

int _aclffi_install_util_fast(const char *module_name)
{
    PyGILState_STATE gil = PyGILState_Ensure(); /* cffi calls C with the GIL released */
    int ok = aclfast_install(module_name);
    if (!ok) {
        PyErr_Clear(); /* the caller raises; an error left set would reach cffi's return path */
    }
    PyGILState_Release(gil);
    return ok ? 0 : -1;
}

#endif
