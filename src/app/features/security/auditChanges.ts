type Fields = Record<string, unknown>;
/** A code's name for people (a partner level's, say), or undefined to show the value as it is. */
export type Namer = (value: string) => string | undefined;

const asFields = (v: unknown): Fields => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : v === null || v === undefined ? {} : { value: v });

/** An empty value reads as a dash: an operator never sees "null". */
function text(v: unknown, name: Namer): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'string') return name(v) ?? v;
  if (typeof v === 'object') return JSON.stringify(v, (_k, x: unknown) => (x === null ? '–' : x));
  return String(v);
}

/** What an audited action changed, one line per field: "before → after", or the one side there is. */
export function auditChanges(before: unknown, after: unknown, name: Namer = () => undefined): { field: string; text: string }[] {
  const b = asFields(before);
  const a = asFields(after);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => {
    const from = field in b ? text(b[field], name) : null;
    const to = field in a ? text(a[field], name) : null;
    return { field, text: from !== null && to !== null && from !== to ? `${from} → ${to}` : (to ?? from ?? '–') };
  });
}
