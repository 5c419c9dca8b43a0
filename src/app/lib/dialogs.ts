import { proxy } from 'valtio';

interface Pending {
  kind: 'alert' | 'confirm';
  message: string;
  resolve: (ok: boolean) => void;
}

/** The one alert/confirm queue and the global loading counter, rendered by the app shell. */
export const dialogs = proxy({ queue: [] as Pending[], loading: 0, note: null as string | null });

function ask(kind: Pending['kind'], message: string): Promise<boolean> {
  return new Promise((resolve) => dialogs.queue.push({ kind, message, resolve }));
}

export const alert = (message: string) => ask('alert', message).then(() => undefined);
export const confirm = (message: string) => ask('confirm', message);

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
