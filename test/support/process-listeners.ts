/**
 * The listening TCP sockets of a process and all its descendants, read from
 * /proc: the tree from each process's parent id, each process's socket inodes
 * from /proc/<pid>/fd, and the LISTEN entries of /proc/<pid>/net/tcp and tcp6
 * (read per process: a sandboxed Chromium child lives in a network namespace
 * of its own). Synchronous on purpose, so one scan is one moment of the tree.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface Listener {
  pid: number;
  /** The process's name (`/proc/<pid>/comm`). */
  command: string;
  /** As Node writes addresses: `127.0.0.1`, `0.0.0.0`, `::1`, `::`, `::ffff:127.0.0.1`. */
  address: string;
  port: number;
}

const TCP_LISTEN = '0A';

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // the process ended while we looked
  }
}

/** `pid` and every process descending from it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrEmpty(`/proc/${entry}/stat`);
    // The name in brackets may hold spaces and brackets: the parent id is the second field after the last ')'.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes; // ended, or not ours to read
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      /* closed while we looked */
    }
  }
  return inodes;
}

/** A /proc/net/tcp{,6} address: 32-bit words in host (little-endian) byte order, then the port in hex. */
function decodeAddress(hex: string): { address: string; port: number } {
  const [host, port] = hex.split(':');
  const bytes = Buffer.from(host, 'hex');
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  if (bytes.length === 4) return { address: [...bytes].join('.'), port: parseInt(port, 16) };
  const mapped = bytes.subarray(0, 12).equals(Buffer.from('00000000000000000000ffff', 'hex'));
  if (mapped) return { address: `::ffff:${[...bytes.subarray(12)].join('.')}`, port: parseInt(port, 16) };
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  // The URL parser writes an IPv6 address in its shortest form.
  return { address: new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1), port: parseInt(port, 16) };
}

/** Every listening TCP socket (IPv4 and IPv6) held by `rootPid` or a descendant. */
export function listenersOfTree(rootPid: number): Listener[] {
  const found: Listener[] = [];
  for (const pid of processTree(rootPid)) {
    const inodes = socketInodes(pid);
    if (inodes.size === 0) continue;
    const command = readOrEmpty(`/proc/${pid}/comm`).trim();
    for (const table of ['tcp', 'tcp6']) {
      for (const line of readOrEmpty(`/proc/${pid}/net/${table}`).split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields.length < 10 || fields[3] !== TCP_LISTEN || !inodes.has(fields[9])) continue;
        found.push({ pid, command, ...decodeAddress(fields[1]) });
      }
    }
  }
  return found;
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
