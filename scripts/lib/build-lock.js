'use strict';
/**
 * One build at a time per checkout: two `npm test` runs (or a test run and
 * `npm start`) would otherwise clean and rewrite dist/ under each other.
 * The lock is a directory (mkdir is atomic) holding the owner's pid, so a
 * lock left by a killed build is taken over instead of blocking forever.
 */
const fs = require('node:fs');
const path = require('node:path');

const POLL_MS = 500;
/** A lock without a pid file may be one being created right now. */
const PIDLESS_GRACE_MS = 10_000;

function ownerPid(lockDir) {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function isStale(lockDir) {
  const pid = ownerPid(lockDir);
  if (pid !== undefined) return !isAlive(pid);
  try {
    return Date.now() - fs.statSync(lockDir).mtimeMs > PIDLESS_GRACE_MS;
  } catch {
    return false;
  }
}

/**
 * Waits for and takes the lock in `dir`; resolves to a release function.
 * `onWait(pid)` is called once when another live build holds it.
 */
async function acquireBuildLock(dir, onWait) {
  const lockDir = path.join(dir, '.build-lock');
  fs.mkdirSync(dir, { recursive: true });
  let announced = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      const release = () => fs.rmSync(lockDir, { recursive: true, force: true });
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (isStale(lockDir)) {
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!announced) {
      announced = true;
      onWait(ownerPid(lockDir) ?? 'unknown');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

module.exports = { acquireBuildLock };
