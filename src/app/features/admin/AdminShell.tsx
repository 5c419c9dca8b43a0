import { Outlet } from '@tanstack/react-router';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { LogoutButton } from '../../ui/LogoutButton';
import css from './AdminShell.module.css';

export function AdminShell() {
  return (
    <>
      <header className={css.header}>
        <span className={css.brand}>ADMIN</span>
        <LanguageSelect />
        <LogoutButton />
      </header>
      <main className={css.main}>
        <Outlet />
      </main>
    </>
  );
}
