import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { inputClass } from '../../ui/Field';
import { useCloseFilters } from '../../ui/FilterBar';

/** Search type and text; an empty text searches everything again. */
export function SearchBox<K extends string>({ types, onSearch }: { types: { key: K; label: string }[]; onSearch: (type: K, value: string) => void }) {
  const { t } = useLingui();
  const [type, setType] = useState<K>(types[0].key);
  const [value, setValue] = useState('');
  const close = useCloseFilters();
  const search = () => (onSearch(type, value.trim()), close());
  return (
    <>
      <select className={inputClass} aria-label={t`검색 조건`} value={type} onChange={(e) => setType(e.target.value as K)}>
        {types.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </select>
      <input
        className={inputClass}
        type="search"
        aria-label={t`검색어`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), search())}
      />
      <Button type="button" variant="primary" onClick={search}>
        <Trans>검색</Trans>
      </Button>
    </>
  );
}
