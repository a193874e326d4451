#!/usr/bin/env bash
# Bare-metal Cortex-M55 (MVE) build of the oracle harness with TFLM's CMSIS-NN
# kernels, run on QEMU's mps3-an547.
#
# Adapted from ../shared/harness/oracle/build_baremetal.sh (Cortex-M4/M3 on
# mps2-an38x), whose steps it keeps: TFLM's own Makefile builds
# libtensorflow-microlite.a, then harness.cc and PythonOpsResolver are compiled
# with that Makefile's CXXFLAGS and INCLUDES and linked with the harness's
# baremetal/startup.c, newlib + librdimon (semihosting).  harness.cc,
# startup.c and oracle_sections.ld are used from the harness folder by path.
# What differs:
#   - TARGET_ARCH=cortex-m55 FLOAT=softfp (the Makefile's default for the M55
#     is FLOAT=hard; softfp keeps MVE and is how the shared oracle's
#     cm55_cmsisnn figures were built; the float ABI does not touch the arena);
#     the harness gets -mcpu=cortex-m55 -mfloat-abi=softfp;
#   - m55_boot.c (FPU/MVE enable, ARMv8-M MPU null guard) boots the board and
#     jumps to startup.c's Reset_Handler, and ends a minimum-search trial that
#     aborts (-Wl,--wrap=abort) as a failed trial; mps3_an547.ld (arena:
#     64 MiB of DDR at 0x62000000);
#   - the Makefile's CC_WARNINGS plus -Wno-error=maybe-uninitialized (GCC 12
#     on the M55 warns falsely in b8c7ecc1's decode_state_lut.cc);
#   - an object GCC crashes on (4e62ea7b's CMSIS-NN arm_softmax_s8.c for MVE)
#     is compiled at -O0 from the Makefile's own command line;
#   - the snapshots before 90b983c2 have no print-% target: one is added
#     with --eval under another name, as the 4e62ea7b build did.
#   - TFLM_API=2023 (4e62ea7b): the options the Cortex-M4 build of that
#     snapshot used (tests/fidelity/measured/README.md, "The 4e62ea7b CMSIS-NN
#     builds"): its Makefile has no list_gendir target either (the library is
#     found under BASE_GENDIR), it has no PythonOpsResolver (the harness is
#     compiled with -DORACLE_TFLM_2023 -I ORACLE_DIR/shim2023, which maps it
#     to AllOpsResolver, and no resolver source is linked), and its AbortImpl
#     logs "HALTED" with a newline, which halted_2023.c (-Wl,--wrap=DebugLog)
#     hands to the harness's escape as "HALTED".  The null-pointer guard that
#     build also needed is m55_boot.c's, in every build.
#
# usage: [TFLM_API=2023] build_m55.sh TFLM_DIR BUILD_DIR
#   TFLM_DIR  a tflm/ tree as ../shared/harness/oracle/setup_sources.sh lays it
#             out, with downloads/cmsis_nn and downloads/cmsis (and
#             downloads/cmsis/Cortex_DFP where the snapshot pins CMSIS_6) at the
#             pins of its own ext_libs/cmsis_nn_download.sh and cmsis_download.sh
#   BUILD_DIR output; the firmware is BUILD_DIR/cm55/harness.elf
# environment:
#   ORACLE_DIR  the harness folder (default: ../shared/harness/oracle next to
#               this repository's checkout)
#   TFLM_COMMIT_ID  full commit id the JSON's tflm_commit reports (default:
#               TFLM_DIR/.extracted, as setup_sources.sh writes it)
#   DEPS_TEXT   what the JSON's build.deps says
#   JOBS        parallel make jobs (default: nproc)
#   PYTHON3     python3 with numpy (default: the first on PATH that has it)
#   TFLM_API    2023 for 4e62ea7b's API (above); empty (the default) from 71fba59b on
# run: python3 ORACLE_DIR/run.py --harness BUILD_DIR/cm55/harness.elf \
#        --qemu-system "qemu-system-arm -M mps3-an547" --abi cm55_cmsisnn ...
set -euo pipefail
TFLM=$(cd "${1:?usage: build_m55.sh TFLM_DIR BUILD_DIR}" && pwd)
mkdir -p "${2:?usage: build_m55.sh TFLM_DIR BUILD_DIR}"
OUT=$(cd "$2" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ORACLE_DIR=${ORACLE_DIR:-$(cd "$HERE/../../../.." && pwd)/../shared/harness/oracle}
test -f "$ORACLE_DIR/harness.cc" || { echo "no harness.cc in ORACLE_DIR=$ORACLE_DIR" >&2; exit 2; }
ORACLE_DIR=$(cd "$ORACLE_DIR" && pwd)
# CMSIS-NN and CMSIS (CMSIS_6 + Cortex_DFP from 10ebaab9's pins on, CMSIS_5 before)
DL=$TFLM/tensorflow/lite/micro/tools/make/downloads
NEEDED="cmsis_nn cmsis/CMSIS"
if grep -q Cortex_DFP "$TFLM/tensorflow/lite/micro/tools/make/ext_libs/cmsis_download.sh"; then
  NEEDED="$NEEDED cmsis/Cortex_DFP"
fi
for d in $NEEDED; do
  test -d "$DL/$d" ||
    { echo "missing downloads/$d in $TFLM (the snapshot's ext_libs/cmsis_nn_download.sh and cmsis_download.sh pins)" >&2; exit 2; }
done
if [ -z "${TFLM_COMMIT_ID:-}" ]; then
  TFLM_COMMIT_ID=$(cat "$TFLM/.extracted" 2>/dev/null || true)
fi
: "${TFLM_COMMIT_ID:?set TFLM_COMMIT_ID (no .extracted in TFLM_DIR)}"
: "${DEPS_TEXT:?set DEPS_TEXT (the dependencies and their pins, for the JSON)}"
JOBS=${JOBS:-$(nproc)}
TFLM_API=${TFLM_API:-}
case "$TFLM_API" in
  2023) test ! -f "$TFLM/python/tflite_micro/python_ops_resolver.cc" ||
          { echo "TFLM_API=2023 but $TFLM has a PythonOpsResolver: build it without TFLM_API" >&2; exit 2; } ;;
  "") test -f "$TFLM/python/tflite_micro/python_ops_resolver.cc" ||
        { echo "no python/tflite_micro/python_ops_resolver.cc in $TFLM: a 2023 snapshot needs TFLM_API=2023" >&2; exit 2; } ;;
  *) echo "TFLM_API must be 2023 or empty, not '$TFLM_API'" >&2; exit 2 ;;
