import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { signupLinkUrl } from '../lib/signupLink';
import { BottomSheet } from '../ui/BottomSheet';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import css from './SignupLinkCard.module.css';

/** "My signup link": the partner's link to copy or share, and its QR code in a sheet (the QR module loads only then). */
export function SignupLinkCard({ prefix, memId }: { prefix: string; memId: string }) {
  const { t } = useLingui();
  const link = signupLinkUrl(prefix, memId);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // no clipboard (an insecure page, a refusal): the link stays selectable to copy by hand
      setCopied('no');
    }
  };
  const canShare = typeof navigator.share === 'function';
  const share = () => navigator.share({ title: t`회원가입`, url: link }).catch(() => undefined);
  return (
    <Card title={t`내 가입 링크`} data-testid="signup-link-card">
      <div className={css.body}>
        <p className={css.lead}>
          <Trans>이 링크로 가입한 회원은 내 아래로 들어옵니다. 추천인은 바꿀 수 없습니다.</Trans>
        </p>
        <output className={css.link} data-testid="signup-link">
          {link}
        </output>
        <div className={css.actions}>
          <Button variant="primary" onClick={() => void copy()} data-testid="signup-link-copy">
            {copied === 'yes' ? t`복사했습니다` : t`링크 복사`}
          </Button>
          {canShare && (
            <Button onClick={() => void share()} data-testid="signup-link-share">
              <Trans>공유</Trans>
            </Button>
          )}
          <Button onClick={() => setQrOpen(true)} data-testid="signup-link-qr">
            <Trans>QR 코드</Trans>
          </Button>
        </div>
        {copied === 'no' && (
          <p className={css.lead} role="alert">
            <Trans>복사하지 못했습니다. 링크를 길게 눌러 복사해 주세요.</Trans>
          </p>
        )}
      </div>
      <BottomSheet open={qrOpen} title={t`가입 QR 코드`} onClose={() => setQrOpen(false)} data-testid="signup-link-qr-sheet">
        {qrOpen && <LinkQr link={link} />}
      </BottomSheet>
    </Card>
  );
}

function LinkQr({ link }: { link: string }) {
  const { t } = useLingui();
  const [qr, setQr] = useState<{ url: string } | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(link, { margin: 2, width: 480, errorCorrectionLevel: 'M' }))
      .then(
        (url) => live && setQr({ url }),
        () => live && setQr('failed'),
      );
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <div className={css.qrBody}>
      <p className={css.lead}>
        <Trans>휴대폰 카메라로 찍으면 가입 화면이 열립니다.</Trans>
      </p>
      <div className={css.qrFrame}>
        {qr && qr !== 'failed' ? (
          <img className={css.qr} src={qr.url} alt={t`가입 링크 QR 코드`} width={240} height={240} data-testid="signup-link-qr-image" />
        ) : qr === 'failed' ? (
          <p className={css.lead} role="alert">
            <Trans>QR 코드를 만들지 못했습니다. 링크를 복사해 보내 주세요.</Trans>
          </p>
        ) : (
          <span className={css.qrLoading} aria-label={t`불러오는 중`} />
        )}
      </div>
      <output className={css.link}>{link}</output>
    </div>
  );
}
