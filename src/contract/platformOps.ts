/**
 * The platform's hold on a site: suspend, resume, archive (suspended for ever, never deleted) and
 * rotating its API key with an overlap window in which both keys work. Platform session only.
 */
import { z } from 'zod';
import { call, ok } from './define.js';
import { platformSite } from './platform.js';
import { languages } from './enums.js';
import { siteSettings } from './platformSites.js';

/** After a rotation the key before keeps working this long, so every client can take the new one. */
export const KEY_OVERLAP_HOURS = 24;
/** Host names one site may list. */
export const MAX_HOSTS = 10;

const prefix = z.string().trim().min(1).max(40);

export const platformSiteDetail = platformSite.extend({
  /** when the platform last suspended, resumed or archived it (ISO), null if never */
  stateAt: z.string().nullable(),
  /** while the key before the last rotation still works: until when (ISO) */
  oldKeyUntil: z.string().nullable(),
  /** the site's own host names besides its prefix (lower-case), e.g. `lucky.example.com` */
  hosts: z.array(z.string()),
  /** its brand as set (the logo is `/{prefix}/icons/icon-192.png`); null: none yet, the app's own colour and icons */
  brand: z.object({ shortName: z.string(), themeColor: z.string() }).nullable(),
  /** its languages, the default first */
  languages: z.array(z.enum(languages)),
  /** its settings as they are now (the money unit fixed since opening) */
  settings: siteSettings,
  /** the site's operator accounts (a fresh invitation makes one more) */
  operators: z.number().int(),
});
export type PlatformSiteDetail = z.infer<typeof platformSiteDetail>;

/** A sandbox vendor credential of a site (docs/integrators.md, The sandbox): its code, its test player and game. */
export const sandboxCredential = z.object({
  vendorCode: z.string(),
  /** the test player it plays for (memId): play money only, never signs in */
  player: z.string(),
  /** its one game's code */
  game: z.string(),
  /** the test player's play money now */
  balance: z.number(),
  createdAt: z.string(),
  /** when revoked (ISO); the wallet no longer knows the code (W001) */
  revokedAt: z.string().nullable(),
});
export type SandboxCredential = z.infer<typeof sandboxCredential>;

export const platformOpsCalls = {
  site: call('/api/platform/site', z.object({ prefix }), platformSiteDetail, 'public'),
  /** Players, partners, the operator and vendors are refused (SS001, W009) until resumed; nothing is removed. */
  suspend: call('/api/platform/site/suspend', z.object({ prefix }), ok, 'public'),
  resume: call('/api/platform/site/resume', z.object({ prefix }), ok, 'public'),
  /** For ever: the site's address typed again confirms it (PO001). */
  archive: call('/api/platform/site/archive', z.object({ prefix, confirm: z.string().trim().max(40) }), ok, 'public'),
  /** A new key, answered this once; the key before works until `oldKeyUntil`. */
  /**
   * The host names the site answers on besides its prefix (the whole list; empty: none). Each a DNS
   * name, lower-case, used by no other site (BR006, BR007); TLS stays with the proxy in front.
   */
  hosts: call('/api/platform/site/hosts', z.object({ prefix, hosts: z.array(z.string().trim().max(253)).max(MAX_HOSTS) }), z.object({ hosts: z.array(z.string()) }), 'public'),
  rotateKey: call('/api/platform/site/rotateKey', z.object({ prefix }), z.object({ apiKey: z.string(), oldKeyUntil: z.string() }), 'public'),
  /** The key before the last rotation stops working now, without waiting for its overlap (a leaked key); PO003 when none works. */
  revokeOldKey: call('/api/platform/site/revokeOldKey', z.object({ prefix }), ok, 'public'),
  /** The site's sandbox vendor credentials, newest first. */
  sandboxList: call('/api/platform/site/sandbox', z.object({ prefix }), z.object({ list: z.array(sandboxCredential) }), 'public'),
  /** A new sandbox credential and its test player: the secret is answered this once (stored sealed). */
  sandboxIssue: call('/api/platform/site/sandbox/issue', z.object({ prefix }), sandboxCredential.extend({ siteId: z.string(), secret: z.string() }), 'public'),
  /** The credential stops at once (W001 on its next callback); PO004 when the site has no such live credential. */
  sandboxRevoke: call('/api/platform/site/sandbox/revoke', z.object({ prefix, vendorCode: z.string().trim().min(1).max(40) }), ok, 'public'),
};
