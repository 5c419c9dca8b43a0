import { i18n, type Messages } from '@lingui/core';
import { languages, localeOf, type Language } from '../../contract/enums';

const STORAGE_KEY = 'pitboss:lang';

const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  ko: () => import('../locales/ko/messages'),
  en: () => import('../locales/en/messages'),
  vn: () => import('../locales/vn/messages'),
};

export function storedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY) as Language | null;
  return saved && languages.includes(saved) ? saved : 'ko';
}

/** Loads the catalogue (precached), activates it, remembers the choice and sets `<html lang>`. */
export async function activateLanguage(lang: Language): Promise<void> {
  const { messages } = await catalogues[lang]();
  i18n.loadAndActivate({ locale: lang, locales: [localeOf(lang)], messages });
  localStorage.setItem(STORAGE_KEY, lang);
  // the server preloads this catalogue with the next page it sends
  document.cookie = `pitboss-lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = localeOf(lang);
}

export { i18n };
