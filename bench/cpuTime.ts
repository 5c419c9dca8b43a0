import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Linux clock ticks per second (USER_HZ), as /proc reports times in. */
const TICK_MS = 10;

/** user + system CPU of one process so far in ms, and its context switches (voluntary: it waited; involuntary: the scheduler took the core away); null once it is gone. */
function usage(pid: number): [number, number, number] | null {
  try {
    // the command may hold spaces and parentheses: the fields start after the last ')'
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const n = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return [(Number(f[11]) + Number(f[12])) * TICK_MS, n('voluntary_ctxt_switches'), n('nonvoluntary_ctxt_switches')];
  } catch {
    return null;
  }
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** The processes whose command line matches, e.g. the PostgreSQL backends serving one database. */
export function pidsOf(match: (cmd: string) => boolean): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => match(cmdline(pid)));
}

/**
 * CPU time a group of processes spends from start() to stop(), and its context switches: sampled
 * every 200 ms, so a process that ends meanwhile (a pooled backend closed) keeps what it used; one
 * that starts counts from zero.
 */
export function cpuMeter(groups: Record<string, () => number[]>) {
  const first = new Map<number, [number, number, number]>();
  const last = new Map<string, Map<number, [number, number, number]>>(Object.keys(groups).map((g) => [g, new Map()]));
  const sample = () => {
    for (const [g, pids] of Object.entries(groups)) {
      for (const pid of pids()) {
        const u = usage(pid);
        if (u === null) continue;
        if (!first.has(pid)) first.set(pid, started ? [0, 0, 0] : u);
        last.get(g)!.set(pid, u);
      }
    }
  };
  let started = false;
  sample();
  started = true;
  const timer = setInterval(sample, 200);
  const sum = (i: number) => Object.fromEntries([...last].map(([g, m]) => [g, [...m].reduce((s, [pid, u]) => s + u[i] - (first.get(pid)?.[i] ?? 0), 0)]));
  return {
    /** ms of CPU per group since the meter started */
    stop(): Record<string, number> {
      clearInterval(timer);
      sample();
      return sum(0);
    },
    /** after stop(): context switches per group, voluntary and involuntary */
    switches: () => ({ voluntary: sum(1), involuntary: sum(2) }),
  };
}

/** Busy share of all the machine's CPUs while `run` runs (Linux /proc/stat; null elsewhere). */
export async function machineBusy<T>(run: () => Promise<T>): Promise<T & { busy: number | null }> {
  const read = () => (existsSync('/proc/stat') ? readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number) : null);
  const a = read();
  const r = await run();
  const b = read();
  if (!a || !b) return { ...r, busy: null };
  const d = b.map((x, i) => x - a[i]);
  // idle and iowait are the idle columns
  return { ...r, busy: 1 - (d[3] + d[4]) / d.reduce((x, y) => x + y, 0) };
}
