/**
 * Counts sockets per address that have not completed CONNECT yet, so one host cannot hold
 * thousands of idle sockets open (PITBOSS_PENDING_SOCKETS_PER_IP); each also lapses after the
 * CONNECT timeout.
 */
export class PendingGate {
  private readonly byIp = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Admits one more pending socket from `ip`; answers its release (idempotent), or null when full. */
  enter(ip: string): (() => void) | null {
    const n = this.byIp.get(ip) ?? 0;
    if (n >= this.max) return null;
    this.byIp.set(ip, n + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const m = (this.byIp.get(ip) ?? 1) - 1;
      if (m <= 0) this.byIp.delete(ip);
      else this.byIp.set(ip, m);
    };
  }

  pending(ip: string): number {
    return this.byIp.get(ip) ?? 0;
  }
}
