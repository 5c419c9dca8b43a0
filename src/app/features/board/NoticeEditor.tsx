import { useState, type FormEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { noticeCategories } from '../../../contract/board';
import { categoryName } from '../../entities/board/boardLabels';
import { alert } from '../../lib/dialogs';
import { Button } from '../../ui/Button';
import { inputClass, SelectField, TextField } from '../../ui/Field';
import { useSaveNotice } from '../../entities/board/writes';
import fieldCss from '../../ui/Field.module.css';
import css from './AdminBoard.module.css';

type Category = (typeof noticeCategories)[number];
export interface NoticeDraft {
  boardIdx?: number;
  category: Category;
  title: string;
  content: string;
}

/** Write or edit a notice; the content is HTML, sanitised by the server before it is stored. */
export function NoticeEditor({ draft, onSaved }: { draft: NoticeDraft; onSaved: () => void }) {
  const [d, setD] = useState(draft);
  const save = useSaveNotice({
    onDone: async () => (await alert(t`저장되었습니다.`), onSaved()),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!d.title.trim()) return alert(t`제목을 입력해 주세요.`);
    if (!d.content.trim()) return alert(t`내용을 입력해 주세요.`);
    await save.submit(d);
  };
  return (
    <form className={css.form} onSubmit={(e) => void submit(e)} noValidate data-testid="notice-editor">
      <SelectField label={<Trans>분류</Trans>} name="category" value={d.category} onChange={(e) => setD({ ...d, category: e.target.value as Category })}>
        {noticeCategories.map((c) => (
          <option key={c} value={c}>
            {categoryName(c)}
          </option>
        ))}
      </SelectField>
      <TextField label={<Trans>제목</Trans>} name="title" maxLength={200} value={d.title} onChange={(e) => setD({ ...d, title: e.target.value })} />
      <div className={fieldCss.field}>
        <label className={fieldCss.label} htmlFor="notice-content">
          <Trans>내용</Trans>
        </label>
        <textarea id="notice-content" name="content" className={`${inputClass} ${css.textarea}`} value={d.content} onChange={(e) => setD({ ...d, content: e.target.value })} />
      </div>
      <Button type="submit" variant="primary" block disabled={save.busy}>
        <Trans>저장</Trans>
      </Button>
    </form>
  );
}
