/**
 * The live sockets a session may hold at once (PITBOSS_SOCKETS_PER_SESSION). In process the
 * count is this instance's; with Redis (`redisSessionSlots.ts`) it holds across instances.
 */
export interface SessionSlots {
  readonly cap: number;
  /** Takes a slot of the session for one socket; false when the session holds `cap` already. */
  take(sessionId: number, socketId: string): Promise<boolean>;
  release(sessionId: number, socketId: string): void;
  close(): Promise<void>;
}

export function localSessionSlots(cap: number): SessionSlots {
  const held = new Map<number, Set<string>>();
  return {
    cap,
    // synchronous inside: parallel CONNECTs of one session cannot both slip under the cap
    async take(sessionId, socketId) {
      let set = held.get(sessionId);
      if (!set) held.set(sessionId, (set = new Set()));
      if (set.size >= cap) return false;
      set.add(socketId);
      return true;
    },
    release(sessionId, socketId) {
      const set = held.get(sessionId);
      if (!set) return;
      set.delete(socketId);
      if (set.size === 0) held.delete(sessionId);
    },
    async close() {
      held.clear();
    },
  };
}
