/** Game and vendor names in the caller's language: `names` per locale, else the vendor's own `name`. */
import { sql } from 'kysely';
import { languages, localeOf, type Language } from '../../../contract/enums.js';

/** The app mirrors the user's language pick in this cookie (src/app/lib/i18n.ts); API calls carry it. */
export const LANGUAGE_COOKIE = /(?:^|;\s*)pitboss-lang=(\w+)/;

/**
 * The locale (ko, en, vi) to name games in for this request: the user's pick when the request
 * carries one, else the site's default language (the first of its languages).
 */
export function callerLocale(ctx: { cookie?: string | null; site: { languages: string } | null }): string {
  const picked = LANGUAGE_COOKIE.exec(ctx.cookie ?? '')?.[1];
  const fallback = ctx.site?.languages.split(',')[0]?.trim();
  const lang = [picked, fallback].find((l): l is Language => languages.includes(l as Language)) ?? 'ko';
  return localeOf(lang);
}

/** `alias.names ->> locale`, else `alias.name`: a select expression named `as`. */
export const localName = <A extends string>(alias: 'g' | 'v', locale: string, as: A) =>
  sql<string>`coalesce(${sql.ref(`${alias}.names`)} ->> ${locale}, ${sql.ref(`${alias}.name`)})`.as(as);