esac
T=cm55
ARCH=cortex-m55
CPU="-mcpu=cortex-m55 -mfloat-abi=softfp"
if [ -z "${PYTHON3:-}" ]; then
  for p in $(type -ap python3); do
    if "$p" -c 'import numpy' 2>/dev/null; then PYTHON3=$p; break; fi
  done
fi
: "${PYTHON3:?no python3 with numpy found; set PYTHON3}"
PYBIN=$(mktemp -d); ln -s "$PYTHON3" "$PYBIN/python3"; trap 'rm -rf "$PYBIN"' EXIT
GCC_BIN=$(dirname "$(command -v arm-none-eabi-g++)")/
MK=(make -f tensorflow/lite/micro/tools/make/Makefile TARGET=cortex_m_generic
    TARGET_ARCH=$ARCH FLOAT=softfp OPTIMIZED_KERNEL_DIR=cmsis_nn TARGET_TOOLCHAIN_ROOT=$GCC_BIN
    BASE_GENDIR=$OUT/$T/gen)
cd "$TFLM"
# The Makefile's own flags, read in one make call: the older Makefiles regenerate every
# example's model arrays (generate_cc_arrays.py) each time they are parsed, minutes under load.
VARS=$(PATH="$PYBIN:$PATH" "${MK[@]}" --eval 'm55-print-%: ; @echo $*=$($*)' \
  m55-print-CC_WARNINGS m55-print-CXXFLAGS m55-print-INCLUDES m55-print-KERNEL_OPTIMIZATION_LEVEL 2>/dev/null)
var() { printf '%s\n' "$VARS" | sed -n "s/^$1=//p" | tail -1; }
CXXFLAGS=$(var CXXFLAGS)
INCLUDES=$(var INCLUDES)
KOPT=$(var KERNEL_OPTIMIZATION_LEVEL)
# GCC 12 for the M55 (-Os) finds a false "may be used uninitialized" in b8c7ecc1's
# kernels/decode_state_lut.cc (a switch over every width), which the Makefile's -Werror
# makes fatal: the library gets the Makefile's own warnings with that one left a warning
# (the Cortex-M4/M3 builds of b8c7ecc1 pass the same).
MK+=("CC_WARNINGS=$(var CC_WARNINGS) -Wno-error=maybe-uninitialized")
mkdir -p "$OUT/$T"
PATH="$PYBIN:$PATH" "${MK[@]}" -j"$JOBS" microlite 2>&1 | tee "$OUT/$T/microlite.log" |
  grep -v 'already exists, skipping' || true
