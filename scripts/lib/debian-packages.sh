# Installs the Debian packages listed in scripts/debian-packages.txt (and, for
# `npm test`, SETUP_FOR_TESTS=1, those in scripts/debian-test-packages.txt)
# when some are missing. Source it after common.sh.
# shellcheck shell=bash disable=SC2034 # globals are read by the sourcing script

PACKAGE_LISTS=("$ROOT/scripts/debian-packages.txt")
if [[ ${SETUP_FOR_TESTS:-0} == 1 ]]; then PACKAGE_LISTS+=("$ROOT/scripts/debian-test-packages.txt"); fi
APT_LOCK_WAIT_S=${SETUP_APT_LOCK_WAIT_S:-120}

# One name per line; blank lines and "#" comments are ignored.
# SETUP_EXTRA_PACKAGES (space or comma separated) adds names, e.g. for a
# machine-specific need or to try the missing-package path.
wanted_packages() {
  local line name list
  for list in "${PACKAGE_LISTS[@]}"; do
    [[ -f $list ]] || continue
    while IFS= read -r line || [[ -n $line ]]; do
      line=${line%%#*}
      name=${line//[[:space:]]/}
      [[ -n $name ]] && printf '%s\n' "$name"
    done <"$list"
  done
  local extra=${SETUP_EXTRA_PACKAGES:-}
  for name in ${extra//,/ }; do
    printf '%s\n' "$name"
  done
}

# Names end up in a command line we print for the user to paste, so only
# well-formed Debian package names are accepted.
check_package_names() {
  local name
  for name in "$@"; do
    [[ $name =~ ^[a-z0-9][a-z0-9+.-]+$ ]] ||
      die "setup: '$name' (scripts/debian-packages.txt or SETUP_EXTRA_PACKAGES) is not a valid Debian package name."
  done
}

missing_packages() {
  local name status
  for name in "$@"; do
    status="$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null || true)"
    [[ $status == "install ok installed" ]] || printf '%s\n' "$name"
  done
}

# Runs apt-get as root (directly or through passwordless sudo). apt waits for
# the dpkg lock itself; if it is still busy (another install, unattended
# upgrades) we wait once more and retry once.
apt_get() {
  local log=$1
  shift
  local -a as_root=()
  ((EUID == 0)) || as_root=(sudo -n)
  local attempt
  for attempt in 1 2; do
    if "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
      apt-get -o "DPkg::Lock::Timeout=$APT_LOCK_WAIT_S" "$@" </dev/null >"$log" 2>&1; then
      return 0
    fi
    if ((attempt == 1)) && grep -qi 'could not get lock' "$log"; then
      say "setup: the dpkg lock is still busy; waiting up to ${APT_LOCK_WAIT_S} s more before retrying once"
      continue
    fi
    return 1
  done
}

explain_apt_failure() {
  local log=$1 what=$2
  printf 'setup: %s failed; last lines of its output:\n' "$what" >&2
  tail -n 15 "$log" | sed 's/^/  | /' >&2
  local unknown
  unknown="$(sed -n 's/^E: Unable to locate package \(.*\)$/\1/p' "$log" | tr '\n' ' ')"
  if [[ -n $unknown ]]; then
    printf 'setup: not available from your apt sources: %s(this project targets Debian 12 "bookworm"; enable its main repository or install an equivalent by hand)\n' "$unknown" >&2
  fi
}

install_packages() {
  local log started
  log="$(mktemp -t setup-apt.XXXXXX)"
  started=$(now_ms)
  say "setup: installing Debian packages: $* (this can take a few minutes)"
  # Lists can be stale or absent (fresh containers), and a partly failing
  # update (one unreachable mirror) should not stop an install that can work.
  apt_get "$log" update || say "setup: apt-get update reported errors; trying the install anyway"
  if ! apt_get "$log" install -y --no-install-recommends "$@"; then
    explain_apt_failure "$log" "apt-get install $*"
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  say "setup: Debian packages installed ($(since "$started"))"
}

# Sets DID_WORK=1 when it installed something.
ensure_debian_packages() {
  local -a wanted missing
  mapfile -t wanted < <(wanted_packages)
  ((${#wanted[@]})) || return 0
  check_package_names "${wanted[@]}"
  if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    say "setup: not a Debian/Ubuntu system (no dpkg-query/apt-get); make sure the equivalents of these are installed: ${wanted[*]}"
    return 0
  fi
  mapfile -t missing < <(missing_packages "${wanted[@]}")
  ((${#missing[@]})) || return 0
  if ((EUID != 0)) && ! sudo -n true >/dev/null 2>&1; then
    die "setup: missing Debian packages: ${missing[*]}" \
      "setup: installing them needs root; run this once, then run the command again:" \
      "sudo apt-get install -y ${missing[*]}"
  fi
  install_packages "${missing[@]}"
  mapfile -t missing < <(missing_packages "${wanted[@]}")
  ((${#missing[@]} == 0)) || die "setup: apt-get finished but these packages are still not installed: ${missing[*]}"
  DID_WORK=1
}
