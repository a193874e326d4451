#!/usr/bin/env bash
# ArenaScope quick start for a fresh Debian 12 machine.
#   scripts/arenascope.sh run    install what is missing, build, open the app on the bundled example
#   scripts/arenascope.sh test   install what is missing, build, run every test
#   scripts/arenascope.sh build  install what is missing and build only
#   scripts/arenascope.sh package  install what is missing, build, make the Debian package
#                                  (build/packages/arenascope_VERSION_ARCH.deb) and run lintian on it
#   scripts/arenascope.sh web-build  the core as WebAssembly and the page: build-web/site/ (index.html)
#   scripts/arenascope.sh web        web-build, then serve build-web/site on 127.0.0.1 (the URL is printed)
#   scripts/arenascope.sh web-test   web-build, then the WebAssembly tests and the browser test
#   scripts/arenascope.sh web-bench  web-build, then the browser benchmark (size, timings, main-thread gaps)
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

# install_packages WHAT PACKAGE...: apt-get installs those of PACKAGE... not installed yet; a
# COMMAND=PACKAGE argument wants PACKAGE only when COMMAND is not on the PATH.
install_packages() {
  local what="$1" missing=() p
  shift
  for p in "$@"; do
    if [[ "$p" == *=* ]]; then
      command -v "${p%%=*}" >/dev/null || missing+=("${p#*=}")
    else
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing$what: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

install_missing() {
  install_packages "" "${packages[@]}"
}

build() {
  local extra=()
  # CI treats warnings as errors (STYLE.md rule 23).
  [ "${CI:-}" = "true" ] && extra+=(-DARENASCOPE_WERROR=ON)
  cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${extra[@]}" ${ARENASCOPE_CMAKE_ARGS:-}
  cmake --build "$build_dir" -j "$jobs"
}

# ---- In the browser (issue 36): the core as WebAssembly, the page (web/), their tests ----------
# Debian's emscripten and chromium; Node.js and npm as the machine has them (Debian's otherwise);
# playwright-core from npm, pinned in web/tests/package-lock.json, driving the system chromium.
web_dir="${ARENASCOPE_WEB_BUILD_DIR:-$here/build-web}"
web_packages=(emscripten chromium libgtest-dev nlohmann-json3-dev libflatbuffers-dev flatbuffers-compiler
  cmake ninja-build)

install_web() {
  # Node.js and npm as the machine has them, Debian's otherwise
  install_packages " for the browser build" "${web_packages[@]}" node=nodejs npm=npm
}

web_build() {
  install_web
  emcmake cmake -S "$here/web" -B "$web_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$web_dir" -j "$jobs"
  echo "The site: $web_dir/site/index.html ($(du -sk "$web_dir/site" | cut -f1) KiB; arenascope.wasm" \
    "$(gzip -9c "$web_dir/site/arenascope.wasm" | wc -c) B gzipped)"
}

web_npm() {
  (cd "$here/web/tests" && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error; })
}

# The WebAssembly core tests under Node, the plan-equality test against the native CLI
# ($build_dir/app/arenascope), and the browser test in one Chromium session.
web_test() {
  node "$web_dir/arenascope_web_core_tests.js" --gtest_brief=1
  web_npm
  ARENASCOPE_CLI="$build_dir/app/arenascope" ARENASCOPE_WEB_SITE="$web_dir/site" \
    ARENASCOPE_SHARED_DIR="${ARENASCOPE_SHARED_DIR:-$here/../shared}" \
    ARENASCOPE_SCREENSHOTS="$web_dir/screenshots" ARENASCOPE_WEB_REQUIRED=1 \
    node --test --test-concurrency=1 "$here/web/tests/plan_equality.test.mjs" "$here/web/tests/browser.test.mjs"
}

# The test command's browser step: installs what it needs; skips, saying so, when it cannot.
web_test_step() {
  local started=$SECONDS
  if ! install_web || ! command -v emcc >/dev/null || ! [ -x /usr/bin/chromium ]; then
    echo "SKIPPED: the WebAssembly and browser tests (emscripten or chromium could not be installed)"
    return 0
  fi
  web_build
  web_test
  echo "The browser step took $((SECONDS - started)) s."
}
# ---- end of the browser block -----------------------------------------------------------------

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
    # The core as WebAssembly and the page in Chromium (README: In the browser).
    web_test_step
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
  web-build)
    web_build
    ;;
  web)
    web_build
    exec node "$here/web/tools/serve.mjs" "$web_dir/site" "${ARENASCOPE_WEB_PORT:-8036}"
    ;;
  web-test)
    install_missing; build; web_build; web_test
    ;;
  web-bench)
    web_build; web_npm
    ARENASCOPE_WEB_SITE="$web_dir/site" node "$here/web/tests/bench.mjs"
    ;;
  *)
    echo "usage: $0 run [MODEL.tflite] | test | build | package | web-build | web | web-test | web-bench" >&2
    exit 2
    ;;
esac