# GCC 12.2 crashes (internal compiler error in combine, at -O2, -Os and -O1) on the MVE
# arm_exp_on_negative_values_mve_32x4 of CMSIS-NN e98ee09a's SoftmaxFunctions/arm_softmax_s8.c
# (4e62ea7b's pin): an object the compiler crashes on is compiled again at -O0, with the
# Makefile's own command otherwise, and the library build resumed. Softmax's Eval code only:
# AllocateTensors does not run it.
if grep -q 'internal compiler error' "$OUT/$T/microlite.log"; then
  for obj in $(sed -n 's/^make: \*\*\* \[[^]]*: \([^]]*\.o\)\] Error 1$/\1/p' "$OUT/$T/microlite.log"); do
    cmd=$(grep -F -- "-o $obj" "$OUT/$T/microlite.log" | grep -v '^make' | tail -1)
    test -n "$cmd" || { echo "no compile command for $obj in the log" >&2; exit 1; }
    echo "internal compiler error on $obj: compiled at -O0"
    eval "$(printf '%s\n' "$cmd" | sed 's/ -O[0-3s] / -O0 /')"
  done
  PATH="$PYBIN:$PATH" "${MK[@]}" -j"$JOBS" microlite 2>&1 | grep -v 'already exists, skipping' || true
fi
if [ "$TFLM_API" = 2023 ]; then
  # no list_gendir target: the one library under BASE_GENDIR
  LIB=$(find "$OUT/$T/gen" -path '*/lib/libtensorflow-microlite.a' | head -1)
else
  GENDIR=$(PATH="$PYBIN:$PATH" "${MK[@]}" list_gendir 2>/dev/null | tail -1)
  LIB=$GENDIR/lib/libtensorflow-microlite.a
fi
test -f "$LIB" || { echo "library build failed" >&2; exit 1; }
case "$CXXFLAGS" in *"-mfloat-abi=softfp"*) ;; *) echo "the library is not softfp: $CXXFLAGS" >&2; exit 1 ;; esac
CXX=${GCC_BIN}arm-none-eabi-g++
CC=${GCC_BIN}arm-none-eabi-gcc
B=$OUT/$T
echo "compiling the harness for $T"
if [ "$TFLM_API" = 2023 ]; then
  API_DEFS="-DORACLE_TFLM_2023 -I$ORACLE_DIR/shim2023"
  API_TEXT=", TFLM 2023 API (AllOpsResolver, HALTED with a newline)"
  EXTRA_OBJS="$B/halted_2023.o"
  EXTRA_LDFLAGS="-Wl,--wrap=DebugLog"
  $CC $CPU -mthumb -O2 -c "$HERE/halted_2023.c" -o "$B/halted_2023.o"
else
  API_DEFS=""
  API_TEXT=""
  EXTRA_OBJS="$B/python_ops_resolver.o"
  EXTRA_LDFLAGS=""
  # shellcheck disable=SC2086
  eval "$CXX $CXXFLAGS $KOPT $INCLUDES -c python/tflite_micro/python_ops_resolver.cc -o $B/python_ops_resolver.o"
fi
# shellcheck disable=SC2086
eval "$CXX $CXXFLAGS $KOPT $INCLUDES -I$ORACLE_DIR $API_DEFS -DORACLE_BAREMETAL -DORACLE_LOG_CALLBACK \
  -DTFLM_COMMIT='\"$TFLM_COMMIT_ID\"' \
  -DHARNESS_ABI='\"cm55_cmsisnn\"' -DHARNESS_CXX='\"$($CXX --version | head -1)\"' \
  -DHARNESS_FLAGS='\"TFLM Makefile TARGET=cortex_m_generic TARGET_ARCH=$ARCH FLOAT=softfp OPTIMIZED_KERNEL_DIR=cmsis_nn microlite; $CPU; qemu-system-arm -M mps3-an547, arena 64 MiB of DDR at 0x62000000$API_TEXT\"' \
  -DHARNESS_DEPS='\"$DEPS_TEXT\"' \
  -c $ORACLE_DIR/harness.cc -o $B/harness.o"
# shellcheck disable=SC2086
$CC $CPU -mthumb -O2 -c "$ORACLE_DIR/baremetal/startup.c" -o "$B/startup.o"
# shellcheck disable=SC2086
$CC $CPU -mthumb -O2 -c "$HERE/m55_boot.c" -o "$B/m55_boot.o"
# shellcheck disable=SC2086
$CXX $CPU -mthumb --specs=rdimon.specs -nostartfiles -T "$HERE/mps3_an547.ld" -L "$ORACLE_DIR/baremetal" \
  -Wl,--gc-sections -Wl,--wrap=abort $EXTRA_LDFLAGS -o "$B/harness.elf" "$B/m55_boot.o" "$B/startup.o" "$B/harness.o" \
  $EXTRA_OBJS "$LIB" -lm
echo "built $B/harness.elf"
