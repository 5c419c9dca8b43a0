import { EARLY_GLOBAL, EARLY_MAX_AGE_MS, type EarlyAnswers } from '../../contract/earlyData';

const all = (): EarlyAnswers | undefined => (typeof window === 'undefined' ? undefined : (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_GLOBAL]);

/** The answer the page's HTML asked for (contract/earlyData.ts), left for the call to take; null when it asked for none. */
export const earlyAnswer = (path: string): Promise<unknown> | null => all()?.[path]?.answer ?? null;

/**
 * The answer the page's HTML asked for, taken once: only for the same body and while recent;
 * it resolves to null when none came (the caller then asks itself).
 */
export function takeEarly(path: string, body: string): Promise<unknown> | null {
  const answers = all();
  const e = answers?.[path];
  if (!e) return null;
  Reflect.deleteProperty(answers, path);
  return e.body === body && Date.now() - e.at < EARLY_MAX_AGE_MS ? e.answer : null;
}
