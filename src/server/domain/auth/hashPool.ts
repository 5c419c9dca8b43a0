/**
 * Password hashing (scrypt) in a bounded pool: at most `concurrency` hashes run at once, at most
 * `queueMax` free ones and `priorityMax` priority ones wait; one more is refused at once (HashBusy)
 * instead of piling up behind a flood. Two lanes: `priority` (a login that solved its challenge,
 * a signed-in member's password check, signup) waits ahead of every `free` one, so a flood of free
 * tries never delays a proved login by more than the hashes already running. A device cookie
 * buys no place here: a flood can hold one. Both lanes are bounded, since a session or a solved
 * challenge is something an attacker can hold many of too. Free hashes name their source (the
 * caller's address): one source holds at most a quarter of the free queue, and a freed slot goes
 * to the waiting source served longest ago, so a flood from one address delays another address's
 * login by about one hash, not by the whole queue.
 */
import { ApiError } from '../../../contract/codes.js';

export type Lane = 'priority' | 'free';

/** R429 to any caller that does not turn it into a challenge (login does: L005). */
export class HashBusy extends ApiError {
  constructor(readonly lane: Lane) {
    super('R429', 'password hashing is busy');
  }
}

interface Waiting {
  lane: Lane;
  source: string;
  start: () => void;
}

export interface HashPoolStats {
  running: number;
  queued: number;
  /** hashes refused at once because their lane's queue was full */
  refused: number;
  /** the most jobs ever waiting at once */
  maxQueued: number;
  /** the most jobs that started before a priority job while it waited (0: never queued behind anyone) */
  maxPriorityWaitedBehind: number;
  completed: number;
  /** hashes started in each lane */
  startedPriority: number;
  startedFree: number;
}

export class HashPool {
  private running = 0;
  private readonly queue: Waiting[] = [];
  private readonly s = { refused: 0, maxQueued: 0, maxPriorityWaitedBehind: 0, completed: 0, startedPriority: 0, startedFree: 0 };
  private started = 0;
  /** when each source last had a free hash start (the `started` count then); bounded like the queue */
  private readonly servedAt = new Map<string, number>();

  constructor(
    readonly concurrency: number,
    readonly queueMax: number,
    readonly priorityMax = queueMax * 4,
  ) {}

  stats(): HashPoolStats {
    return { running: this.running, queued: this.queue.length, ...this.s };
  }

  resetStats() {
    Object.assign(this.s, { refused: 0, maxQueued: 0, maxPriorityWaitedBehind: 0, completed: 0, startedPriority: 0, startedFree: 0 });
  }

  /** `source`: who asks (an address); only the free lane reads it. */
  async run<T>(lane: Lane, work: () => Promise<T>, source = ''): Promise<T> {
    // a waiting job is handed the slot of the one that ends, so no newcomer can jump ahead of it
    if (this.running >= this.concurrency) await this.wait(lane, source);
    else this.running++;
    this.started++;
    if (lane === 'free') this.served(source);
    this.s[lane === 'free' ? 'startedFree' : 'startedPriority']++;
    try {
      return await work();
    } finally {
      this.s.completed++;
      const next = this.next();
      if (next) next.start();
      else this.running--;
    }
  }

  private served(source: string) {
    this.servedAt.delete(source);
    this.servedAt.set(source, this.started);
    // the oldest entries go first (a Map keeps insertion order): they would be served first anyway
    while (this.servedAt.size > 4 * (this.queueMax + this.concurrency)) this.servedAt.delete(this.servedAt.keys().next().value!);
  }

  /** Priority first, in order; then the free job whose source was served longest ago (never: first). */
  private next(): Waiting | undefined {
    const i = this.firstFreeIndex();
    if (i > 0) return this.queue.shift();
    let best = -1;
    for (let j = 0; j < this.queue.length; j++) {
      if (best < 0 || (this.servedAt.get(this.queue[j].source) ?? -1) < (this.servedAt.get(this.queue[best].source) ?? -1)) best = j;
    }
    return best < 0 ? undefined : this.queue.splice(best, 1)[0];
  }

  private wait(lane: Lane, source: string): Promise<void> {
    const free = this.queue.length - this.firstFreeIndex();
    const perSource = Math.max(1, Math.ceil(this.queueMax / 4));
    const full =
      lane === 'free'
        ? free >= this.queueMax || (source !== '' && this.queue.filter((w) => w.lane === 'free' && w.source === source).length >= perSource)
        : this.queue.length - free >= this.priorityMax;
    if (full) {
      this.s.refused++;
      return Promise.reject(new HashBusy(lane));
    }
    return new Promise<void>((resolve) => {
      const startedBefore = this.started;
      const entry: Waiting = {
        lane,
        source,
        start: () => {
          // the hashes that started while this one waited (it starts right after them)
          if (lane === 'priority') this.s.maxPriorityWaitedBehind = Math.max(this.s.maxPriorityWaitedBehind, this.started - startedBefore);
          resolve();
        },
      };
      if (lane === 'priority') this.queue.splice(this.firstFreeIndex(), 0, entry);
      else this.queue.push(entry);
      this.s.maxQueued = Math.max(this.s.maxQueued, this.queue.length);
    });
  }

  private firstFreeIndex() {
    const i = this.queue.findIndex((w) => w.lane === 'free');
    return i < 0 ? this.queue.length : i;
  }
}

const num = (v: string | undefined, d: number) => (v && Number(v) >= 1 ? Math.floor(Number(v)) : d);

/** One pool per process: scrypt runs on the process's libuv threads, whatever server asked. */
export const hashPool = new HashPool(num(process.env.PITBOSS_HASH_CONCURRENCY, 2), num(process.env.PITBOSS_HASH_QUEUE, 16), num(process.env.PITBOSS_HASH_PRIORITY_QUEUE, 64));
