#!/usr/bin/env bash
# ArenaScope quick start for a fresh Debian 12 machine.
#   scripts/arenascope.sh run    install what is missing, build, open the app on the bundled example
#   scripts/arenascope.sh test   install what is missing, build, run every test
#   scripts/arenascope.sh build  install what is missing and build only
#   scripts/arenascope.sh package  install what is missing, build, make the Debian package
#                                  (build/packages/arenascope_VERSION_ARCH.deb) and run lintian on it
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ARENASCOPE_BUILD_DIR:-$here/build}"
jobs="$(nproc 2>/dev/null || echo 2)"

packages=(
  cmake g++ ninja-build pkg-config
  qt6-base-dev libgl-dev libqcustomplot-dev
  libflatbuffers-dev flatbuffers-compiler
  libgtest-dev libgmock-dev libbenchmark-dev nlohmann-json3-dev
  xvfb xauth fonts-dejavu-core clang-format git
  clang libclang-rt-14-dev
  # the package and the desktop integration, and their tests (tests/packaging)
  dpkg-dev lintian file desktop-file-utils appstream shared-mime-info xdg-utils libfile-mimeinfo-perl
  man-db zsh
)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  local extra=()
  # CI treats warnings as errors (STYLE.md rule 23).
  [ "${CI:-}" = "true" ] && extra+=(-DARENASCOPE_WERROR=ON)
  cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${extra[@]}" ${ARENASCOPE_CMAKE_ARGS:-}
  cmake --build "$build_dir" -j "$jobs"
}

case "${1:-run}" in
  run)
    install_missing; build
    model="${2:-$here/models/example_kws_int8.tflite}"
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "${QT_QPA_PLATFORM:-}" != offscreen ]; then
      echo "No display found: starting the app under xvfb-run."
      exec xvfb-run -a "$build_dir/app/arenascope" "$model"
    fi
    exec "$build_dir/app/arenascope" "$model"
    ;;
  test)
    install_missing; build
    (cd "$build_dir" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$jobs")
    # The same core tests (fidelity and fuzz regressions included) under AddressSanitizer and
    # UndefinedBehaviorSanitizer, then each fuzz target briefly (README: Reliability).
    cmake --preset asan-core -S "$here" ${ARENASCOPE_CMAKE_ARGS:-} >/dev/null
    cmake --build "$here/build-asan-core" -j "$jobs"
    (cd "$here/build-asan-core" && ctest --output-on-failure -j "$jobs")
    # A fixed number of inputs from a fixed seed: the same run every time (no flaky CI).
    ARENASCOPE_FUZZ_RUNS="${ARENASCOPE_FUZZ_RUNS:-2000}" "$here/scripts/fuzz.sh" all
    ;;
  build)
    install_missing; build
    ;;
  package)
    install_missing; build
    # CPack installs the build into a staging folder, strips it, and dpkg-shlibdeps names the
    # libraries it needs (packaging/CMakeLists.txt).
    rm -f "$build_dir"/packages/arenascope_*.deb
    (cd "$build_dir" && cpack -G DEB)
    deb="$(ls "$build_dir"/packages/arenascope_*.deb)"
    lintian --fail-on error "$deb"
    echo "$deb: $(du -k "$deb" | cut -f1) KiB, installed $(dpkg-deb -f "$deb" Installed-Size) KiB"
    echo "Install it with: sudo apt install $deb"
    ;;
  *)
    echo "usage: $0 run [MODEL.tflite] | test | build | package" >&2
    exit 2
    ;;
esac
