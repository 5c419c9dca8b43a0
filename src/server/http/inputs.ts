/**
 * Checks on a decoded JSON body before any schema sees it. A NUL byte cannot be stored in a
 * PostgreSQL text column and has no meaning in any field, so one anywhere, in keys too, is V001.
 */
export function nulPath(v: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path.join('.') || 'body' : null;
  if (depth > 32 || v === null || typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('\u0000')) return [...path, '(key)'].join('.');
    const p = nulPath(x, [...path, k], depth + 1);
    if (p) return p;
  }
  return null;
}
