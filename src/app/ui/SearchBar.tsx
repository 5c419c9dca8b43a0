import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SearchOption } from '../lib/listSearch';
import { alert } from '../lib/dialogs';
import { inputClass } from './Field';
import { Button } from './Button';
import css from './SearchBar.module.css';

/** Search type (title, content, both; title by default) and text; empty text is refused with an alert. */
export function SearchBar({ option = 't', value = '', onSearch }: { option?: SearchOption; value?: string; onSearch: (option: SearchOption, value: string) => void }) {
  const { t } = useLingui();
  const [so, setSo] = useState<SearchOption>(option);
  const [sv, setSv] = useState(value);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sv.trim()) {
      await alert(t`검색어를 입력해 주세요.`);
      return;
    }
    onSearch(so, sv.trim());
  };
  return (
    <form className={css.bar} role="search" onSubmit={(e) => void submit(e)}>
      <select className={`${inputClass} ${css.option}`} aria-label={t`검색 조건`} value={so} onChange={(e) => setSo(e.target.value as SearchOption)}>
        <option value="t">{t`제목`}</option>
        <option value="c">{t`내용`}</option>
        <option value="tc">{t`제목+내용`}</option>
      </select>
      <input className={`${inputClass} ${css.text}`} type="search" aria-label={t`검색어`} value={sv} onChange={(e) => setSv(e.target.value)} />
      <Button type="submit" variant="primary">
        <Trans>검색</Trans>
      </Button>
    </form>
  );
}
