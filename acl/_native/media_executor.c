/* Media executor callbacks: cffi emits the C side of the extern "Python" functions declared in
 * media_executor.cdef. The frame struct repeats emulator/media_executor.h (ABI version 1): the
 * extension does not see the emulator's headers. */
typedef struct aclemu_media_frame {
    uint32_t width, height;
    int32_t kind;
    uint32_t planes;
    uint32_t channels;
    uint32_t chroma_shift_x, chroma_shift_y;
    uint8_t *data[3];
    size_t linesize[3];
    int64_t pts;
} aclemu_media_frame;
