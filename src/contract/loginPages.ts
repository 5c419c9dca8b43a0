/**
 * Each kind of user's login page, as the app's router names it. The app sends a signed-out visitor
 * there (lib/guard.ts); the server's shell opens these pages on the site's logo and name before the
 * app's code has run (http/firstPaint.ts).
 */
export const loginPages = { player: '/$prefix', partner: '/$prefix/login', admin: '/$prefix/admin/login' } as const;
