/*
 * The reference for call overhead: a few AscendCL functions wrapped the way the official pyACL
 * module wraps them (METH_VARARGS, PyArg_ParseTuple, the C call, Py_BuildValue; handles travel
 * as unsigned long "k"). Built on the fly by benchmarks/reference.py and linked against the
 * emulator library, so it calls exactly the C functions our binding calls. Never shipped.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#define PARSE_OR_FAIL(name, ...)                                                       \
    do {                                                                               \
        if (!PyArg_ParseTuple(args, __VA_ARGS__)) {                                    \
            PyErr_SetString(PyExc_TypeError, "acl." name " args parse failed");         \
            return NULL;                                                               \
        }                                                                              \
    } while (0)

#define AS_PTR(handle) ((void *)(uintptr_t)(handle))
#define AS_HANDLE(ptr) ((unsigned long)(uintptr_t)(ptr))

/* ---- scalar in, ret out ---- */

static PyObject *ref_init(PyObject *self, PyObject *args)
{
    (void)self;
    const char *config_path = NULL;
    PARSE_OR_FAIL("init", "|s", &config_path);
    aclError ret = aclInit(config_path);
    return Py_BuildValue("i", ret);
}

static PyObject *ref_set_device(PyObject *self, PyObject *args)
{
    (void)self;
    int device_id = 0;
    PARSE_OR_FAIL("rt.set_device", "i", &device_id);
    aclError ret = aclrtSetDevice(device_id);
    return Py_BuildValue("i", ret);
}

static PyObject *ref_reset_device(PyObject *self, PyObject *args)
{
    (void)self;
    int device_id = 0;
    PARSE_OR_FAIL("rt.reset_device", "i", &device_id);
    aclError ret = aclrtResetDevice(device_id);
    return Py_BuildValue("i", ret);
}

/* ---- handle in, ret out ---- */

static PyObject *ref_synchronize_stream(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long stream = 0;
    PARSE_OR_FAIL("rt.synchronize_stream", "k", &stream);
    aclError ret;
    Py_BEGIN_ALLOW_THREADS  /* pyACL drops the GIL around this one call family */
    ret = aclrtSynchronizeStream((aclrtStream)AS_PTR(stream));
    Py_END_ALLOW_THREADS
    return Py_BuildValue("i", ret);
}

static PyObject *ref_destroy_stream(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long stream = 0;
    PARSE_OR_FAIL("rt.destroy_stream", "k", &stream);
    aclError ret = aclrtDestroyStream((aclrtStream)AS_PTR(stream));
    return Py_BuildValue("i", ret);
}

static PyObject *ref_destroy_data_buffer(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long buffer = 0;
    PARSE_OR_FAIL("destroy_data_buffer", "k", &buffer);
    aclError ret = aclDestroyDataBuffer((const aclDataBuffer *)AS_PTR(buffer));
    return Py_BuildValue("i", ret);
}

static PyObject *ref_destroy_dataset(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long dataset = 0;
    PARSE_OR_FAIL("mdl.destroy_dataset", "k", &dataset);
    aclError ret = aclmdlDestroyDataset((const aclmdlDataset *)AS_PTR(dataset));
    return Py_BuildValue("i", ret);
}

static PyObject *ref_destroy_context(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long context = 0;
    PARSE_OR_FAIL("rt.destroy_context", "k", &context);
    aclError ret = aclrtDestroyContext((aclrtContext)AS_PTR(context));
    return Py_BuildValue("i", ret);
}

static PyObject *ref_free(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long dev_ptr = 0;
    PARSE_OR_FAIL("rt.free", "k", &dev_ptr);
    aclError ret = aclrtFree(AS_PTR(dev_ptr));
    return Py_BuildValue("i", ret);
}

static PyObject *ref_memcpy(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long dst = 0, dst_max = 0, src = 0, count = 0;
    int kind = 0;
    PARSE_OR_FAIL("rt.memcpy", "kkkki", &dst, &dst_max, &src, &count, &kind);
    aclError ret = aclrtMemcpy(AS_PTR(dst), (size_t)dst_max, AS_PTR(src), (size_t)count, (aclrtMemcpyKind)kind);
    return Py_BuildValue("i", ret);
}

/* ---- one output ---- */

