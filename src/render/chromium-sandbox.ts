import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChromiumSandbox } from '../config/app-config';

export type { ChromiumSandbox };

/** The flags Remotion adds that switch the sandbox off (`--no-zygote` is refused with a sandbox). */
export const SANDBOX_DISABLING_FLAGS = ['--no-sandbox', '--disable-setuid-sandbox', '--no-zygote'] as const;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The launcher script: POSIX sh, so it needs nothing beyond util-linux's setpriv. */
export function sandboxLauncherScript(chromiumPath: string, user: string): string {
  const dropped = SANDBOX_DISABLING_FLAGS.join('|');
  return `#!/bin/sh
# Made by the render worker: starts Chromium with its sandbox on (see src/render/chromium-sandbox.ts).
set -eu
chromium=${shellQuote(chromiumPath)}
user=${shellQuote(user)}
data=''
for arg do
  shift
  case "$arg" in
    ${dropped}) ;;
    --user-data-dir=*) data="\${arg#--user-data-dir=}"; set -- "$@" "$arg" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
if [ "$(id -u)" = 0 ]; then
  uid=$(id -u "$user")
  gid=$(id -g "$user")
  if [ "$uid" = 0 ]; then echo "CHROMIUM_USER must not be root" >&2; exit 78; fi
  if [ -n "$data" ]; then chown -R "$uid:$gid" "$data"; fi
  # The parent-death signal is cleared by the change of user: set it again so the
  # browser still dies with the worker.
  exec setpriv --reuid="$uid" --regid="$gid" --clear-groups --inh-caps=-all --bounding-set=-all \\
    --no-new-privs --pdeathsig SIGKILL -- env HOME="\${data:-/tmp}" "$chromium" "$@"
fi
exec "$chromium" "$@"
`;
}

/**
 * The executable Remotion should launch: the browser itself when the sandbox is
 * off, else a launcher written to a private temporary folder (0700), removed by
 * `dispose`.
 */
export async function chromiumExecutable(chromiumPath: string, sandbox: ChromiumSandbox): Promise<{ path: string; dispose: () => Promise<void> }> {
  if (sandbox.mode === 'off') return { path: chromiumPath, dispose: async () => undefined };
  const dir = await fs.mkdtemp(join(tmpdir(), 'render-chromium-'));
  const path = join(dir, 'chromium-sandboxed');
  await fs.writeFile(path, sandboxLauncherScript(chromiumPath, sandbox.user), { mode: 0o700 });
  return { path, dispose: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Why Chromium may not have started with its sandbox on, with what it said. */
export function sandboxLaunchFailure(err: unknown, user: string): Error {
  const said = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  return new Error(
    `Chromium did not start with its sandbox on (${said}). The sandbox needs unprivileged user ` +
      'namespaces (kernel.unprivileged_userns_clone=1, no seccomp profile forbidding clone/unshare) and, for a root worker, ' +
      `the user CHROMIUM_USER=${user}; see docs/security.md. CHROMIUM_SANDBOX=off runs it unconfined.`,
    { cause: err },
  );
}
