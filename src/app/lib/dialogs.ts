import { proxy } from 'valtio';

/** Label/value pairs a confirmation shows under its question (who, which account, how much). */
export type DialogFacts = readonly (readonly [label: string, value: string])[];

/** A question, or a question with the facts it is about. */
export type Question = string | { message: string; facts: DialogFacts };

interface Pending {
  kind: 'alert' | 'confirm';
  message: string;
  facts?: DialogFacts;
  resolve: (ok: boolean) => void;
}

/** The one alert/confirm queue and the global loading counter, rendered by the app shell. */
export const dialogs = proxy({ queue: [] as Pending[], loading: 0, note: null as string | null, toast: null as string | null });

const TOAST_MS = 4_000;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** A short message that needs no answer (money that moved while the player was elsewhere); it goes by itself. */
export function toast(text: string) {
  dialogs.toast = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (dialogs.toast = null), TOAST_MS);
}

function ask(kind: Pending['kind'], q: Question): Promise<boolean> {
  const { message, facts } = typeof q === 'string' ? { message: q, facts: undefined } : q;
  return new Promise((resolve) => dialogs.queue.push({ kind, message, facts, resolve }));
}

export const alert = (message: string) => ask('alert', message).then(() => undefined);
/** A question with facts opens as a sheet at the bottom on phones, its buttons under the thumb. */
export const confirm = (question: Question) => ask('confirm', question);

export function answer(ok: boolean) {
  const first = dialogs.queue.shift();
  first?.resolve(ok);
}

/** Shows the loading overlay (which also locks page scroll) while the work runs, with a note on what it waits for. */
export async function withLoading<T>(work: Promise<T>, note?: string): Promise<T> {
  dialogs.loading++;
  if (note) dialogs.note = note;
  try {
    return await work;
  } finally {
    dialogs.loading--;
    if (note) dialogs.note = null;
  }
}
