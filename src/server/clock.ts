/** The server's notion of now; tests shift it to reach time windows (bank maintenance, site checks). */
export interface Clock {
  now(): Date;
}

export function systemClock(offsetMs = 0): Clock & { offsetMs: number } {
  return {
    offsetMs,
    now() {
      return new Date(Date.now() + this.offsetMs);
    },
  };
}
