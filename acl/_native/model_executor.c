/* Model executor callbacks: cffi emits the C side of the extern "Python" functions declared in
 * model_executor.cdef, so nothing is hand-written here. */
