import { createHash } from 'node:crypto';
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import type { IconKind } from '../../db/tables/brand.js';
import { loadImage } from '@napi-rs/canvas';
import { makeIcons, readLogo } from './brandImage.js';

export interface BrandInput {
  /** the site's name (its header, its title, under its icon) */
  name: string;
  shortName: string;
  /** `#rrggbb` */
  themeColor: string;
  /** PNG or SVG bytes; left out, the logo the site has is kept (its icons repainted on the new colour) */
  logo?: Buffer;
}

const NAME_MAX = 40;
/** what a home screen shows under an icon before it cuts */
const SHORT_NAME_MAX = 12;

function checkInput(input: BrandInput) {
  const name = input.name.trim();
  const shortName = input.shortName.trim();
  if (!name || !shortName || [...name].length > NAME_MAX || [...shortName].length > SHORT_NAME_MAX || /[\u0000-\u001f<>]/.test(name + shortName)) {
    throw new ApiError('BR004');
  }
  if (!/^#[0-9a-fA-F]{6}$/.test(input.themeColor)) throw new ApiError('BR005');
  return { name, shortName, themeColor: input.themeColor.toLowerCase() };
}

/**
 * Sets a site's brand: name, short name, theme colour and logo, and the icons made from the logo
 * (192, 512, maskable 512, apple-touch 180, favicon), all kept as rows. Every refusal is a result
 * code thrown before anything is written. Returns the brand's version (the icons' ETag). The caller
 * then calls `app.sites.changed(siteId)`, which forgets the brand on every instance.
 */
export async function setSiteBrand(db: Db, siteId: string, input: BrandInput): Promise<string> {
  const { name, shortName, themeColor } = checkInput(input);
  const site = await db.selectFrom('site').select('id').where('id', '=', siteId).executeTakeFirst();
  if (!site) throw new ApiError('S404');
  let logo;
  if (input.logo) logo = await readLogo(input.logo);
  else {
    const kept = await db.selectFrom('site_icon').select('png').where('site_id', '=', siteId).where('kind', '=', 'logo').executeTakeFirst();
    if (!kept) throw new ApiError('BR001');
    logo = await loadImage(kept.png);
  }
  const icons = await makeIcons(logo, themeColor);
  const hash = createHash('sha256').update(themeColor);
  for (const png of Object.values(icons)) hash.update(png);
  const version = hash.digest('base64url').slice(0, 12);

  await db.transaction().execute(async (tx) => {
    // one name: the site's, shown in its header and under its icon
    await tx.updateTable('site').set({ name }).where('id', '=', siteId).execute();
    await tx
      .insertInto('site_brand')
      .values({ site_id: siteId, short_name: shortName, theme_color: themeColor, version })
      .onConflict((oc) => oc.column('site_id').doUpdateSet({ short_name: shortName, theme_color: themeColor, version, updated_at: new Date() }))
      .execute();
    await tx.deleteFrom('site_icon').where('site_id', '=', siteId).execute();
    await tx
      .insertInto('site_icon')
      .values(Object.entries(icons).map(([kind, png]) => ({ site_id: siteId, kind: kind as IconKind, png })))
      .execute();
  });
  return version;
}

/** A DNS name as a proxy forwards it in Host: lower-case labels of letters, digits and hyphens, at least one dot. */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * Sets the host names a site answers on besides its prefix (an empty list: none). A name another
 * site uses is refused (BR007) and nothing changes. The caller then calls `app.sites.changed(siteId)`.
 */
export async function setSiteHosts(db: Db, siteId: string, hosts: string[]): Promise<string[]> {
  const list = [...new Set(hosts.map((h) => h.trim().toLowerCase().replace(/\.$/, '')))];
  if (list.some((h) => !HOST.test(h))) throw new ApiError('BR006');
  await db
    .transaction()
    .execute(async (tx) => {
      const site = await tx.selectFrom('site').select('id').where('id', '=', siteId).forUpdate().executeTakeFirst();
      if (!site) throw new ApiError('S404');
      if (list.length) {
        const taken = await tx.selectFrom('site_host').select('host').where('host', 'in', list).where('site_id', '<>', siteId).executeTakeFirst();
        if (taken) throw new ApiError('BR007');
      }
      await tx.deleteFrom('site_host').where('site_id', '=', siteId).execute();
      if (list.length)
        await tx
          .insertInto('site_host')
          .values(list.map((host) => ({ host, site_id: siteId })))
          .execute();
    })
    // another site took one of the names at the same moment
    .catch((err: unknown) => {
      throw (err as { code?: string }).code === '23505' ? new ApiError('BR007') : err;
    });
  return list;
}
