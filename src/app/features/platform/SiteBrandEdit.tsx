import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { brandShades } from '../../../contract/brandColour';
import type { PlatformSiteDetail } from '../../../contract/platformOps';
import { useSaveBrand } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { BrandFields, type BrandValue } from './BrandFields';
import css from './Platform.module.css';

/**
 * The site's brand after opening: name, short name, theme colour and logo. The server remakes the
 * icons; their versioned names in the manifest change with them, so an installed app takes the new
 * ones. Left without a new file, the logo stays and its icons are repainted on the new colour.
 */
export function SiteBrandEdit({ site }: { site: PlatformSiteDetail }) {
  const { t } = useLingui();
  const [name, setName] = useState(site.name);
  const [brand, setBrand] = useState<BrandValue>({
    shortName: site.brand?.shortName ?? [...site.name].slice(0, 12).join(''),
    themeColor: site.brand?.themeColor ?? '#c9302c',
    logo: null,
    logoError: null,
  });
  const [version, setVersion] = useState<string | null>(null);
  const write = useSaveBrand(site.prefix, {
    say: 'inline',
    onDone: (r) => setVersion(r.version),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (brand.logoError) return;
    void write.submit({ name, shortName: brand.shortName, themeColor: brand.themeColor, logo: brand.logo });
  };
  const shade = brandShades(brand.themeColor).light;
  // no logo yet and none chosen: the server refuses (BR001), so the button says so first
  const needsLogo = !site.brand && !brand.logo;
  const logoSrc = version ? `/${site.prefix}/icons/icon-192.${version}.png` : `/${site.prefix}/icons/icon-192.png`;

  return (
    <Card title={t`브랜드`}>
      <form className={css.fields} onSubmit={submit} noValidate data-testid="site-brand-edit">
        <div className={css.brandPreview}>
          <img src={logoSrc} alt={t`지금 로고`} width={48} height={48} />
          <span className={css.brandSample} style={{ background: shade.brand, color: shade.ink }}>
            {name.trim() || site.name}
          </span>
        </div>
        <TextField
          label={t`사이트 이름`}
          name="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setVersion(null);
            write.clear('name');
          }}
          error={write.fieldErrors.name}
        />
        <BrandFields
          value={brand}
          onChange={(v, field) => {
            setBrand(v);
            setVersion(null);
            if (field !== 'shortName') write.clear(field);
          }}
          errors={{ shortName: write.fieldErrors.name, themeColor: write.fieldErrors.themeColor, logo: write.fieldErrors.logo }}
        />
        {needsLogo && (
          <p className={css.lead}>
            <Trans>아직 로고가 없습니다. 처음 저장할 때는 로고 파일이 필요합니다.</Trans>
          </p>
        )}
        {write.error && (
          <p className={css.fieldError} role="alert">
            {write.error}
          </p>
        )}
        <Button type="submit" variant="secondary" block disabled={write.busy || needsLogo || !!brand.logoError} aria-busy={write.busy} data-testid="save-brand">
          {version ? t`저장했습니다` : t`브랜드 저장`}
        </Button>
      </form>
    </Card>
  );
}
