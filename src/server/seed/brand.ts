import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SeedStep } from './scope.js';
import { setSiteBrand } from '../domain/site/brand.js';

/** The app's own icon: in the sources, or beside the built app. */
function pitbossLogo(staticDir: string | undefined): string | null {
  const found = [resolve('public/icons/icon-512.png'), join(resolve(staticDir ?? 'dist'), 'icons/icon-512.png')].find((f) => existsSync(f));
  return found ?? null;
}

/** The demo site installs as its own app: the Pitboss icon under the site's name, in the app's red (its buttons keep the colour they always had). */
export const seedBrand: SeedStep = async (app, { siteId }) => {
  const file = pitbossLogo(app.config.staticDir);
  // without the file the site shows the app's own icons all the same
  if (!file) return;
  const site = await app.db.selectFrom('site').select('name').where('id', '=', siteId).executeTakeFirstOrThrow();
  await setSiteBrand(app.db, siteId, { name: site.name, shortName: site.name, themeColor: '#c9302c', logo: await readFile(file) });
};
