/* acl.util's pointer helpers: on CPython cffi passes a bytes argument of a char * parameter as the
 * object's own storage (and a from_buffer cdata as its buffer), so this returns its address with
 * no cdata made on the Python side. build_ffi.py keeps the GIL around it. */
uintptr_t _aclffi_address(const char *data)
{
    return (uintptr_t)data;
}
