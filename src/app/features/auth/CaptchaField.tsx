import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { inputClass } from '../../ui/Field';
import css from '../../ui/Auth.module.css';
import fieldCss from '../../ui/Field.module.css';

/** The server's captcha image (4 digits) with a refresh button and a 4-digit numeric input. */
export function CaptchaField({
  image,
  value,
  onChange,
  onRefresh,
  error,
}: {
  image?: string;
  value: string;
  onChange: (v: string) => void;
  onRefresh: () => void;
  /** a refusal of the code, said under it */
  error?: string;
}) {
  const { t } = useLingui();
  return (
    <div className={fieldCss.field}>
      <label className={fieldCss.label} htmlFor="captcha">{t`자동입력 방지코드`}</label>
      <div className={css.captchaRow}>
        {image?.startsWith('data:image/png;base64,') ? <img className={css.captchaImg} src={image} alt={t`자동입력 방지 이미지`} /> : <span className={css.captchaImg} />}
        <Button aria-label={t`새로고침`} title={t`새로고침`} onClick={onRefresh}>
          ↻
        </Button>
        <input
          id="captcha"
          className={inputClass}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          name="captcha"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'captcha-error' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
      {error && (
        <span id="captcha-error" className={fieldCss.error} role="alert" data-testid="captcha-error">
          {error}
        </span>
      )}
    </div>
  );
}
