#!/usr/bin/env bash
# Makes the checkout ready to run: Debian packages, npm dependencies, build.
# Each part is skipped when already done, so a second run takes a moment.
#
#   bash scripts/setup.sh [--quiet]
#     --quiet  print nothing on stdout; progress of real work (installs,
#              builds) goes to stderr, errors always do
# Environment: SETUP_EXTRA_PACKAGES="pkg1 pkg2" adds Debian packages;
#   SETUP_APT_LOCK_WAIT_S (default 120) bounds each wait for the dpkg lock.
set -Eeuo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source=scripts/lib/node-runtime.sh
source "$ROOT/scripts/lib/node-runtime.sh"
# shellcheck source=scripts/lib/debian-packages.sh
source "$ROOT/scripts/lib/debian-packages.sh"
# shellcheck source=scripts/lib/npm-deps.sh
source "$ROOT/scripts/lib/npm-deps.sh"

DID_WORK=0

parse_args() {
  local arg
  for arg in "$@"; do
    case $arg in
      --quiet) QUIET=1 ;;
      -h | --help)
        sed -n '2,/^[^#]/s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
        exit 0
        ;;
      *) die "setup: unknown option '$arg' (usage: bash scripts/setup.sh [--quiet])" ;;
    esac
  done
}

build() {
  local stamp="$ROOT/dist/.build-stamp" before="" after=""
  [[ -f $stamp ]] && before="$(<"$stamp")"
  if ((QUIET)); then
    node "$ROOT/scripts/build.js" --terse >&2 || die "setup: the build failed (see above)."
  else
    node "$ROOT/scripts/build.js" --terse || die "setup: the build failed (see above)."
  fi
  [[ -f $stamp ]] && after="$(<"$stamp")"
  [[ $before == "$after" ]] || DID_WORK=1
}

main() {
  parse_args "$@"
  install_error_trap setup
  local started
  started=$(now_ms)
  cd "$ROOT"
  check_node
  ensure_debian_packages
  ensure_npm_deps
  build
  if ((DID_WORK)); then
    note "setup: ready ($(since "$started"))"
  else
    note "setup: up to date ($(since "$started"))"
  fi
}

main "$@"
