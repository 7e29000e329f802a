/* Codec sessions on the media executor, and the checks the JPEGD/PNGD/JPEGE entry points share. */
#include "dvpp_codec.h"

#include <stdio.h>
#include <stdlib.h>

enum { MESSAGE_LEN = 512 };

static const char MISSING_EXECUTOR[] =
    "no media executor is registered: JPEG/PNG coding on the emulator runs through PyAV, registered when "
    "the Python package's acl.media is imported (pip install 'ascendcl-cffi[media]')";

static aclError executor_error(int32_t code, const char *message, const char *fn)
{
    if (code <= 0) { /* AGAIN/EOF where a result was due */
        return aclemu_set_error(ACL_ERROR_RT_AICPU_EXCEPTION, "%s: the codec produced no output%s%s", fn,
                                message[0] ? ": " : "", message);
    }
    return aclemu_set_error((aclError)code, "%s: %s", fn, message[0] ? message : "the codec failed");
}

aclError aclemu_codec_open(aclemu_codec *c, const char *codec, int encode, const char *options, const char *fn)
{
    c->open = false;
    if (!aclemu_media_executor_get(&c->ops)) {
        return aclemu_set_error(ACL_ERROR_API_NOT_SUPPORT, "%s: %s", fn, MISSING_EXECUTOR);
    }
    char message[MESSAGE_LEN] = "";
    int32_t code = c->ops.open(codec, encode, options, &c->id, message, sizeof message);
    if (code != 0) {
        return executor_error(code, message, fn);
    }
    c->open = true;
    return ACL_SUCCESS;
}

aclError aclemu_codec_decode(aclemu_codec *c, const void *data, size_t size, aclemu_media_frame *frame,
                             const char *fn)
{
    char message[MESSAGE_LEN] = "";
    int32_t code = c->ops.send_packet(c->id, data, size, 0, message, sizeof message);
    if (code == 0) {
        code = c->ops.receive_frame(c->id, frame, message, sizeof message);
    }
    if (code == ACLEMU_MEDIA_AGAIN) { /* a decoder that holds frames back: flush it */
        code = c->ops.send_packet(c->id, NULL, 0, 0, message, sizeof message);
        if (code == 0) {
            code = c->ops.receive_frame(c->id, frame, message, sizeof message);
        }
    }
    return code == 0 ? ACL_SUCCESS : executor_error(code, message, fn);
}

aclError aclemu_codec_encode(aclemu_codec *c, const aclemu_media_frame *frame, void *out, size_t capacity,
                             size_t *size, const char *fn)
{
    char message[MESSAGE_LEN] = "";
    int64_t pts = 0;
    int32_t code = c->ops.send_frame(c->id, frame, message, sizeof message);
    if (code == 0) {
        code = c->ops.send_frame(c->id, NULL, message, sizeof message); /* one picture: flush */
    }
    if (code == 0) {
        code = c->ops.receive_packet(c->id, out, capacity, size, &pts, message, sizeof message);
    }
    return code == 0 ? ACL_SUCCESS : executor_error(code, message, fn);
}

void aclemu_codec_close(aclemu_codec *c)
{
    if (c->open) {
        c->ops.close(c->id);
        c->open = false;
    }
}

aclError aclemu_codec_check_decode(const acldvppChannelDesc *channel, uint32_t mode, const void *data,
                                   uint32_t size, const acldvppPicDesc *output, aclemu_dvpp_channel *ch,
                                   aclemu_dvpp_pic *out, const char *fn)
{
    aclError err = aclemu_dvpp_channel_get(channel, mode, fn, ch);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (data == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, data == NULL ? "data is NULL" : "size is 0");
    }
    err = aclemu_dvpp_mem_check(data, size, true, fn, "data");
    if (err != ACL_SUCCESS) {
        return err;
    }
    err = aclemu_dvpp_pic_get(output, fn, "outputDesc", out);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (out->data == NULL || out->size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: outputDesc has %s", fn,
                                out->data == NULL ? "no data buffer" : "a size of 0");
    }
    return aclemu_dvpp_mem_check(out->data, out->size, true, fn, "outputDesc data");
}

aclError aclemu_codec_check_room(const aclemu_dvpp_pic *pic, size_t need, const char *fn)
{
    if (pic->size < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: the output picture needs %zu bytes but outputDesc's size is %u", fn, need,
                                pic->size);
    }
    return aclemu_dvpp_mem_check(pic->data, need, true, fn, "outputDesc data");
}

aclError aclemu_codec_fail(acldvppPicDesc *output, aclError code)
{
    aclError reported = code == ACL_ERROR_API_NOT_SUPPORT ? code : ACLEMU_CODEC_TASK_ERROR;
    if (output != NULL) {
        aclemu_dvpp_pic_set_ret_code(output, (uint32_t)reported);
    }
    if (reported != code) { /* keep the explanation, under the code the sync reports */
        char message[MESSAGE_LEN];
        snprintf(message, sizeof message, "%s", aclemu_peek_error());
        aclemu_set_error(reported, "%s", message);
    }
    return reported;
}

void aclemu_codec_free_task(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

typedef struct decode_task {
    const uint8_t *data;
    uint32_t size;
    acldvppPicDesc *output;
    aclemu_dvpp_pic pic; /* snapshots at submission */
    aclemu_dvpp_channel channel;
    aclemu_picture_decoder decode;
} decode_task;

static aclError run_decode(void *arg)
{
    decode_task *t = arg;
    aclemu_dvpp_pic done = t->pic;
    aclError err = t->decode(t->data, t->size, &t->channel, &done);
    if (err != ACL_SUCCESS) {
        return aclemu_codec_fail(t->output, err);
    }
    done.ret_code = 0;
    aclemu_dvpp_pic_put(t->output, &done);
    return ACL_SUCCESS;
}

aclError aclemu_codec_submit_decode(const acldvppChannelDesc *channel, uint32_t mode, const void *data,
                                    uint32_t size, acldvppPicDesc *output, aclrtStream stream,
                                    bool (*accepts)(acldvppPixelFormat), aclemu_picture_decoder decode,
                                    const char *fn)
{
    aclemu_dvpp_pic pic;
    aclemu_dvpp_channel ch;
    aclError err = aclemu_codec_check_decode(channel, mode, data, size, output, &ch, &pic, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!accepts(pic.format)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the decoder does not output %s", fn,
                                aclemu_pixfmt_name(pic.format));
    }
    decode_task *t = malloc(sizeof *t);
    if (t == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    *t = (decode_task){data, size, output, pic, ch, decode};
    return aclemu_stream_submit(stream, run_decode, t, aclemu_codec_free_task, fn);
}
