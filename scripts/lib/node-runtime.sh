# Node.js version check. Source it after common.sh.
# shellcheck shell=bash

# Filled by check_node: "<node version> <module ABI> <platform>-<arch>".
NODE_RUNTIME=""

# package.json engines: "^22 || ^24 || ^20.19". 22 and 24 are the LTS lines
# tested (scripts/node-matrix.sh); 20 reached its end of life in April 2026 and
# is kept only while it still works (20.19 is the first 20.x that can require()
# ES modules, which some dependencies rely on).
check_node() {
  command -v node >/dev/null 2>&1 ||
    die "setup: Node.js is not installed; install Node.js 22 or 24 (LTS) and run again."
  NODE_RUNTIME="$(node -p '[process.versions.node, process.versions.modules, process.platform + "-" + process.arch].join(" ")')"
  local version=${NODE_RUNTIME%% *} major minor rest
  IFS=. read -r major minor rest <<<"$version"
  if ((major < 20 || major == 21 || (major == 20 && minor < 19))); then
    die "setup: Node.js $version is too old or unsupported; this project needs Node.js 22 or 24 (LTS)." \
      "       Install a newer Node.js (e.g. with nvm: nvm install 22) and run again."
  fi
  if ((major == 20)); then
    say "setup: Node.js $version reached its end of life in April 2026; it still works here, but move to 22 or 24 (LTS)."
  elif ((major != 22 && major != 24)); then
    say "setup: Node.js $version is not an LTS line this project is tested on (22, 24); it may work."
  fi
  command -v npm >/dev/null 2>&1 || die "setup: npm is not on PATH (it ships with Node.js); fix the Node.js installation and run again."
}
