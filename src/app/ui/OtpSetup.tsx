import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import { TextField } from './Field';
import { formatKst } from '../lib/format';
import css from './OtpSetup.module.css';

interface Props {
  qrDataUrl: string;
  secret: string;
  busy: boolean;
  error?: string | null;
  onConfirm: (code: string) => void;
}

/** Enrolment: the QR code to scan, the secret to type instead, and the first code that confirms it. */
export function OtpSetup({ qrDataUrl, secret, busy, error, onConfirm }: Props) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length === 6) onConfirm(code);
  };
  return (
    <form className={css.setup} onSubmit={submit} noValidate data-testid="otp-setup">
      <p className={css.hint}>
        <Trans>인증 앱(Google Authenticator 등)으로 QR 코드를 찍거나 아래 키를 직접 입력하세요.</Trans>
      </p>
      <img className={css.qr} src={qrDataUrl} alt={t`2단계 인증 QR 코드`} width={200} height={200} />
      <code className={css.secret} data-testid="otp-secret">
        {secret.match(/.{1,4}/g)?.join(' ')}
      </code>
      <TextField
        label={<Trans>앱에 표시된 6자리 코드</Trans>}
        name="otpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={error ?? undefined}
      />
      <Button type="submit" variant="primary" block disabled={busy || code.length !== 6}>
        {code.length === 6 ? <Trans>확인</Trans> : <Trans>코드 6자리를 입력하세요</Trans>}
      </Button>
    </form>
  );
}

/** The recovery codes as a text file to keep: where they belong, when they were made, then one a line. */
function saveCodes(codes: string[], heading: string) {
  const text = `${heading}\n${location.host} · ${formatKst(Date.now(), 'yyyy-MM-dd HH:mm')} KST\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `recovery-codes-${location.host.replace(/[^a-z0-9.-]/gi, '_')}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The recovery codes, shown once after enrolment, to copy or save as a file before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // no clipboard (an insecure page, a refusal): the codes stay selectable, and the file still saves
      setCopied(false);
    }
  };
  return (
    <div className={css.setup} data-testid="otp-recovery">
      <p className={css.hint}>
        <Trans>휴대폰을 잃어버렸을 때 쓸 복구 코드입니다. 각 코드는 한 번만 쓸 수 있고, 지금 한 번만 보여 드립니다. 안전한 곳에 적어 두세요.</Trans>
      </p>
      <ol className={css.codes}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className={css.keep}>
        <Button onClick={() => void copy()} data-testid="otp-recovery-copy">
          {copied ? t`복사했습니다` : t`복사`}
        </Button>
        <Button onClick={() => saveCodes(codes, t`2단계 인증 복구 코드 (각 코드는 한 번만 쓸 수 있습니다)`)} data-testid="otp-recovery-save">
          <Trans>파일로 저장</Trans>
        </Button>
      </div>
      {copied === false && (
        <p className={css.hint} role="status">
          <Trans>복사할 수 없습니다. 코드를 길게 눌러 직접 복사하거나 파일로 저장해 주세요.</Trans>
        </p>
      )}
      <Button variant="primary" block onClick={onDone}>
        <Trans>적어 두었습니다</Trans>
      </Button>
    </div>
  );
}
