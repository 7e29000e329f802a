/*
 * The SoC the emulator presents itself as: aclrtGetSocName, ACL_DEV_ATTR_NPU_ARCH and the platform
 * queries read it from here, so they always agree.
 *
 * By default the emulated chip is "Ascend-Emulator" with NPU arch 0: it is no Ascend chip, and 0
 * is a number no real architecture uses, so code that branches on the architecture takes no
 * hardware-specific path by mistake. ACL_EMU_SOC_VERSION=<name> emulates a named SoC instead;
 * aclInit reads it once (under its lock, so every later query sees one choice) and refuses a
 * name missing from the table below.
 *
 * The table is reviewed data: SoC version names as aclrtGetSocName reports them on each product
 * family, with the __NPU_ARCH__ number Huawei's public Ascend C documentation gives for the family
 * (Atlas training series 1001; Atlas inference series, Ascend310P*, 2002; Atlas A2 and A3 series,
 * Ascend910B* and Ascend910_93*, 2201; Atlas 200I/500 A2, Ascend310B*, 3002; Ascend 950PR/DT 3510).
 * Names whose family the public documents do not tie to a number (Ascend310, the bare
 * "Ascend910B" of older releases, virtual-instance names) are left out rather than guessed.
 */
#include "core_base.h"

#include <stdlib.h>
#include <strings.h>

typedef struct soc_entry {
    const char *name;
    int64_t npu_arch;
} soc_entry;

static const soc_entry SOCS[] = {
    {"Ascend-Emulator", 0},
    {"Ascend910A", 1001},      {"Ascend910ProA", 1001},   {"Ascend910ProB", 1001},
    {"Ascend910PremiumA", 1001},
    {"Ascend310P1", 2002},     {"Ascend310P3", 2002},     {"Ascend310P5", 2002},
    {"Ascend310P7", 2002},
    {"Ascend910B1", 2201},     {"Ascend910B2", 2201},     {"Ascend910B2C", 2201},
    {"Ascend910B3", 2201},     {"Ascend910B4", 2201},     {"Ascend910B4-1", 2201},
    {"Ascend910_9362", 2201},  {"Ascend910_9372", 2201},  {"Ascend910_9381", 2201},
    {"Ascend910_9382", 2201},  {"Ascend910_9391", 2201},  {"Ascend910_9392", 2201},
    {"Ascend310B1", 3002},     {"Ascend310B2", 3002},     {"Ascend310B3", 3002},
    {"Ascend310B4", 3002},
    {"Ascend950PR", 3510},     {"Ascend950DT", 3510},
};

static pthread_mutex_t soc_lock = PTHREAD_MUTEX_INITIALIZER;
static const soc_entry *current_soc = &SOCS[0];

aclError aclemu_soc_select(const char *fn)
{
    const char *wanted = getenv("ACL_EMU_SOC_VERSION");
    const soc_entry *found = &SOCS[0];
    if (wanted != NULL && wanted[0] != '\0') {
        found = NULL;
        for (size_t i = 0; i < sizeof SOCS / sizeof SOCS[0] && found == NULL; i++) {
            if (strcasecmp(wanted, SOCS[i].name) == 0) {
                found = &SOCS[i];
            }
        }
        if (found == NULL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                    "%s: ACL_EMU_SOC_VERSION='%.64s' is not a SoC the emulator knows (one of "
                                    "Ascend-Emulator, Ascend910A/ProA/ProB/PremiumA, Ascend310P1/3/5/7, "
                                    "Ascend910B1/B2/B2C/B3/B4/B4-1, Ascend910_9362/9372/9381/9382/9391/9392, Ascend310B1/2/3/4, "
                                    "Ascend950PR/DT; see README.md)", fn, wanted);
        }
    }
    pthread_mutex_lock(&soc_lock);
    current_soc = found;
    pthread_mutex_unlock(&soc_lock);
    return ACL_SUCCESS;
}

const char *aclemu_soc_name(void)
{
    pthread_mutex_lock(&soc_lock);
    const char *name = current_soc->name;
    pthread_mutex_unlock(&soc_lock);
    return name;
}

int64_t aclemu_soc_npu_arch(void)
{
    pthread_mutex_lock(&soc_lock);
    int64_t arch = current_soc->npu_arch;
    pthread_mutex_unlock(&soc_lock);
    return arch;
}
