import { alert } from './dialogs';
import { queryClient, userKey } from './queryClient';
import { session } from './session/store';
import { offlineText } from './write/messages';
import { isOnline } from './write/online';
import { useWrite } from './write/useWrite';

// Deprecated: every write goes through useWrite (lib/write/useWrite). What is left here keeps the
// operator's cash queue working until it moves over; it runs on the same hook and messages.

/** @deprecated the refusal is part of useWrite */
export async function refuseMoneyOffline(): Promise<boolean> {
  if (isOnline()) return false;
  await alert(offlineText(true));
  return true;
}

/** @deprecated useWrite refetches the user's queries after success */
export function refreshMine() {
  const { site, member } = session;
  if (site && member) void queryClient.invalidateQueries({ queryKey: userKey(site.prefix, member.memId) });
}

type Job = { sig: string; work: (requestId: string) => Promise<unknown> };

/** @deprecated use useWrite: `run(sig, work)` is `submit(vars)` with `sig` naming the action. */
export function useMoneyAction() {
  const w = useWrite({ money: true, sig: (j: Job) => j.sig, run: (j: Job, requestId) => j.work(requestId) });
  const run = async <R,>(sig: string, work: (requestId: string) => Promise<R>): Promise<R | undefined> => {
    let out: R | undefined;
    const done = await w.submit({ sig, work: async (id) => (out = await work(id)) });
    return done ? out : undefined;
  };
  return { busy: w.busy, run };
}
