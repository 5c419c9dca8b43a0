import { hostname } from 'node:os';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The lock a running server keeps on its PGlite data folder: a file beside the folder (inside it,
 * it would land in every snapshot) holding the process id and where its live backup is asked
 * (the METRICS_PORT listener). A second server and the offline backup refuse a held folder; a lock
 * whose process is gone is stale and taken over.
 */
export interface LockInfo {
  pid: number;
  host: string;
  /** where `backup` asks the running server for a snapshot, when it serves one */
  backupAt?: string;
}

export const lockFileOf = (dataDir: string) => `${resolve(dataDir)}.lock`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Who holds the folder now, or null (no lock, or a stale one). */
export function holderOf(dataDir: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  // another host's process cannot be asked: a lock from there counts as held
  return info.host !== hostname() || alive(info.pid) ? info : null;
}

/** Takes the folder for this process, or answers who holds it. Memory databases take nothing. */
export function holdDataDir(dataDir: string, backupAt?: string): { held: LockInfo } | { release(): void } {
  if (dataDir === 'memory://') return { release() {} };
  const file = lockFileOf(dataDir);
  const mine: LockInfo = { pid: process.pid, host: hostname(), ...(backupAt ? { backupAt } : {}) };
  // the folder's parent may not exist yet on a first start (the database makes the folder itself later)
  mkdirSync(dirname(file), { recursive: true });
  for (;;) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return { release: () => rmSync(file, { force: true }) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const held = holderOf(dataDir);
      if (held) return { held };
      rmSync(file, { force: true });
    }
  }
}
