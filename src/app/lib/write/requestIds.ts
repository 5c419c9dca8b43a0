/** One id per user action; plain http on a LAN has no randomUUID. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The request id of an action named by `sig` (the action and its inputs). After an answer that
 * never arrived (network, timeout) the same action keeps its id, so the server replays the first
 * result instead of moving money twice; any answer, or another action, starts a new id.
 */
export class RequestIds {
  private last: { sig: string; id: string } | null = null;
  constructor(private readonly make: () => string = newRequestId) {}

  idFor(sig: string): string {
    if (this.last?.sig !== sig) this.last = { sig, id: this.make() };
    return this.last.id;
  }

  /** `unknownOutcome`: the server may have done it (no answer came back). */
  settle(unknownOutcome: boolean) {
    if (!unknownOutcome) this.last = null;
  }
}

/** Which field a refusal concerns, by result code; null when it concerns the whole form. */
export function fieldOf<F extends string>(code: string, fields: Partial<Record<string, F>> | undefined): F | null {
  return fields?.[code] ?? null;
}
