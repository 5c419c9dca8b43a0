import { createHash } from 'node:crypto';
import { LAST_PAINT_ID, lastPaintStorageKey, sessionStorageKey } from '../../contract/earlyData.js';

/**
 * The shell's second inline script: it paints the page's last-seen copy (contract/earlyData.ts,
 * LastPaint) when this device keeps one for the same page, build and signed-in member, with a
 * session still in date; the copy is inert and hidden from assistive technology, the app's own page
 * replaces it (lib/lastPaint.ts). Its stylesheets block rendering, so the copy never shows
 * unstyled. A copy for another member, or a device with no sign-in, is dropped. Its text never
 * changes, so the content security policy allows it by hash.
 */
const split = (key: (p: string) => string) =>
  key('\0')
    .split('\0')
    .map((s) => JSON.stringify(s));
const [sHead, sTail] = split(sessionStorageKey);
const [pHead, pTail] = split(lastPaintStorageKey);
const SCRIPT =
  `(()=>{try{const b=JSON.parse(document.getElementById('pitboss-boot').textContent),k=${pHead}+b.prefix+${pTail},p=JSON.parse(localStorage.getItem(k)||'null');` +
  `if(!p)return;const v=JSON.parse(localStorage.getItem(${sHead}+b.prefix+${sTail})||'{}');` +
  `if(!v.token||!v.member||v.member.memId!==p.memId){localStorage.removeItem(k);return}` +
  `const e=document.querySelector('script[type=module][src]');if(!(v.expiresAt>Date.now())||p.path!==location.pathname||!e||e.getAttribute('src')!==p.entry)return;` +
  `for(const h of p.css)if(!document.querySelector('link[rel=stylesheet][href="'+h+'"]')){const l=document.createElement('link');l.rel='stylesheet';l.href=h;l.setAttribute('blocking','render');document.head.append(l)}` +
  `const d=document.createElement('div');d.id=${JSON.stringify(LAST_PAINT_ID)};d.inert=true;d.setAttribute('aria-hidden','true');d.innerHTML=p.html;document.currentScript.before(d)}catch{}})()`;

/** The script-src entry that lets it run. */
export const lastPaintScriptHash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The tag, placed after the app's root in every site's shell. */
export const lastPaintScriptTag = `<script>${SCRIPT}</script>`;
