/* Media executor callbacks: cffi emits the C side of the extern "Python" functions declared in
 * media_executor.cdef; the frame and table types come from the emulator's own header. */
#include "media_executor.h"
