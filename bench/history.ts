/**
 * Past figures of the hot-path benches (bench/history.json, committed): each a ratio to a bare
 * baseline measured in the same run, so a run on another machine or under other load still
 * compares. A bench hands its figures to `compareWithHistory`, which prints each against the last
 * recorded one and says loudly when one moved by more than 10%; BENCH_RECORD=1 records this run's
 * figures as the new reference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const FILE = new URL('./history.json', import.meta.url);
const MOVED = 0.1;

export interface Figure {
  /** what the ratio is, naming both sides (`wallet flat /s ÷ bare insert /s`) */
  name: string;
  ratio: number;
  /** which way is better: a throughput ratio up, a latency or a count per bet down */
  better: 'higher' | 'lower';
}

interface Recorded {
  ratio: number;
  better: 'higher' | 'lower';
  at: string;
  /** the machine's 1-minute load average when it was recorded */
  load: number;
}
type History = Record<string, Record<string, Recorded>>;

function read(): History {
  try {
    return JSON.parse(readFileSync(FILE, 'utf8')) as History;
  } catch {
    return {};
  }
}

/** One line per figure against its last recorded value; the lines that moved by more than 10% say so. */
export function compareWithHistory(bench: string, figures: Figure[], out: (line: string) => void = console.log): { moved: string[] } {
  const history = read();
  const past = history[bench] ?? {};
  const moved: string[] = [];
  const load = loadavg()[0];
  out(`against the last recorded figures (bench/history.json, ${bench}; load now ${load.toFixed(1)}):`);
  for (const f of figures) {
    const was = past[f.name];
    if (!was || !Number.isFinite(f.ratio)) {
      out(`  ${f.name.padEnd(46)} ${f.ratio.toFixed(3)}  (nothing recorded)`);
      continue;
    }
    const change = f.ratio / was.ratio - 1;
    const worse = f.better === 'higher' ? change < 0 : change > 0;
    const flag = Math.abs(change) > MOVED ? `  <<< MOVED ${worse ? 'WORSE' : 'better'} by more than 10%` : '';
    if (flag) moved.push(f.name);
    out(`  ${f.name.padEnd(46)} ${f.ratio.toFixed(3)}  was ${was.ratio.toFixed(3)} (${was.at}, load ${was.load.toFixed(1)})  ${(change * 100).toFixed(1).padStart(6)}%${flag}`);
  }
  if (moved.length) out(`!!! ${moved.length} hot-path figure(s) moved by more than 10% since the last record: ${moved.join('; ')}`);
  // a ratio holds up under steady load, less so when one side ran on an idle machine and the other on a busy one
  const loads = Object.values(past).map((r) => r.load);
  if (loads.some((l) => Math.max(l, load) > 2 * Math.max(Math.min(l, load), 1)))
    out(`  (the machine's load differs a lot from the record's: run again when it is steadier before trusting a move)`);
  if (process.env.BENCH_RECORD === '1') {
    const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
    history[bench] = {
      ...past,
      ...Object.fromEntries(figures.filter((f) => Number.isFinite(f.ratio)).map((f) => [f.name, { ratio: round(f.ratio), better: f.better, at, load: round(load) }])),
    };
    writeFileSync(FILE, `${JSON.stringify(history, null, 2)}\n`);
    out(`recorded as the new reference (BENCH_RECORD=1)`);
  }
  return { moved };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
