import { useEffect, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import css from './BottomSheet.module.css';

/** A sheet from the bottom on phones, a centred panel on wide screens; the platform `<dialog>`. */
export function BottomSheet({ open, title, onClose, children }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useLingui();
  useEffect(() => {
    const el = ref.current;
    if (open && el && !el.open) el.showModal();
    if (!open && el?.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={css.sheet}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
    >
      <div className={css.head}>
        <h2 className={css.title}>{title}</h2>
        <Button variant="ghost" aria-label={t`닫기`} onClick={onClose}>✕</Button>
      </div>
      <div className={css.body}>{open && children}</div>
    </dialog>
  );
}
