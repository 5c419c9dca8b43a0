import { useLingui } from '@lingui/react/macro';
import { inputClass } from '../../ui/Field';
import type { SearchType } from '../../entities/cash/transferQueries';

/** Search field select (member id, nickname, upper user id) and its word. */
export function SearchFields({ type, word, onType, onWord }: { type: SearchType; word: string; onType: (t: SearchType) => void; onWord: (w: string) => void }) {
  const { t } = useLingui();
  return (
    <>
      <select className={inputClass} aria-label={t`검색 항목`} value={type} onChange={(e) => onType(e.target.value as SearchType)}>
        <option value="memId">{t`회원 아이디`}</option>
        <option value="memNick">{t`닉네임`}</option>
        <option value="recommenderId">{t`상위 아이디`}</option>
      </select>
      <input className={inputClass} aria-label={t`검색어`} value={word} onChange={(e) => onWord(e.target.value)} />
    </>
  );
}
