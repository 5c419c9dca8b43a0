import { useParams } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import type { Language } from '../../contract/enums';
import { activateLanguage } from '../lib/i18n';
import { session } from '../lib/session/store';
import { siteLanguages } from '../lib/siteBrand';
import css from '../ui/AppChrome.module.css';

const names: Record<Language, string> = { ko: '한국어', en: 'English', vn: 'Tiếng Việt' };

/** The site's languages (its default first; all three outside a site); the choice is kept across visits. None for a site of one language. */
export function LanguageSelect() {
  const { language, site } = useSnapshot(session);
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // the session keeps the last site after leaving it: only a site's own pages offer its languages
  const { prefix } = useParams({ strict: false });
  const offered = siteLanguages(prefix && site?.prefix === prefix ? site : null);
  if (offered.length < 2) return null;
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
      {offered.map((l) => (
        <option key={l} value={l}>
          {names[l]}
        </option>
      ))}
    </select>
  );
}
