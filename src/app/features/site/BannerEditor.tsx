import { useState, type FormEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type bannerRow } from '../../../contract/site';
import type { z } from 'zod';
import { alert } from '../../lib/dialogs';
import { Button } from '../../ui/Button';
import { inputClass, SelectField, TextField } from '../../ui/Field';
import { useSaveBanner } from '../../entities/site/writes';
import { fromWire, toWire } from '../../lib/kstInput';
import fieldCss from '../../ui/Field.module.css';
import css from './AdminSite.module.css';

type Banner = z.infer<typeof bannerRow>;
export type BannerDraft = Partial<Banner> & { kind: Banner['kind'] };

/** Popup or banner: title, HTML content (sanitised by the server), image, link, window, order, in use. */
export function BannerEditor({ draft, onSaved }: { draft: BannerDraft; onSaved: () => void }) {
  const [d, setD] = useState({
    kind: draft.kind,
    title: draft.title ?? '',
    content: draft.content ?? '',
    imageUrl: draft.imageUrl ?? '',
    linkUrl: draft.linkUrl ?? '',
    startDate: fromWire(draft.startDate ?? null),
    endDate: fromWire(draft.endDate ?? null),
    useYn: draft.useYn ?? 'Y',
    ord: String(draft.ord ?? 0),
  });
  const save = useSaveBanner({
    onDone: async () => (await alert(t`저장되었습니다.`), onSaved()),
  });
  const set = (k: keyof typeof d) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!d.title.trim()) return alert(t`제목을 입력해 주세요.`);
    const body = {
      ...(draft.bannerIdx ? { bannerIdx: draft.bannerIdx } : {}),
      kind: d.kind,
      title: d.title.trim(),
      content: d.content,
      imageUrl: d.imageUrl.trim() || null,
      linkUrl: d.linkUrl.trim() || null,
      startDate: toWire(d.startDate),
      endDate: toWire(d.endDate),
      useYn: d.useYn as 'Y' | 'N',
      ord: Number(d.ord) || 0,
    };
    await save.submit(body);
  };
  return (
    <form className={css.form} onSubmit={(e) => void submit(e)} noValidate data-testid="banner-editor">
      <SelectField label={<Trans>종류</Trans>} name="kind" value={d.kind} onChange={set('kind')}>
        <option value="popup">{t`팝업`}</option>
        <option value="banner">{t`배너`}</option>
      </SelectField>
      <TextField label={<Trans>제목</Trans>} name="title" maxLength={200} value={d.title} onChange={set('title')} />
      <div className={fieldCss.field}>
        <label className={fieldCss.label} htmlFor="banner-content">
          <Trans>내용</Trans>
        </label>
        <textarea id="banner-content" className={`${inputClass} ${css.textarea}`} value={d.content} onChange={set('content')} />
      </div>
      <TextField label={<Trans>이미지 주소</Trans>} name="imageUrl" inputMode="url" value={d.imageUrl} onChange={set('imageUrl')} />
      <TextField label={<Trans>링크 주소</Trans>} name="linkUrl" inputMode="url" value={d.linkUrl} onChange={set('linkUrl')} />
      <div className={css.row2}>
        <TextField label={<Trans>시작 (KST)</Trans>} type="datetime-local" value={d.startDate} onChange={set('startDate')} />
        <TextField label={<Trans>종료 (KST)</Trans>} type="datetime-local" value={d.endDate} onChange={set('endDate')} />
      </div>
      <div className={css.row2}>
        <SelectField label={<Trans>사용</Trans>} value={d.useYn} onChange={set('useYn')}>
          <option value="Y">{t`사용`}</option>
          <option value="N">{t`사용 안 함`}</option>
        </SelectField>
        <TextField label={<Trans>순서</Trans>} inputMode="numeric" value={d.ord} onChange={(e) => setD({ ...d, ord: e.target.value.replace(/\D/g, '') })} />
      </div>
      <Button type="submit" variant="primary" block>
        <Trans>저장</Trans>
      </Button>
    </form>
  );
}