static PyObject *ref_get_device(PyObject *self, PyObject *args)
{
    (void)self;
    (void)args;
    int32_t device_id = 0;
    aclError ret = aclrtGetDevice(&device_id);
    return Py_BuildValue("ii", device_id, ret);
}

static PyObject *ref_create_stream(PyObject *self, PyObject *args)
{
    (void)self;
    (void)args;
    aclrtStream stream = NULL;
    aclError ret = aclrtCreateStream(&stream);
    return Py_BuildValue("ki", AS_HANDLE(stream), ret);
}

static PyObject *ref_create_context(PyObject *self, PyObject *args)
{
    (void)self;
    int device_id = 0;
    PARSE_OR_FAIL("rt.create_context", "i", &device_id);
    aclrtContext context = NULL;
    aclError ret = aclrtCreateContext(&context, device_id);
    return Py_BuildValue("ki", AS_HANDLE(context), ret);
}

static PyObject *ref_malloc(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long size = 0;
    int policy = 0;
    PARSE_OR_FAIL("rt.malloc", "ki", &size, &policy);
    void *dev_ptr = NULL;
    aclError ret = aclrtMalloc(&dev_ptr, (size_t)size, (aclrtMemMallocPolicy)policy);
    return Py_BuildValue("ki", AS_HANDLE(dev_ptr), ret);
}

/* ---- several outputs ---- */

static PyObject *ref_get_mem_info(PyObject *self, PyObject *args)
{
    (void)self;
    int attr = 0;
    PARSE_OR_FAIL("rt.get_mem_info", "i", &attr);
    size_t free_bytes = 0, total_bytes = 0;
    aclError ret = aclrtGetMemInfo((aclrtMemAttr)attr, &free_bytes, &total_bytes);
    return Py_BuildValue("kki", (unsigned long)free_bytes, (unsigned long)total_bytes, ret);
}

static PyObject *ref_get_version(PyObject *self, PyObject *args)
{
    (void)self;
    (void)args;
    int32_t major = 0, minor = 0, patch = 0;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* deprecated upstream, still in pyACL */
    aclError ret = aclrtGetVersion(&major, &minor, &patch);
#pragma GCC diagnostic pop
    return Py_BuildValue("iiii", major, minor, patch, ret);
}

/* ---- value return ---- */

static PyObject *ref_create_data_buffer(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long data = 0, size = 0;
    PARSE_OR_FAIL("create_data_buffer", "kk", &data, &size);
    aclDataBuffer *buffer = aclCreateDataBuffer(AS_PTR(data), (size_t)size);
    return Py_BuildValue("k", AS_HANDLE(buffer));
}

static PyObject *ref_get_data_buffer_addr(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long buffer = 0;
    PARSE_OR_FAIL("get_data_buffer_addr", "k", &buffer);
    void *addr = aclGetDataBufferAddr((const aclDataBuffer *)AS_PTR(buffer));
    return Py_BuildValue("k", AS_HANDLE(addr));
}

static PyObject *ref_get_data_buffer_size_v2(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long buffer = 0;
    PARSE_OR_FAIL("get_data_buffer_size_v2", "k", &buffer);
    size_t size = aclGetDataBufferSizeV2((const aclDataBuffer *)AS_PTR(buffer));
    return Py_BuildValue("k", (unsigned long)size);
}

static PyObject *ref_get_num_inputs(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long desc = 0;
    PARSE_OR_FAIL("mdl.get_num_inputs", "k", &desc);
    size_t count = aclmdlGetNumInputs((aclmdlDesc *)AS_PTR(desc));
    return Py_BuildValue("k", (unsigned long)count);
}

static PyObject *ref_create_desc(PyObject *self, PyObject *args)
{
    (void)self;
    (void)args;
    return Py_BuildValue("k", AS_HANDLE(aclmdlCreateDesc()));
}

static PyObject *ref_destroy_desc(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long desc = 0;
    PARSE_OR_FAIL("mdl.destroy_desc", "k", &desc);
    aclError ret = aclmdlDestroyDesc((aclmdlDesc *)AS_PTR(desc));
    return Py_BuildValue("i", ret);
}

static PyObject *ref_create_dataset(PyObject *self, PyObject *args)
{
    (void)self;
    (void)args;
    return Py_BuildValue("k", AS_HANDLE(aclmdlCreateDataset()));
}

