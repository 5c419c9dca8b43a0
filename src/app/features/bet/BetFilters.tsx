import { useLingui } from '@lingui/react/macro';
import { betStatuses as resultTypes, type BetStatus as ResultType } from '../../../contract/gameConcepts';
import { resultName } from '../../entities/bet/betCodes';
import { inputClass } from '../../ui/Field';
import type { SearchType } from '../../entities/bet/subtreeQueries';

/** Result select (all, win, lose, draw, wait, cancel). */
export function ResultSelect({ value, onChange }: { value: '' | ResultType; onChange: (v: '' | ResultType) => void }) {
  const { t } = useLingui();
  return (
    <select className={inputClass} aria-label={t`결과`} value={value} onChange={(e) => onChange(e.target.value as '' | ResultType)}>
      <option value="">{t`전체 결과`}</option>
      {resultTypes.map((r) => (
        <option key={r} value={r}>
          {resultName(r)}
        </option>
      ))}
    </select>
  );
}

/** Search field (member id by default, nickname, upper user) and its word. */
export function SearchFields({ type, word, onType, onWord }: { type: SearchType; word: string; onType: (t: SearchType) => void; onWord: (w: string) => void }) {
  const { t } = useLingui();
  return (
    <>
      <select className={inputClass} aria-label={t`검색 항목`} value={type} onChange={(e) => onType(e.target.value as SearchType)}>
        <option value="memId">{t`회원 아이디`}</option>
        <option value="memNick">{t`닉네임`}</option>
        <option value="recommenderId">{t`상위 아이디`}</option>
      </select>
      <input className={inputClass} type="search" name="searchWord" aria-label={t`검색어`} placeholder={t`검색어`} value={word} onChange={(e) => onWord(e.target.value)} />
    </>
  );
}
