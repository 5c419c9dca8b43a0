import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../contract/codes';
import { apiMessage } from '../../lib/apiMessage';
import { TextField } from '../../ui/Field';
import { checkLogo } from '../../entities/platform/logoFile';

export interface BrandValue {
  shortName: string;
  themeColor: string;
  logo: File | null;
  /** the logo file's problem, said before anything is sent */
  logoError: string | null;
}

/**
 * A site's short name, theme colour and logo: the fields the open form and the site page's brand
 * edit share. Errors from the server land beside the same fields (`errors`).
 */
export function BrandFields({
  value,
  onChange,
  errors = {},
}: {
  value: BrandValue;
  onChange: (v: BrandValue, field: 'shortName' | 'themeColor' | 'logo') => void;
  errors?: Partial<Record<'shortName' | 'themeColor' | 'logo', string | undefined>>;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={t`짧은 이름`}
        hint={t`홈 화면 아이콘 아래에 보입니다. 12자 이내.`}
        name="shortName"
        maxLength={12}
        value={value.shortName}
        onChange={(e) => onChange({ ...value, shortName: e.target.value }, 'shortName')}
        error={errors.shortName}
      />
      <TextField
        label={t`테마 색`}
        hint={t`버튼과 강조 색이 됩니다. 글자가 잘 읽히도록 밝기는 화면마다 맞춥니다.`}
        name="themeColor"
        type="color"
        value={value.themeColor}
        onChange={(e) => onChange({ ...value, themeColor: e.target.value }, 'themeColor')}
        error={errors.themeColor}
      />
      <TextField
        label={t`로고`}
        hint={t`PNG 또는 SVG, 1MB 이하. 아이콘은 서버가 만듭니다.`}
        name="logo"
        type="file"
        accept="image/png,image/svg+xml"
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          const code = file ? checkLogo(file) : null;
          onChange({ ...value, logo: code ? null : file, logoError: code ? apiMessage(new ApiError(code)) : null }, 'logo');
        }}
        error={value.logoError ?? errors.logo}
      />
    </>
  );
}
