import type { ReqOf, ResOf } from '../../../contract/define';
import { platformCalls } from '../../../contract/platform';
import { platformInviteCalls, type OpenInvitation } from '../../../contract/platformInvites';
import { platformOpsCalls } from '../../../contract/platformOps';
import { openSiteFields } from '../../../contract/platformSiteRules';
import { platformSiteCalls, type OpenSiteForm } from '../../../contract/platformSites';
import { platformStaffCalls } from '../../../contract/platformStaff';
import type { Api } from '../../lib/api';
import { apiMessage } from '../../lib/apiMessage';
import { platformApi } from '../../lib/platform';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';
import { logoBase64 } from './logoFile';
import { invitesQueryOptions, platformKey, platformSiteQueryOptions, platformSitesQueryOptions, sandboxQueryOptions, staffQueryOptions } from './queries';

/**
 * The console's writes. Its session is its own: nothing of a site's signed-in user is refreshed,
 * only the console's data each write changes (none before signing in).
 */

export type LoginForm = { loginId: string; password: string; otpCode: string };

/** The console's sign-in; past a few tries (or while the account is locked) the server asks a proof of work first (L005). */
export function usePlatformLogin(screen: ScreenPart<LoginForm, ResOf<typeof platformCalls.login>, 'otpCode'>) {
  const api = useApi();
  return useWrite<LoginForm, ResOf<typeof platformCalls.login>, 'otpCode'>({
    // the solver loads on submit, not with the screen
    run: async (form) => {
      const { withChallenge } = await import('../../lib/pow');
      return withChallenge((pow) => api(platformCalls.login, { ...form, pow }));
    },
    invalidates: [],
    fields: { L007: 'otpCode' },
    ...screen,
  });
}

export type AccountForm = { loginId: string; password: string; passwordCheck: string; otpCode: string };
export type AccountField = keyof AccountForm;

/** A platform account from a one-time link: the owner's from the setup link, a staff member's from a join link. */
export function useMakePlatformAccount(kind: 'owner' | 'staff', token: string, screen: ScreenPart<AccountForm, { recoveryCodes: string[] }, AccountField>) {
  const api = useApi();
  const make = kind === 'owner' ? platformCalls.setup : platformStaffCalls.join;
  return useWrite<AccountForm, { recoveryCodes: string[] }, AccountField>({
    run: (form) => api(make, { token, ...form }),
    invalidates: [],
    fields: { PF003: 'loginId', U109: 'loginId', PF004: 'password', U113: 'passwordCheck', L007: 'otpCode' },
    ...screen,
  });
}

export type InviteForm = { memId: string; password: string; passwordCheck: string };
export type InviteField = keyof InviteForm;

/** A site's first operator takes its invitation: an id and a password. */
export function useAcceptInvite(prefix: string, token: string, screen: ScreenPart<InviteForm, ResOf<typeof platformSiteCalls.inviteAccept>, InviteField>) {
  const api = useApi();
  return useWrite<InviteForm, ResOf<typeof platformSiteCalls.inviteAccept>, InviteField>({
    run: (form) => api(platformSiteCalls.inviteAccept, { prefix, token, ...form }),
    invalidates: [],
    fields: { U101: 'memId', U109: 'memId', PF004: 'password', U113: 'passwordCheck' },
    ...screen,
  });
}

export type Brand = { name: string; shortName: string; themeColor: string; logo: File | null };

/** The brand call: the logo file goes as base64 (left out, the site keeps the one it has). */
const sendBrand = async (api: Api, prefix: string, b: Brand) =>
  platformApi(api, platformSiteCalls.brand, { prefix, name: b.name, shortName: b.shortName, themeColor: b.themeColor, logo: b.logo ? await logoBase64(b.logo) : undefined });

/** The site is open: its first operator's invitation, and why its brand was refused if it was. */
export interface Opened {
  siteId: string;
  prefix: string;
  name: string;
  invite: { token: string; expiresAt: string };
  /** the site opened but its brand was refused: why */
  brandError: string | null;
}

/** The open form's fields a refusal can concern (the short name only the form checks). */
export type OpenSiteField = (typeof openSiteFields)[keyof typeof openSiteFields] | 'shortName';
export type OpenSiteVars = { form: OpenSiteForm; brand: Omit<Brand, 'name'> };

/** Opens a site, then sends its brand when one was given (a short name or a logo). */
export function useOpenSite(screen: ScreenPart<OpenSiteVars, Opened, OpenSiteField>) {
  const api = useApi();
  return useWrite<OpenSiteVars, Opened, OpenSiteField>({
    run: async ({ form, brand }) => {
      const out = await platformApi(api, platformSiteCalls.openSite, form);
      // the site is open: its brand follows, and a refused brand is said on the done screen (the site stays open)
      let brandError: string | null = null;
      if (brand.logo || brand.shortName) {
        try {
          await sendBrand(api, out.prefix, { ...brand, name: form.name, shortName: brand.shortName || form.name.slice(0, 12) });
        } catch (err) {
          brandError = apiMessage(err);
        }
      }
      return { ...out, name: form.name.trim(), brandError };
    },
    invalidates: [platformSitesQueryOptions(api).queryKey],
    fields: openSiteFields,
    ...screen,
  });
}

/** Which field each refusal of the brand call belongs beside. */
const brandFields = { BR001: 'logo', BR002: 'logo', BR003: 'logo', BR004: 'name', BR005: 'themeColor' } as const;

