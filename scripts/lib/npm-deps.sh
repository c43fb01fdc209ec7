# Installs npm dependencies when node_modules is missing or stale. Source it
# after common.sh and node-runtime.sh (needs NODE_RUNTIME).
# shellcheck shell=bash disable=SC2034 # globals are read by the sourcing script

INSTALL_STAMP="$ROOT/node_modules/.install-stamp"

# The stamp ties node_modules to the lock file and to the Node ABI and
# platform: native modules (sqlite3) built for another Node do not load.
wanted_install_stamp() {
  local lock_hash
  lock_hash="$(sha256sum "$ROOT/package-lock.json")"
  printf '%s node-abi-%s %s\n' "${lock_hash%% *}" "$(cut -d' ' -f2 <<<"$NODE_RUNTIME")" "$(cut -d' ' -f3 <<<"$NODE_RUNTIME")"
}

# Why node_modules needs `npm ci`, or nothing when an existing tree can be kept.
install_reason() {
  local wanted=$1 stamp="" mismatch
  [[ -d $ROOT/node_modules ]] || {
    echo "no node_modules"
    return
  }
  [[ -f $INSTALL_STAMP ]] && stamp="$(<"$INSTALL_STAMP")"
  [[ $stamp == "$wanted" ]] && return
  if [[ -n $stamp && ${stamp#* } != "${wanted#* }" ]]; then
    echo "Node.js ABI or platform changed"
    return
  fi
  # The lock changed (or was never stamped): a tree installed by hand with
  # `npm install` may already match it, and `npm ci` would wipe it for nothing.
  if mismatch="$(node "$ROOT/scripts/lib/lock-match.js" "$ROOT")"; then
    return
  fi
  echo "package-lock.json changed ($mismatch)"
}

# Runs npm with its output in $1, shown only when it fails.
run_npm() {
  local log=$1
  shift
  (cd "$ROOT" && PUPPETEER_SKIP_DOWNLOAD=1 npm "$@" --no-audit --no-fund --include=dev --include=optional --loglevel=error </dev/null >"$log" 2>&1)
}

# `npm ci` installs exactly the lock (package-lock.json lists every optional
# platform package, see scripts/lib/lock-complete.spec.js). --include overrides
# NODE_ENV=production or an omit= in the user's npmrc: the build needs
# devDependencies and rendering needs Remotion's optional compositor (its
# ffmpeg). Puppeteer's own browser is not used.
install_node_modules() {
  local log mismatch
  log="$(mktemp -t setup-npm.XXXXXX)"
  if ! run_npm "$log" ci; then
    cat "$log" >&2
    rm -f "$log"
    die "setup: npm ci failed (output above). Check the access to the npm registry and run again;" \
      "       if it says package.json and package-lock.json are not in sync, run npm install and commit package-lock.json."
  fi
  rm -f "$log"
  mismatch="$(node "$ROOT/scripts/lib/lock-match.js" "$ROOT")" ||
    die "setup: node_modules does not match package-lock.json after installing: $mismatch" \
      "       (if package.json changed, run npm install and commit package-lock.json)"
}

# Sets DID_WORK=1 when it installed or adopted node_modules.
ensure_npm_deps() {
  [[ -f $ROOT/package-lock.json ]] || die "setup: package-lock.json is missing; it is part of the repository, restore it (git checkout package-lock.json)."
  local wanted reason started
  wanted="$(wanted_install_stamp)"
  reason="$(install_reason "$wanted")"
  if [[ -z $reason ]]; then
    if [[ ! -f $INSTALL_STAMP || "$(<"$INSTALL_STAMP")" != "$wanted" ]]; then
      printf '%s\n' "$wanted" >"$INSTALL_STAMP"
      say "setup: node_modules already matches package-lock.json"
      DID_WORK=1
    fi
    return 0
  fi
  started=$(now_ms)
  say "setup: npm ci ($reason) ..."
  install_node_modules
  printf '%s\n' "$wanted" >"$INSTALL_STAMP"
  say "setup: npm dependencies installed ($(since "$started"))"
  DID_WORK=1
}
