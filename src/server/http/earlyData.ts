import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EARLY_CALLS_PATH, EARLY_GLOBAL, sessionStorageKey } from '../../contract/earlyData.js';
import { boardCalls } from '../../contract/board.js';
import { partnerCalls } from '../../contract/partner.js';
import { TransportError } from './transportError.js';

/**
 * The shell's first inline script: with a live session saved on this device it starts the page's
 * first calls at once, so their answers travel while the app's code downloads (see
 * contract/earlyData.ts). It reads the site from the shell's boot data and the page and paths from
 * its own data attributes; a sealed site, an expired session or no network starts nothing. The
 * calls go as one request (over HTTP/1.1 seven would take six connections and a second round trip
 * beside the code's own downloads). Its text never changes, so the page's content security policy
 * allows it by hash.
 */
const [keyHead, keyTail] = sessionStorageKey('\0').split('\0');
const SCRIPT = `(()=>{try{const b=JSON.parse(document.getElementById('pitboss-boot').textContent),s=b.site,k=${JSON.stringify(keyHead)}+b.prefix+${JSON.stringify(keyTail)},v=JSON.parse(localStorage.getItem(k)||'{}');if(!s||s.sealYn==='Y'||!navigator.onLine||!v.token||!(v.expiresAt>Date.now()))return;const d=document.currentScript.dataset,body=JSON.stringify({siteId:s.siteId}),at=Date.now(),all=fetch(${JSON.stringify(EARLY_CALLS_PATH)}+d.page,{method:'POST',headers:{'content-type':'application/json',authorization:s.apiKey,'x-auth-token':v.token},body}).then(r=>r.json()).catch(()=>null),e={};for(const p of d.calls.split(','))e[p]={body,at,answer:all.then(a=>a&&a[p]||null)};window.${EARLY_GLOBAL}=e}catch{}})()`;

/** Pages (their path after the site prefix), by name, and the calls with an empty body their first screen makes. */
const earlyPages: { name: string; page: RegExp; calls: string[] }[] = [
  {
    name: 'partnerMain',
    page: /^\/[A-Za-z0-9_-]+\/partnerMain\/?$/,
    calls: [
      partnerCalls.topInfo.path,
      partnerCalls.statistics.path,
      partnerCalls.cashReport.path,
      partnerCalls.myCashReport.path,
      partnerCalls.weekTrend.path,
      partnerCalls.newPayLog.path,
      boardCalls.mainNotices.path,
    ],
  },
];

/** The script-src entry that lets the shell's script run. */
export const earlyScriptHash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The script tag for a page with early calls (after the boot data), or '' for any other page. */
export function earlyScriptTag(path: string): string {
  const page = earlyPages.find((p) => p.page.test(path));
  return page ? `<script data-page="${page.name}" data-calls="${page.calls.join(',')}">${SCRIPT}</script>` : '';
}

/** What describes the request's body or its transfer: each inner call has its own. */
const NOT_FORWARDED = new Set(['content-length', 'transfer-encoding', 'content-encoding', 'accept-encoding', 'connection', 'expect']);

/**
 * The early calls of a page as one request. Only the page's own fixed list runs, and each call runs
 * through its own route as if the client had sent it: the same headers (site key, session, cookie,
 * forwarded-for), the same body, from the same address. Every check (site, session, access, block
 * list, sealing, limits, maintenance) decides it exactly as it would have alone, and its answer,
 * refusal or not, is what the app's client would have read. A cookie a call sets is passed on.
 */
export function registerEarlyCalls(fastify: FastifyInstance) {
  fastify.post<{ Params: { page: string } }>(`${EARLY_CALLS_PATH}:page`, { bodyLimit: 1024, decompress: false }, async (req, reply) => {
    const page = earlyPages.find((p) => p.name === req.params.page);
    if (!page) throw new TransportError(404, 'R404');
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) throw new TransportError(400, 'R400');
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !NOT_FORWARDED.has(name)));
    const answers = await Promise.all(
      page.calls.map((url) =>
        fastify.inject({ method: 'POST', url, headers, payload: req.body as object, remoteAddress: req.socket.remoteAddress }).then((res) => {
          const cookies = res.headers['set-cookie'];
          if (cookies) for (const c of Array.isArray(cookies) ? cookies : [cookies]) void reply.header('set-cookie', c);
          return String(res.headers['content-type'] ?? '').startsWith('application/json') ? res.body : 'null';
        }),
      ),
    );
    const json = `{${page.calls.map((path, i) => `${JSON.stringify(path)}:${answers[i]}`).join(',')}}`;
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(json);
  });
}