/** The site's brand after opening; the answer's version names its new icons. */
export function useSaveBrand(prefix: string, screen: ScreenPart<Brand, ResOf<typeof platformSiteCalls.brand>, 'name' | 'themeColor' | 'logo'>) {
  const api = useApi();
  return useWrite<Brand, ResOf<typeof platformSiteCalls.brand>, 'name' | 'themeColor' | 'logo'>({
    run: (b) => sendBrand(api, prefix, b),
    fields: brandFields,
    invalidates: [platformKey()],
    ...screen,
  });
}

/** Which field each refusal of the settings call belongs beside (the open form's). */
export const settingsFields = { PF024: 'languages', PF026: 'limits', PF027: 'depositAccounts', PF028: 'sns' } as const;
export type SettingsVars = Omit<ReqOf<typeof platformSiteCalls.settings>, 'prefix'>;

export function useSaveSiteSettings(
  prefix: string,
  screen: ScreenPart<SettingsVars, ResOf<typeof platformSiteCalls.settings>, (typeof settingsFields)[keyof typeof settingsFields]>,
) {
  const api = useApi();
  return useWrite({
    run: (form: SettingsVars) => platformApi(api, platformSiteCalls.settings, { prefix, ...form }),
    fields: settingsFields,
    invalidates: [platformKey()],
    ...screen,
  });
}

export type SiteOp = { op: 'resume' | 'suspend' | 'rotateKey' } | { op: 'archive'; confirm: string };

/** The platform's hold on a site: resume, suspend, a new API key (the answer holds it), archive (its address typed to confirm). */
export function useSiteOp(prefix: string, screen: ScreenPart<SiteOp, ResOf<typeof platformOpsCalls.rotateKey> | null>) {
  const api = useApi();
  return useWrite({
    run: async (v: SiteOp) => {
      if (v.op === 'rotateKey') return platformApi(api, platformOpsCalls.rotateKey, { prefix });
      await (v.op === 'archive' ? platformApi(api, platformOpsCalls.archive, { prefix, confirm: v.confirm }) : platformApi(api, platformOpsCalls[v.op], { prefix }));
      return null;
    },
    invalidates: [platformKey()],
    ...screen,
  });
}

/** The site's own host names, saved as a whole list. */
export function useSaveHosts(prefix: string, screen: ScreenPart<string[], ResOf<typeof platformOpsCalls.hosts>>) {
  const api = useApi();
  return useWrite({ run: (hosts: string[]) => platformApi(api, platformOpsCalls.hosts, { prefix, hosts }), invalidates: [platformKey('site', prefix)], ...screen });
}

/** The old API key stops at once instead of at the end of its day. */
export function useRevokeOldKey(prefix: string, screen: ScreenPart<null>) {
  const api = useApi();
  return useWrite({
    run: (_: null) => platformApi(api, platformOpsCalls.revokeOldKey, { prefix }),
    invalidates: [platformSiteQueryOptions(api, prefix).queryKey],
    ...screen,
  });
}

/** A site's sandbox vendor credentials: a new one (its secret shown once), or one stopped. */
export function useIssueSandbox(prefix: string, screen: ScreenPart<null, ResOf<typeof platformOpsCalls.sandboxIssue>>) {
  const api = useApi();
  return useWrite({ run: (_: null) => platformApi(api, platformOpsCalls.sandboxIssue, { prefix }), invalidates: [sandboxQueryOptions(api, prefix).queryKey], ...screen });
}

export function useRevokeSandbox(prefix: string, screen: ScreenPart<string>) {
  const api = useApi();
  return useWrite({
    run: (vendorCode: string) => platformApi(api, platformOpsCalls.sandboxRevoke, { prefix, vendorCode }),
    invalidates: [sandboxQueryOptions(api, prefix).queryKey],
    ...screen,
  });
}

/** A fresh operator invitation for the site (the older unused ones stop). */
export function useInviteOperator(prefix: string, screen: ScreenPart<null, ResOf<typeof platformSiteCalls.invite>>) {
  const api = useApi();
  return useWrite({ run: (_: null) => platformApi(api, platformSiteCalls.invite, { prefix }), invalidates: [invitesQueryOptions(api).queryKey], ...screen });
}

/** An operator or staff invitation link stops at once. */
export function useRevokeInvitation(screen: ScreenPart<OpenInvitation>) {
  const api = useApi();
  return useWrite({
    run: (i: OpenInvitation) => platformApi(api, platformInviteCalls.revoke, { kind: i.kind, id: i.id }),
    invalidates: [invitesQueryOptions(api).queryKey],
    ...screen,
  });
}

/** The owner's staff: a join link, or an account removed (signed out, its invitations stopped). */
export function useInviteStaff(screen: ScreenPart<null, ResOf<typeof platformStaffCalls.invite>>) {
  const api = useApi();
  return useWrite({ run: (_: null) => platformApi(api, platformStaffCalls.invite, {}), invalidates: [invitesQueryOptions(api).queryKey], ...screen });
}

export function useRemoveStaff(screen: ScreenPart<string>) {
  const api = useApi();
  return useWrite({
    run: (loginId: string) => platformApi(api, platformStaffCalls.remove, { loginId }),
    invalidates: [staffQueryOptions(api).queryKey, invitesQueryOptions(api).queryKey],
    ...screen,
  });
}
