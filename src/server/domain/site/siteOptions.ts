import type { SiteRow } from './siteRow.js';

/** Site options with their defaults; stored in site.options (jsonb). */
export function siteOptions(site: Pick<SiteRow, 'options'>) {
  const o = site.options ?? {};
  const num = (k: string, d: number) => (typeof o[k] === 'number' ? (o[k] as number) : d);
  const str = (k: string) => (typeof o[k] === 'string' && o[k] ? (o[k] as string) : undefined);
  return {
    sns1: str('sns1'),
    sns1Id: str('sns1Id'),
    sns1Link: str('sns1Link'),
    sns2: str('sns2'),
    sns2Id: str('sns2Id'),
    sns2Link: str('sns2Link'),
    sns3: str('sns3'),
    sns3Id: str('sns3Id'),
    sns3Link: str('sns3Link'),
    depositMin: num('depositMin', 10_000),
    depositMax: num('depositMax', 10_000_000),
    depositUnit: num('depositUnit', 1_000),
    withdrawMin: num('withdrawMin', 10_000),
    withdrawUnit: num('withdrawUnit', 1_000),
    withdrawWaitMinutes: num('withdrawWaitMinutes', 0),
    /** the reality-check interval of players who chose none (minutes, 0 off) */
    realityMinutes: num('realityMinutes', 60),
  };
}

/** Signup switches: `signupApproval` makes self-signed-up members wait for the operator; `signupClosed` refuses signups. */
export function signupOptions(site: Pick<SiteRow, 'options'>) {
  const o = site.options ?? {};
  return { approval: o.signupApproval === true, closed: o.signupClosed === true };
}
