import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { confirm } from '../lib/dialogs';
import { Button } from './Button';
import css from './BottomSheet.module.css';

interface Props {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** the sheet's action, pinned under the scrolling body and above the on-screen keyboard */
  footer?: ReactNode;
  /** typed input would be lost: a backdrop tap, swipe or Escape asks first */
  dirty?: boolean;
  'data-testid'?: string;
}

/** Pixels of a downward drag that close the sheet. */
const CLOSE_DRAG = 80;

/**
 * The one bottom sheet (the platform `<dialog>`, a centred panel on wide screens): a drag handle and
 * swipe down to close, the action pinned above the keyboard (visualViewport), focus kept inside by
 * the modal dialog, and typed input never thrown away without asking.
 */
export function BottomSheet({ open, title, onClose, children, footer, dirty = false, ...rest }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useLingui();
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  const keyboard = useKeyboardInset(open);

  useEffect(() => {
    const el = ref.current;
    if (open && el && !el.open) el.showModal();
    if (!open && el?.open) el.close();
  }, [open]);

  async function dismiss() {
    if (dirty && !(await confirm(t`입력한 내용이 지워집니다. 닫으시겠습니까?`))) return;
    onClose();
  }

  const onDown = (e: PointerEvent) => {
    start.current = e.clientY;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    if (start.current !== null) setDrag(Math.max(0, e.clientY - start.current));
  };
  const onUp = () => {
    const far = drag > CLOSE_DRAG;
    start.current = null;
    setDrag(0);
    if (far) void dismiss();
  };

  return (
    <dialog
      ref={ref}
      className={css.sheet}
      data-testid={rest['data-testid']}
      aria-labelledby={titleId}
      style={{
        transform: drag ? `translateY(${drag}px)` : undefined,
        transition: drag ? 'none' : undefined,
        marginBottom: keyboard.inset ? `${keyboard.inset}px` : undefined,
        maxHeight: keyboard.height ? `${Math.round(keyboard.height * 0.95)}px` : undefined,
      }}
      // Escape: ask first when input would be lost
      onCancel={(e) => {
        e.preventDefault();
        void dismiss();
      }}
      onClose={() => open && onClose()}
      onClick={(e) => e.target === ref.current && void dismiss()}
    >
      <div className={css.grip} onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onUp} data-testid="sheet-grip">
        <span className={css.handle} aria-hidden />
        <div className={css.head}>
          <h2 className={css.title} id={titleId}>
            {title}
          </h2>
          <Button variant="ghost" aria-label={t`닫기`} onClick={() => void dismiss()} onPointerDown={(e) => e.stopPropagation()}>
            ✕
          </Button>
        </div>
      </div>
      <div className={css.body}>{open && children}</div>
      {open && footer && <div className={css.footer}>{footer}</div>}
    </dialog>
  );
}

/** How far the on-screen keyboard pushes up from the bottom, and the height left above it. */
function useKeyboardInset(active: boolean) {
  const [state, setState] = useState({ inset: 0, height: 0 });
  useEffect(() => {
    const vv = typeof window === 'undefined' ? undefined : window.visualViewport;
    if (!active || !vv) return;
    const update = () => {
      const inset = Math.max(0, Math.round(window.innerHeight - vv.height - vv.offsetTop));
      setState({ inset, height: inset > 0 ? vv.height : 0 });
    };
    update();
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, [active]);
  return state;
}
