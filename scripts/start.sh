#!/usr/bin/env bash
# `npm start`: set up what is missing, build what changed, then serve.
# Extra arguments go to the server: npm start -- <args>
set -Eeuo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

main() {
  install_error_trap start
  bash "$ROOT/scripts/setup.sh" || exit $?
  local entry="$ROOT/dist/src/main.js"
  [[ -f $entry ]] || die "start: $entry is missing after the build; is src/main.ts there?"
  cd "$ROOT"
  exec node --enable-source-maps "$entry" "$@"
}

main "$@"
