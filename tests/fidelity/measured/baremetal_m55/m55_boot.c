/* Cortex-M55 boot shim of the oracle harness on QEMU's mps3-an547.
 *
 * Adapted from ../shared/harness/oracle/baremetal/startup.c, which is still
 * compiled and linked as it is (by path, never copied): its Reset_Handler
 * moves VTOR to its own run-time vector table, clears .bss, sets up
 * semihosting and runs the harness.  Two things an MVE core needs before
 * that code runs, which the MPS2 start-up (Cortex-M4 without FPU, M3) has
 * no reason to do:
 *
 *  1. Coprocessors 10 and 11 (FPU and MVE) enabled in CPACR: the library,
 *     the harness and newlib's v8-M softfp multilib are built with
 *     -mcpu=cortex-m55 and may use FP/MVE instructions anywhere, even in
 *     start-up loops the compiler vectorises; with CPACR at its reset value
 *     the first one is a NOCP UsageFault.
 *  2. The null-pointer guard the older-snapshot Cortex-M4 builds added to
 *     startup.c under -DORACLE_NULL_GUARD (tests/fidelity/measured/README.md)
 *     rebuilt for the ARMv8-M MPU: PMSAv8 has no "no access" permission, but
 *     an address hit by two enabled regions always faults, so two identical
 *     regions over the first 64 bytes make every access to them (read, write,
 *     fetch) a MemManage fault, escalated to startup.c's HardFault handler,
 *     which ends the trial as failed ("HardFault") instead of letting a
 *     failing kernel scribble over ITCM and run on.
 *
 * So the board boots through the table below (the linker script puts it at
 * address 0, where the core reads its reset vector) and this shim then jumps
 * to startup.c's Reset_Handler.
 *
 * One more escape (the build links with -Wl,--wrap=abort): a trial of the
 * harness's minimum search whose AllocateTensors ends in abort() (a failed
 * FLATBUFFERS_ASSERT after an earlier allocation failed: newlib prints the
 * assertion on stderr, then aborts) counts as a failed trial, as the host
 * builds count the SIGABRT of their forked trial, instead of ending the whole
 * run.  The harness reports such a trial as it reports a fault
 * ("HardFault"); outside a trial abort() stays abort(). */
#include <stdint.h>

extern uint32_t __stack_top;
extern void Reset_Handler(void); /* startup.c */
extern int oracle_fault_recoverable(void); /* harness.cc */
extern void oracle_fault_landing(void); /* harness.cc: longjmp out of the trial */
extern void __real_abort(void);

#define REG32(addr) (*(volatile uint32_t*)(addr))
#define SCB_CPACR 0xE000ED88u
#define MPU_CTRL 0xE000ED94u
#define MPU_RNR 0xE000ED98u
#define MPU_RBAR 0xE000ED9Cu
#define MPU_RLAR 0xE000EDA0u

static void null_guard(void)
{
    for (uint32_t region = 0; region < 2; ++region) {
        REG32(MPU_RNR) = region;
        /* base 0, non-shareable, read/write for any privilege, execute never */
        REG32(MPU_RBAR) = 0x00000000u | (1u << 1) | 1u;
        /* limit 0x3F (the field is bits 31:5, the low 5 bits read as ones),
         * attribute index 0, enabled */
        REG32(MPU_RLAR) = 0x00000020u | 1u;
    }
    /* PRIVDEFENA (the default map everywhere else) | ENABLE */
    REG32(MPU_CTRL) = (1u << 2) | 1u;
    __asm__ volatile("dsb\n isb" ::: "memory");
}

void M55_Reset_Handler(void)
{
    REG32(SCB_CPACR) |= (0xFu << 20); /* CP10, CP11: full access */
    __asm__ volatile("dsb\n isb" ::: "memory");
    null_guard();
    Reset_Handler();
}

/* reset-time table: initial SP and the reset vector are all the core reads
 * before startup.c moves VTOR to its own table */
__attribute__((section(".m55_boot"), used)) void (*const g_m55_boot[2])(void)
    = { (void (*)(void))(&__stack_top), M55_Reset_Handler };

void __wrap_abort(void)
{
    if (oracle_fault_recoverable())
        oracle_fault_landing();
    __real_abort();
    for (;;) { }
}
