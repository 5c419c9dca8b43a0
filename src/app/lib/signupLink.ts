/** A partner's signup link: the site's signup page with the partner as the fixed recommender. */
export const signupLinkPath = (prefix: string, memId: string) => `/${prefix}/signup?ref=${encodeURIComponent(memId)}`;

export const signupLinkUrl = (prefix: string, memId: string) => `${window.location.origin}${signupLinkPath(prefix, memId)}`;

/**
 * The signup route's search: `ref` as typed in the link (the router reads `?ref=1234` as a number).
 * Any value, even a malformed one, is kept: the page then explains the bad link instead of
 * silently showing the plain form.
 */
export function signupSearch(s: Record<string, unknown>): { ref?: string } {
  const ref = s.ref;
  return typeof ref === 'string' || typeof ref === 'number' ? { ref: String(ref).slice(0, 40) } : {};
}
