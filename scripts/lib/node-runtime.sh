# Node.js version check. Source it after common.sh.
# shellcheck shell=bash

# Filled by check_node: "<node version> <module ABI> <platform>-<arch>".
NODE_RUNTIME=""

# package.json engines: ">=20.19 <21 || >=22" (20.19 is the first 20.x that
# can require() ES modules, which some dependencies rely on).
check_node() {
  command -v node >/dev/null 2>&1 ||
    die "setup: Node.js is not installed; install Node.js 20.19 or newer (20.x LTS or 22+) and run again."
  NODE_RUNTIME="$(node -p '[process.versions.node, process.versions.modules, process.platform + "-" + process.arch].join(" ")')"
  local version=${NODE_RUNTIME%% *} major minor rest
  IFS=. read -r major minor rest <<<"$version"
  if ((major < 20 || major == 21 || (major == 20 && minor < 19))); then
    die "setup: Node.js $version is too old or unsupported; this project needs Node.js 20.19+ (20.x) or 22+." \
      "       Install a newer Node.js (e.g. with nvm: nvm install 20) and run again."
  fi
  command -v npm >/dev/null 2>&1 || die "setup: npm is not on PATH (it ships with Node.js); fix the Node.js installation and run again."
}
