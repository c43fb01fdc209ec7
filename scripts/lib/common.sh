# Shared helpers for the set-up scripts. Source it; do not run it.
# shellcheck shell=bash disable=SC2034 # globals are read by the sourcing script

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly ROOT

# Set by the caller's option parsing; in quiet mode progress goes to stderr so
# stdout stays clean for commands such as `npm run keys`.
QUIET=0

now_ms() {
  local us=${EPOCHREALTIME/[.,]/}
  printf '%d\n' $((us / 1000))
}

# Formats a duration given in milliseconds: "0.4 s", "37.2 s", "2 min 05 s".
format_ms() {
  local ms=$1
  if ((ms >= 60000)); then
    printf '%d min %02d s\n' $((ms / 60000)) $((ms % 60000 / 1000))
  else
    printf '%d.%d s\n' $((ms / 1000)) $((ms % 1000 / 100))
  fi
}

since() {
  format_ms $(($(now_ms) - $1))
}

# Progress: shown unless quiet, where it moves to stderr (work that takes
# minutes must never look like a hang).
say() {
  if ((QUIET)); then
    printf '%s\n' "$*" >&2
  else
    printf '%s\n' "$*"
  fi
}

# Results that only matter interactively ("up to date"): hidden when quiet.
note() {
  ((QUIET)) || printf '%s\n' "$*"
}

die() {
  printf '%s\n' "$@" >&2
  exit 1
}

# Unexpected failures name the command and line instead of exiting silently.
on_error() {
  local rc=$1 line=$2 cmd=$3 script=$4
  printf '%s: failed (exit %d) at line %d: %s\n' "$script" "$rc" "$line" "$cmd" >&2
}

install_error_trap() {
  local script=$1
  # shellcheck disable=SC2064 # expand the script name now, the rest at trap time
  trap "on_error \$? \$LINENO \"\$BASH_COMMAND\" '$script'" ERR
}
