/**
 * The socket bench's attacker (bench/sockets.ts), in its own process as on its own machine: floods
 * the server at FLOOD_WS_URL with FLOOD_TOKEN's sockets from the moment it starts, prints
 * `{"started":true}`, and on `stop` prints its report and ends.
 */
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { Stomp, subscribeFrame } from './stomp.js';

const SUBSCRIBES = Number(process.env.BENCH_SOCKETS_SUBSCRIBES ?? 300_000);
const IDLE_SOCKETS = Number(process.env.BENCH_SOCKETS_IDLE ?? 1000);
const PER_MESSAGE = 1000;

/** Sockets that each send SUBSCRIBE frames (messages of 1,000) until the server closes them, one after another until `stop`. */
async function subscribeFlood(wsUrl: string, token: string, stop: () => boolean) {
  const t0 = performance.now();
  const f = { sockets: 0, frames: 0, receipts: 0, seconds: 0, errors: {} as Record<string, number> };
  while (!stop()) {
    const socket = await Stomp.open(wsUrl, '10.6.0.1');
    await socket.connect(token);
    f.sockets++;
    for (let i = 0; i < SUBSCRIBES && socket.ws.readyState === WebSocket.OPEN; i += PER_MESSAGE) {
      let chunk = '';
      for (let j = i; j < i + PER_MESSAGE; j++) chunk += subscribeFrame(j);
      socket.ws.send(chunk);
      f.frames += PER_MESSAGE;
      if (i % 20_000 === 0) await sleep(0);
    }
    const end = Date.now() + 10_000;
    while (socket.closeCode === null && Date.now() < end) await sleep(10);
    socket.ws.terminate();
    f.receipts += socket.count('RECEIPT');
    for (const e of socket.frames.filter((x) => x.command === 'ERROR')) f.errors[e.headers.message!] = (f.errors[e.headers.message!] ?? 0) + 1;
  }
  f.seconds = (performance.now() - t0) / 1000;
  return f;
}

/** Sockets from one address that never CONNECT, 50 more every 100 ms until `stop`: how many the server closed at once (1013). */
async function idleFlood(wsUrl: string, stop: () => boolean) {
  const sockets: Stomp[] = [];
  while (!stop() && sockets.length < IDLE_SOCKETS) {
    for (const x of await Promise.all(Array.from({ length: 50 }, () => Stomp.open(wsUrl, '10.7.0.1').catch(() => null)))) if (x) sockets.push(x);
    await sleep(100);
  }
  while (!stop()) await sleep(50);
  const closedAtOnce = sockets.filter((x) => x.closeCode === 1013).length;
  for (const x of sockets) x.ws.terminate();
  return { opened: sockets.length, closedAtOnce };
}

export interface FloodReport {
  sub: Awaited<ReturnType<typeof subscribeFlood>>;
  idle: Awaited<ReturnType<typeof idleFlood>>;
}

if (process.env.FLOOD_WS_URL) {
  const url = process.env.FLOOD_WS_URL;
  let stopped = false;
  const stop = () => stopped;
  const running = Promise.all([subscribeFlood(url, process.env.FLOOD_TOKEN!, stop), idleFlood(url, stop)]);
  console.log(JSON.stringify({ started: true }));
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === 'stop') {
      stopped = true;
      const [sub, idle] = await running;
      const report: FloodReport = { sub, idle };
      console.log(JSON.stringify(report));
    }
    if (line.trim() === 'exit') break;
  }
  process.exit(0);
}
