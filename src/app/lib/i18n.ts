import { i18n, type Messages } from '@lingui/core';
import { languages, localeOf, type Language } from '../../contract/enums';

const STORAGE_KEY = 'pitboss:lang';

const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  ko: () => import('../locales/ko/messages'),
  en: () => import('../locales/en/messages'),
  vn: () => import('../locales/vn/messages'),
};

/** The language the user chose, if they ever did. */
export function pickedLanguage(): Language | null {
  const saved = localStorage.getItem(STORAGE_KEY) as Language | null;
  return saved && languages.includes(saved) ? saved : null;
}

/**
 * The user's choice, else the language of the page the server sent: a site's page carries the
 * site's default language in `<html lang>` (and its prefix in `data-site-brand`), else Korean.
 */
export function storedLanguage(): Language {
  const root = document.documentElement;
  const page = root.dataset.siteBrand ? ((languages as readonly string[]).find((l) => localeOf(l as Language) === root.lang) as Language | undefined) : undefined;
  return pickedLanguage() ?? page ?? 'ko';
}

/**
 * Loads the catalogue (precached), activates it and sets `<html lang>`; a user's choice is
 * remembered (`remember`), a site's default is not, so the next site opens in its own.
 */
export async function activateLanguage(lang: Language, remember = true): Promise<void> {
  const { messages } = await catalogues[lang]();
  i18n.loadAndActivate({ locale: lang, locales: [localeOf(lang)], messages });
  if (remember) {
    localStorage.setItem(STORAGE_KEY, lang);
    // the server preloads this catalogue with the next page it sends, and names games in it
    document.cookie = `pitboss-lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  }
  document.documentElement.lang = localeOf(lang);
}

export { i18n };
