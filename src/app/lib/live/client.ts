import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { liveEventTypes, type LiveEvent } from '../../../contract/enums';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveOptions {
  url: string;
  token: string;
  onEvent(e: LiveEvent): void;
  onStatus?(s: 'connecting' | 'open' | 'closed'): void;
}

export const EVENTS_DESTINATION = '/user/queue/events';
const HEARTBEAT_MS = 10_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** The live channel's address on the origin that served the app. */
export function liveUrl(loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/** Delay before reconnect attempt n (0-based): 1s doubling to 30s, each within ±20% so clients spread out. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

const tokenCodes = new Set(['TK001', 'TK002', 'TK999']);
/** ERROR frames about the token mean a new connection with it can never succeed. */
const isTokenError = (frame: IFrame) => tokenCodes.has(frame.headers.code ?? '') || /token/i.test(frame.headers.message ?? '');

function parseEvent(message: IMessage): LiveEvent | null {
  try {
    const v = JSON.parse(message.body) as LiveEvent;
    return v && liveEventTypes.includes(v.type) ? { type: v.type, data1: v.data1 ?? null, data2: v.data2 ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps one STOMP connection to the live channel: subscribes to the user's events and reconnects
 * with backoff until closed, logged out or refused for its token.
 */
export function connectLive(opts: LiveOptions): { close(): void } {
  let stopped = false;
  let attempt = 0;
  let client: Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let status: LiveStatus | null = null;

  const setStatus = (s: LiveStatus) => {
    if (s === status) return;
    status = s;
    opts.onStatus?.(s);
  };

  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    void c?.deactivate();
    setStatus('closed');
  };

  const open = () => {
    if (stopped) return;
    setStatus('connecting');
    // a fresh Client per attempt: the backoff schedule is ours, not stompjs's
    const c = new Client({
      brokerURL: opts.url,
      connectHeaders: { token: opts.token },
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      reconnectDelay: 0,
      connectionTimeout: 15_000,
      // a lost heart-beat on a dead network would otherwise wait long for the close handshake
      discardWebsocketOnCommFailure: true,
    });
    client = c;
    c.onConnect = () => {
      if (client !== c) return;
      attempt = 0;
      c.subscribe(EVENTS_DESTINATION, (message) => {
        const event = parseEvent(message);
        if (!event || client !== c) return;
        if (event.type === 'LOGOUT') stopped = true;
        opts.onEvent(event);
        if (event.type === 'LOGOUT') stop();
      });
      setStatus('open');
    };
    c.onStompError = (frame) => {
      if (client === c && isTokenError(frame)) stop();
    };
    c.onWebSocketClose = () => {
      if (client !== c) return;
      client = null;
      void c.deactivate();
      setStatus('closed');
      if (stopped) return;
      retry = setTimeout(open, retryDelay(attempt++));
    };
    c.activate();
  };

  open();
  return { close: stop };
}
