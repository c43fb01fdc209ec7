#!/usr/bin/env bash
# `npm test`: the same set-up as `npm start`, then `npm run lint` (ESLint and
# the layering check), then the jest tiers in order (unit, integration, fuzz,
# parity, e2e), stopping at the first that fails, and the end-to-end render
# tests once more with RENDER_ENGINE=remotion so the reference engine cannot
# rot while `auto` takes the compositor.
# Extra arguments go to every jest tier (and skip the lint and the Remotion re-run):
#   npm test -- src/tasks -t "rejects"
set -Eeuo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

TIERS=(lint unit integration fuzz parity e2e render-remotion)

# Integration and end-to-end suites each start their own services (data directory, private
# redis-server or key prefix, database, port), so two run side by side and use the cores the
# waiting one leaves idle (docs/performance.md). Fuzz measures event-loop delay and parity is one
# file: in band. Jest may end these tiers with "A worker process has failed to exit gracefully":
# no handle is left open; the worker's heap takes longer to free than jest's fixed 500 ms
# (docs/performance.md, "Jest's worker warning").
SIDE_BY_SIDE=--maxWorkers=2

jest_args() {
  local tier=$1
  shift
  if [[ $tier == render-remotion ]]; then
    printf '%s\0' --selectProjects e2e "$SIDE_BY_SIDE" "$ROOT/test/e2e/render"
    return
  fi
  local -a args=(--selectProjects "$tier")
  case $tier in
    integration | e2e) args+=("$SIDE_BY_SIDE") ;;
    fuzz | parity) args+=(--runInBand) ;;
  esac
  # A filter usually matches files of one tier only; the others must not fail.
  (($# == 0)) || args+=(--passWithNoTests "$@")
  printf '%s\0' "${args[@]}"
}

main() {
  install_error_trap test
  SETUP_FOR_TESTS=1 bash "$ROOT/scripts/setup.sh" || exit $?
  cd "$ROOT"
  local started tier tier_started rc=0 summary="" failed=""
  local -a args
  started=$(now_ms)
  for tier in "${TIERS[@]}"; do
    if [[ $tier == lint || $tier == render-remotion ]] && (($# > 0)); then continue; fi
    say "test: $tier ..."
    tier_started=$(now_ms)
    if [[ $tier == lint ]]; then
      npm run --silent lint || rc=$?
    else
      mapfile -d '' -t args < <(jest_args "$tier" "$@")
      if [[ $tier == render-remotion ]]; then
        RENDER_ENGINE=remotion "$ROOT/node_modules/.bin/jest" "${args[@]}" || rc=$?
      else
        "$ROOT/node_modules/.bin/jest" "${args[@]}" || rc=$?
      fi
    fi
    if ((rc != 0)); then
      failed=$tier
      summary+="${summary:+, }$tier FAILED ($(since "$tier_started"))"
      break
    fi
    summary+="${summary:+, }$tier passed ($(since "$tier_started"))"
  done
  if [[ -n $failed ]]; then
    say "test: FAILED in the $failed tier (exit $rc): $summary; total $(since "$started")"
    exit "$rc"
  fi
  say "test: all passed: $summary; total $(since "$started")"
}

main "$@"