static PyObject *ref_add_dataset_buffer(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long dataset = 0, buffer = 0;
    PARSE_OR_FAIL("mdl.add_dataset_buffer", "kk", &dataset, &buffer);
    aclError ret = aclmdlAddDatasetBuffer((aclmdlDataset *)AS_PTR(dataset), (aclDataBuffer *)AS_PTR(buffer));
    /* pyACL echoes the dataset handle back in front of ret */
    return Py_BuildValue("ki", dataset, ret);
}

static PyObject *ref_get_dataset_num_buffers(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long dataset = 0;
    PARSE_OR_FAIL("mdl.get_dataset_num_buffers", "k", &dataset);
    size_t count = aclmdlGetDatasetNumBuffers((const aclmdlDataset *)AS_PTR(dataset));
    return Py_BuildValue("k", (unsigned long)count);
}

static PyObject *ref_get_dataset_buffer(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long dataset = 0, index = 0;
    PARSE_OR_FAIL("mdl.get_dataset_buffer", "kk", &dataset, &index);
    aclDataBuffer *buffer = aclmdlGetDatasetBuffer((const aclmdlDataset *)AS_PTR(dataset), (size_t)index);
    return Py_BuildValue("k", AS_HANDLE(buffer));
}

/* ---- floors for the cost breakdown: the call mechanism alone, and what dropping the GIL adds ---- */

static PyObject *ref_noop(PyObject *self, PyObject *args)
{
    (void)self;
    (void)args;
    return Py_BuildValue("i", 0);
}

static PyObject *ref_set_device_released_gil(PyObject *self, PyObject *args)
{
    (void)self;
    int device_id = 0;
    PARSE_OR_FAIL("rt.set_device", "i", &device_id);
    aclError ret;
    Py_BEGIN_ALLOW_THREADS
    ret = aclrtSetDevice(device_id);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("i", ret);
}

/* ---- the C function alone: n calls in a C loop, for the breakdown (ns per call) ---- */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int run_c_loop(const char *name, void *handle, unsigned long n)
{
    int32_t a = 0, b = 0, c = 0;
    size_t x = 0, y = 0;
    unsigned long i;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    if (strcmp(name, "set_device") == 0) {
        for (i = 0; i < n; i++) (void)aclrtSetDevice(0);
    } else if (strcmp(name, "get_device") == 0) {
        for (i = 0; i < n; i++) (void)aclrtGetDevice(&a);
    } else if (strcmp(name, "get_version") == 0) {
        for (i = 0; i < n; i++) (void)aclrtGetVersion(&a, &b, &c);
    } else if (strcmp(name, "get_mem_info") == 0) {
        for (i = 0; i < n; i++) (void)aclrtGetMemInfo(ACL_HBM_MEM, &x, &y);
    } else if (strcmp(name, "get_data_buffer_addr") == 0) {
        for (i = 0; i < n; i++) (void)aclGetDataBufferAddr((const aclDataBuffer *)handle);
    } else if (strcmp(name, "synchronize_stream") == 0) {
        for (i = 0; i < n; i++) (void)aclrtSynchronizeStream((aclrtStream)handle);
    } else if (strcmp(name, "get_num_inputs") == 0) {
        for (i = 0; i < n; i++) (void)aclmdlGetNumInputs((aclmdlDesc *)handle);
    } else {
        return -1;
    }
#pragma GCC diagnostic pop
    return 0;
}

static PyObject *ref_c_loop_ns(PyObject *self, PyObject *args)
{
    (void)self;
    const char *name = NULL;
    unsigned long handle = 0, n = 0;
    PARSE_OR_FAIL("c_loop_ns", "skk", &name, &handle, &n);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "c_loop_ns: n must be positive");
        return NULL;
    }
    double start = now_ns();
    if (run_c_loop(name, AS_PTR(handle), n) != 0) {
        PyErr_Format(PyExc_ValueError, "c_loop_ns: no C loop for %s", name);
        return NULL;
    }
    return PyFloat_FromDouble((now_ns() - start) / (double)n);
}

/* ---- acl.util pointer helpers, as pyACL writes them (numpy's C API, bytes internals) ---- */

static const char DEPRECATED[] = "this interface is deprecated";

