import { BRAND_PROPERTIES, brandProperties } from '../../contract/brandColour';
import { languages, type Language } from '../../contract/enums';
import type { Site } from './session/store';

/**
 * A site's page wears the site's theme colour: the token file's `--brand` / `--brand-ink` read
 * these properties (light and dark shades, each readable at AA), set on `<html>` with the site's
 * prefix in `data-site-brand` (the server's page already carries them). Outside every site (the
 * landing page, the platform console) they are removed and the app's own colour shows.
 */
export function applySiteBrand(site: Pick<Site, 'prefix' | 'brand'> | null) {
  const root = document.documentElement;
  if (!site) {
    delete root.dataset.siteBrand;
    for (const p of BRAND_PROPERTIES) root.style.removeProperty(p);
    return;
  }
  root.dataset.siteBrand = site.prefix;
  if (!site.brand) {
    for (const p of BRAND_PROPERTIES) root.style.removeProperty(p);
    return;
  }
  for (const [p, v] of Object.entries(brandProperties(site.brand.themeColor))) root.style.setProperty(p, v);
}

/** The site's default language: the first of its languages. */
export function siteLanguage(site: Pick<Site, 'languages'>): Language {
  const first = site.languages[0];
  return first && languages.includes(first) ? first : 'ko';
}

/** The languages a site offers in its order (its default first); outside every site (the platform console) all of them. */
export function siteLanguages(site: { readonly languages: readonly Language[] } | null): Language[] {
  const offered = [...new Set(site?.languages.filter((l) => languages.includes(l)))];
  return offered.length > 0 ? offered : [...languages];
}
