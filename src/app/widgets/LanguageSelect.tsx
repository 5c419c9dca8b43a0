import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { languages, type Language } from '../../contract/enums';
import { activateLanguage } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { session } from '../lib/session/store';
import css from '../ui/AppChrome.module.css';

const names: Record<Language, string> = { ko: '한국어', en: 'English', vn: 'Tiếng Việt' };

/** ko / en / vn; the choice is kept across visits. */
export function LanguageSelect() {
  const { language } = useSnapshot(session);
  const { t } = useLingui();
  return (
    <select
      className={css.lang}
      aria-label={t`언어`}
      value={language}
      onChange={async (e) => {
        const lang = e.target.value as Language;
        await activateLanguage(lang);
        session.language = lang;
        // game and vendor names come from the server in the language the request carries
        void queryClient.invalidateQueries();
      }}
    >
      {languages.map((l) => (
        <option key={l} value={l}>
          {names[l]}
        </option>
      ))}
    </select>
  );
}
