import { useRef, useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiError } from '../../../contract/codes';
import { isApiError, isOffline } from '../api';
import { alert, confirm, withLoading, type Question } from '../dialogs';
import { userKey } from '../queryClient';
import { session } from '../session/store';
import { isOnline } from './online';
import { fieldOf, RequestIds } from './requestIds';

// the result texts load on the first refusal, not with every screen that can write (the login screen among them)
const messages = () => import('./messages');

export interface WriteOptions<V, R, F extends string> {
  /** The call. `requestId` is the same for a retry of the same action after an answer that never came. */
  run: (vars: V, requestId: string) => Promise<R>;
  /** Names the action and its inputs (default: the variables as JSON): what counts as "the same action". */
  sig?: (vars: V) => string;
  /** The question asked before the call (after the offline check), with its facts if any; the write stops when it is declined. */
  confirm?: (vars: V) => Question | null | undefined;
  /** A money write: refused offline with the money wording. */
  money?: boolean;
  /** Queries to refetch after success; default every query of the signed-in user. */
  invalidates?: QueryKey[];
  /** Result codes that concern one field: their text goes to `fieldErrors[field]`, beside it. */
  fields?: Partial<Record<string, F>>;
  /** A refusal the screen answers itself (a second login step, a field to focus): true when nothing more is to be said. */
  onRefused?: (err: ApiError) => boolean | Promise<boolean>;
  /** A refusal's own text (default: the translated result code), e.g. the tries left from its data. */
  describe?: (err: ApiError) => string | undefined;
  /** Where a refusal of the whole form goes: `inline` (the form shows `error`) or `alert` (a dialog). */
  say?: 'inline' | 'alert';
  /** The loading overlay while the call runs (default on). */
  overlay?: boolean;
  /** After success and the invalidation: apply balances, reset the form, say it is done. */
  onDone?: (res: R, vars: V, requestId: string) => unknown;
}

/**
 * What a screen adds to its entity's write hook: its question, its own refusal texts, where a refusal
 * is said, what it does after. The hook holds the call, its request signature, the fields its result
 * codes concern, the money flag and what it refreshes.
 */
export type ScreenPart<V, R = unknown, F extends string = never> = Pick<WriteOptions<V, R, F>, 'confirm' | 'describe' | 'say' | 'onRefused' | 'onDone'>;

export interface Write<V, F extends string> {
  /** Runs the write once at a time; true when done (the answer goes to `onDone`), false when refused or declined. Never throws. */
  submit: (vars: V) => Promise<boolean>;
  busy: boolean;
  fieldErrors: Partial<Record<F, string>>;
  /** The last refusal of the whole form when `say: 'inline'` (offline included). */
  error: string | null;
  /** Forget the refusal shown beside `field` (on edit), or every refusal. */
  clear: (field?: F) => void;
}

/**
 * The one way the app writes: a TanStack mutation with the request id kept across retries of the
 * same action, refused offline (never queued), the user's queries refetched after success, and
 * the server's refusals as field errors, an inline error or a dialog.
 */
export function useWrite<V = void, R = unknown, F extends string = never>(o: WriteOptions<V, R, F>): Write<V, F> {
  const client = useQueryClient();
  const ids = useRef<RequestIds | null>(null);
  ids.current ??= new RequestIds();
  const running = useRef(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [error, setError] = useState<string | null>(null);
  // a refusal's text may still be loading when the call has ended: the write stays busy until it is said,
  // so a screen never sees a moment that is neither busy nor refused (a sheet would close on it)
  const [settling, setSettling] = useState(false);
  const mutation = useMutation({ mutationFn: (p: { vars: V; requestId: string }) => o.run(p.vars, p.requestId) });

  const report = async (text: string) => {
    if (o.say === 'inline') setError(text);
    else await alert(text);
  };

  async function submit(vars: V): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setFieldErrors({});
    setError(null);
    try {
      if (!isOnline()) {
        await report((await messages()).offlineText(!!o.money));
        return false;
      }
      const question = o.confirm?.(vars);
      if (question && !(await confirm(question))) return false;
      return await send(vars);
    } finally {
      running.current = false;
    }
  }

  async function send(vars: V): Promise<boolean> {
    const requestId = ids.current!.idFor(o.sig ? o.sig(vars) : (JSON.stringify(vars) ?? ''));
    let res: R;
    try {
      const work = mutation.mutateAsync({ vars, requestId });
      res = await (o.overlay === false ? work : withLoading(work));
    } catch (err) {
      ids.current!.settle(isOffline(err));
      setSettling(true);
      try {
        if (isApiError(err) && (await o.onRefused?.(err))) return false;
        const text = (isApiError(err) && o.describe?.(err)) || (await messages()).refusalText(err);
        const field = isApiError(err) ? fieldOf(err.code, o.fields) : null;
        if (field) setFieldErrors({ [field]: text } as Partial<Record<F, string>>);
        else await report(text);
        return false;
      } finally {
        setSettling(false);
      }
    }
    ids.current!.settle(false);
    invalidate();
    await o.onDone?.(res, vars, requestId);
    return true;
  }

  function invalidate() {
    const { site, member } = session;
    const keys = o.invalidates ?? (site && member ? [userKey(site.prefix, member.memId)] : []);
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  }

  const clear = (field?: F) => {
    if (field === undefined) {
      setFieldErrors({});
      setError(null);
    } else if (fieldErrors[field]) setFieldErrors(({ [field]: _, ...rest }) => rest as Partial<Record<F, string>>);
  };

  return { submit, busy: mutation.isPending || settling, fieldErrors, error, clear };
}