static PyObject *ref_bytes_to_ptr(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *data = NULL;
    PARSE_OR_FAIL("util.bytes_to_ptr", "O", &data);
    if (!PyBytes_Check(data)) {
        PyErr_SetString(PyExc_ValueError, "acl.util.bytes_to_ptr: the argument must be bytes");
        return NULL;
    }
    return PyLong_FromVoidPtr(PyBytes_AsString(data));
}

static PyObject *ref_ptr_to_bytes(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long ptr = 0, size = 0;
    PARSE_OR_FAIL("util.ptr_to_bytes", "kk", &ptr, &size);
    return PyBytes_FromStringAndSize((const char *)AS_PTR(ptr), (Py_ssize_t)size);
}

static PyObject *ref_numpy_to_ptr(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *arr = NULL;
    PARSE_OR_FAIL("util.numpy_to_ptr", "O", &arr);
    if (PyErr_WarnEx(PyExc_Warning, DEPRECATED, 1) < 0) {
        return NULL;
    }
    if (!PyArray_Check(arr)) {
        PyErr_SetString(PyExc_ValueError, "acl.util.numpy_to_ptr: the argument must be a numpy.ndarray");
        return NULL;
    }
    if (!PyArray_IS_C_CONTIGUOUS((PyArrayObject *)arr)
        && PyErr_WarnEx(PyExc_Warning, "the array is not contiguous", 1) < 0) {
        return NULL;
    }
    return PyLong_FromVoidPtr(PyArray_BYTES((PyArrayObject *)arr));
}

static PyObject *ref_ptr_to_numpy(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long ptr = 0;
    PyObject *shape = NULL;
    int type_num = 0;
    PARSE_OR_FAIL("util.ptr_to_numpy", "kO!i", &ptr, &PyTuple_Type, &shape, &type_num);
    if (PyErr_WarnEx(PyExc_Warning, DEPRECATED, 1) < 0) {
        return NULL;
    }
    npy_intp dims[NPY_MAXDIMS];
    Py_ssize_t nd = PyTuple_GET_SIZE(shape);
    if (nd < 1 || nd > NPY_MAXDIMS) {
        PyErr_SetString(PyExc_ValueError, "acl.util.ptr_to_numpy: bad shape");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nd; i++) {
        dims[i] = (npy_intp)PyLong_AsSsize_t(PyTuple_GET_ITEM(shape, i));
        if (dims[i] < 0) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "acl.util.ptr_to_numpy: negative dimension");
            }
            return NULL;
        }
    }
    PyArray_Descr *descr = PyArray_DescrFromType(type_num);
    if (descr == NULL) {
        return NULL;
    }
    return PyArray_NewFromDescr(&PyArray_Type, descr, (int)nd, dims, NULL, AS_PTR(ptr), NPY_ARRAY_CARRAY, NULL);
}

#define ENTRY(name) {#name, ref_##name, METH_VARARGS, NULL}

static PyMethodDef reference_methods[] = {
    ENTRY(init),
    ENTRY(set_device),
    ENTRY(reset_device),
    ENTRY(synchronize_stream),
    ENTRY(destroy_stream),
    ENTRY(destroy_data_buffer),
    ENTRY(destroy_dataset),
    ENTRY(destroy_context),
    ENTRY(free),
    ENTRY(memcpy),
    ENTRY(get_device),
    ENTRY(create_stream),
    ENTRY(create_context),
    ENTRY(malloc),
    ENTRY(get_mem_info),
    ENTRY(get_version),
    ENTRY(create_data_buffer),
    ENTRY(get_data_buffer_addr),
    ENTRY(get_data_buffer_size_v2),
    ENTRY(get_num_inputs),
    ENTRY(create_desc),
    ENTRY(destroy_desc),
    ENTRY(create_dataset),
    ENTRY(add_dataset_buffer),
    ENTRY(get_dataset_num_buffers),
    ENTRY(get_dataset_buffer),
    ENTRY(bytes_to_ptr),
    ENTRY(ptr_to_bytes),
    ENTRY(numpy_to_ptr),
    ENTRY(ptr_to_numpy),
    ENTRY(noop),
    ENTRY(set_device_released_gil),
    ENTRY(c_loop_ns),
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef reference_module = {
    PyModuleDef_HEAD_INIT, "_pyacl_reference", "pyACL-style wrappers for benchmarking", -1,
    reference_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__pyacl_reference(void)
{
    import_array();
    return PyModule_Create(&reference_module);
}
