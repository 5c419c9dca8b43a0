import { useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { answer, dialogs } from '../lib/dialogs';
import { Button } from './Button';
import { Fact, Facts } from './Facts';
import css from './Dialog.module.css';

/** The one alert/confirm, a modal `<dialog>` fed by lib/dialogs. */
export function DialogHost() {
  const { queue } = useSnapshot(dialogs);
  const current = queue[0];
  const ref = useRef<HTMLDialogElement>(null);
  // the message names the dialog: an alert with one button is read out as what it says
  const bodyId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (current && !el.open) el.showModal();
    if (!current && el.open) el.close();
  }, [current]);

  return (
    <dialog
      ref={ref}
      className={css.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={current ? bodyId : undefined}
      data-sheet={current?.facts ? true : undefined}
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
    >
      {current && (
        <form method="dialog" onSubmit={(e) => (e.preventDefault(), answer(true))}>
          <p className={css.body} id={bodyId}>
            {current.message}
          </p>
          {current.facts && (
            <Facts boxed strong className={css.facts} data-testid="dialog-facts">
              {current.facts.map(([label, value]) => (
                <Fact key={label} label={label}>
                  {value}
                </Fact>
              ))}
            </Facts>
          )}
          <div className={css.actions}>
            {current.kind === 'confirm' && (
              <Button onClick={() => answer(false)}>
                <Trans>취소</Trans>
              </Button>
            )}
            <Button type="submit" variant="primary" autoFocus>
              <Trans>확인</Trans>
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
