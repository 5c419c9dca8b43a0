import { useRef, useState, type FormEvent } from 'react';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { faqTypes } from '../../../contract/board';
import { faqTypeName } from '../../entities/board/boardLabels';
import { alert } from '../../lib/dialogs';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { inputClass, SelectField, TextField } from '../../ui/Field';
import { useSaveInquiry } from '../../entities/board/writes';
import fieldCss from '../../ui/Field.module.css';
import { useCaller } from '../../lib/caller';
import css from './boardCss';

const route = getRouteApi('/$prefix/_member/qnawrite');
type FaqType = (typeof faqTypes)[number];

/** A new inquiry: type (etc by default), title and content required; the category is sent empty. */
export function QnaWrite() {
  const { prefix } = route.useParams();
  const navigate = route.useNavigate();
  const router = useRouter();
  const { member } = useSnapshot(session);
  const caller = useCaller();
  const [faqType, setFaqType] = useState<FaqType>('etc');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [missing, setMissing] = useState<{ title?: string; content?: string }>({});
  const formRef = useRef<HTMLFormElement>(null);
  const write = useSaveInquiry(prefix, caller.memId, {
    // a refusal is said under the form, where the thumb is, not in a dialog
    say: 'inline',
    onDone: async () => {
      await alert(t`등록되었습니다.`);
      await navigate({ to: '/$prefix/qna', params: { prefix } });
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // each empty field says so beside itself; the first takes the focus
    const found = { title: title.trim() ? undefined : t`제목을 입력해 주세요.`, content: content.trim() ? undefined : t`내용을 입력해 주세요.` };
    setMissing(found);
    const first = found.title ? 'title' : found.content ? 'content' : null;
    if (first) return formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    await write.submit({ faqType, title: title.trim(), content, category: '', memName: member?.memName });
  };

  return (
    <div className={css.page} data-testid="qna-write">
      <h1 className={css.h1}>
        <Trans>문의하기</Trans>
      </h1>
      <Card>
        <form ref={formRef} className={css.form} onSubmit={(e) => void submit(e)} noValidate>
          <SelectField label={<Trans>유형</Trans>} name="faqType" value={faqType} onChange={(e) => setFaqType(e.target.value as FaqType)}>
            {faqTypes.map((f) => (
              <option key={f} value={f}>
                {faqTypeName(f)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={<Trans>제목</Trans>}
            name="title"
            maxLength={200}
            value={title}
            error={missing.title}
            onChange={(e) => (setTitle(e.target.value), setMissing((m) => ({ ...m, title: undefined })))}
          />
          <div className={fieldCss.field}>
            <label className={fieldCss.label} htmlFor="qna-content">
              <Trans>내용</Trans>
            </label>
            <textarea
              id="qna-content"
              name="content"
              className={`${inputClass} ${css.textarea}`}
              maxLength={20_000}
              value={content}
              aria-invalid={missing.content ? true : undefined}
              aria-describedby={missing.content ? 'qna-content-error' : undefined}
              onChange={(e) => (setContent(e.target.value), setMissing((m) => ({ ...m, content: undefined })))}
            />
            {missing.content && (
              <span id="qna-content-error" className={fieldCss.error} role="alert">
                {missing.content}
              </span>
            )}
          </div>
          {write.error && (
            <p className={fieldCss.error} role="alert" data-testid="form-error">
              {write.error}
            </p>
          )}
          <div className={css.formActions}>
            <Button onClick={() => router.history.back()}>
              <Trans>취소</Trans>
            </Button>
            <Button type="submit" variant="primary" disabled={write.busy}>
              <Trans>신청하기</Trans>
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
