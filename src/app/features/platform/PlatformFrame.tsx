import type { ReactNode } from 'react';
import { LanguageSelect } from '../../widgets/LanguageSelect';
import css from '../../ui/Auth.module.css';

/** The console's screens: the login screens' frame, the platform's title, or a site's with its logo (`logo`). */
export function PlatformFrame({ title, subtitle, logo = '/icons/icon-192.png', children }: { title: ReactNode; subtitle?: ReactNode; logo?: string; children: ReactNode }) {
  return (
    <main className={css.page}>
      <div className={css.top}>
        <LanguageSelect />
      </div>
      <div className={css.panel}>
        <header className={css.brand}>
          <img className={css.logo} src={logo} alt="" width={64} height={64} />
          <h1 className={css.title}>{title}</h1>
          {subtitle && <p className={css.subtitle}>{subtitle}</p>}
        </header>
        {children}
      </div>
    </main>
  );
}
