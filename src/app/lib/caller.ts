import { useEffect } from 'react';
import { useRouteContext, useRouter, type AnyRouter } from '@tanstack/react-router';
import { subscribe } from 'valtio';
import { callerOf, type Caller } from './guard';
import { session } from './session/store';

/** The signed-in caller of the screen, from the guarded layout's router context. */
export function useCaller(): Caller {
  const caller = useRouteContext({ strict: false, select: (c) => c.caller });
  if (!caller) throw new Error('useCaller: no signed-in layout above');
  return caller;
}

const sameCaller = (a: Caller, b: Caller) => a.memId === b.memId && a.loginType === b.loginType && a.partnerLevel === b.partnerLevel;

/**
 * The session store stays the source of truth; the router context derives from it at each navigation.
 * Sign-in and sign-out navigate, which rebuilds the context. A caller that changes under an open
 * signed-in screen (another user, a new level) reloads the routes so `context.caller` follows.
 */
export function keepCallerFresh(router: AnyRouter) {
  return subscribe(session, () => {
    const now = callerOf();
    const shown = router.state.matches.findLast((m) => 'caller' in m.context)?.context as { caller: Caller } | undefined;
    if (now && shown && !sameCaller(now, shown.caller)) void router.invalidate();
  });
}

/** Each signed-in shell keeps the caller fresh while it is shown. */
export function useCallerWatch() {
  const router = useRouter();
  useEffect(() => keepCallerFresh(router), [router]);
}
