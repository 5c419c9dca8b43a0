import css from './Site.module.css';

// The product shows exactly this text, untranslated.
export function NotFound() {
  return (
    <main className={css.page}>
      <h1 className={css.title}>Page Not Found</h1>
    </main>
  );
}
