import type { Db } from '../../db/driver.js';
import type { Publisher } from '../ports.js';
import { applyPending } from './accrualBatch.js';
import { pushCash } from './cashEvents.js';

/** The server's accrual loop: applies pending credits every `everyMs` and pushes CASH to whom they reached. */
export interface Accrual {
  /** applies everything pending now (waits while another instance holds the batch lock) */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function startAccrual(db: Db, live: Publisher, everyMs = 250): Accrual {
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  // a tick skips when any instance ran a batch within most of a period: several instances then apply
  // about one batch a period between them, each as large as one instance's, not one batch each
  const gapMs = Math.floor(everyMs * 0.8);
  const drain = async (wait: boolean) => {
    for (let tries = 0, first = true; ; first = false) {
      const r = await applyPending(db, { gapMs: wait || !first ? 0 : gapMs });
      if (!r) {
        if (!wait || ++tries > 400) return;
        await new Promise((res) => setTimeout(res, 10));
        continue;
      }
      // the timer answers nobody: nothing waits for the fan-out
      void pushCash(live, r.changed);
      // a tick applies one batch unless it came back full: under load each tick's batch is as large
      // as the tick's work, not a stream of small ones competing with the callbacks for the database
      if (wait ? !r.sides && !r.daily : !r.more) return;
    }
  };
  // one batch run at a time in this process; errors wait for the next tick (the rows stay pending)
  const run = (wait: boolean) => (chain = chain.then(() => drain(wait)).catch(() => {}));
  const timer = everyMs > 0 ? setInterval(() => void run(false), everyMs) : null;
  timer?.unref();
  return {
    flush: () => run(true),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}
