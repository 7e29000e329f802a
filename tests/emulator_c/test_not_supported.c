/* The message and code the weak stubs rely on. */
#include "check.h"
#include "emu.h"

int main(void)
{
    CHECK_RET(aclemu_not_supported("aclFooBar"), ACL_ERROR_API_NOT_SUPPORT);
    CHECK_MSG("aclFooBar is not implemented by the ascendcl-cffi emulator");
    return finish("test_not_supported");
}
