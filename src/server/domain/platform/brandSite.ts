import { ApiError } from '../../../contract/codes.js';
import type { Deps } from '../deps.js';
import { setSiteBrand } from '../site/brand.js';
import { LOGO_MAX_BYTES } from '../site/brandImage.js';
import { siteOfPrefix } from './invite.js';

interface BrandForm {
  prefix: string;
  name: string;
  shortName: string;
  themeColor: string;
  /** base64 of the file */
  logo?: string;
}

/** The console's brand step: the logo arrives as base64, is validated and re-encoded by setSiteBrand (PNG or SVG, 1 MB). */
export async function brandSite({ db }: Pick<Deps, 'db'>, f: BrandForm) {
  const site = await siteOfPrefix(db, f.prefix);
  let logo: Buffer | undefined;
  if (f.logo !== undefined) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(f.logo)) throw new ApiError('BR001');
    logo = Buffer.from(f.logo, 'base64');
    if (logo.length > LOGO_MAX_BYTES) throw new ApiError('BR002');
    if (!logo.length) throw new ApiError('BR001');
  }
  const version = await setSiteBrand(db, site.id, { name: f.name, shortName: f.shortName, themeColor: f.themeColor, logo });
  return { siteId: site.id, version };
}
