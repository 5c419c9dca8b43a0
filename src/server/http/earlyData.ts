import { createHash } from 'node:crypto';
import { EARLY_GLOBAL, sessionStorageKey } from '../../contract/earlyData.js';
import { boardCalls } from '../../contract/board.js';
import { partnerCalls } from '../../contract/partner.js';

/**
 * The shell's one inline script: with a live session saved on this device it starts the page's
 * first calls at once, so their answers travel while the app's code downloads (see
 * contract/earlyData.ts). It reads the site from the shell's boot data and the paths from its own
 * data-calls; a sealed site, an expired session or no network starts nothing. Its text never
 * changes, so the page's content security policy allows it by hash.
 */
const [keyHead, keyTail] = sessionStorageKey('\0').split('\0');
const SCRIPT = `(()=>{try{const b=JSON.parse(document.getElementById('pitboss-boot').textContent),s=b.site,k=${JSON.stringify(keyHead)}+b.prefix+${JSON.stringify(keyTail)},v=JSON.parse(localStorage.getItem(k)||'{}');if(!s||s.sealYn==='Y'||!navigator.onLine||!v.token||!(v.expiresAt>Date.now()))return;const body=JSON.stringify({siteId:s.siteId}),h={'content-type':'application/json',authorization:s.apiKey,'x-auth-token':v.token},e={};for(const p of document.currentScript.dataset.calls.split(','))e[p]={body,at:Date.now(),answer:fetch(p,{method:'POST',headers:h,body}).then(r=>r.json()).catch(()=>null)};window.${EARLY_GLOBAL}=e}catch{}})()`;

/** Pages (their path after the site prefix) and the calls with an empty body their first screen makes. */
const earlyPages: { page: RegExp; calls: string[] }[] = [
  {
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
  return page ? `<script data-calls="${page.calls.join(',')}">${SCRIPT}</script>` : '';
}
