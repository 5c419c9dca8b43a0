import css from './Article.module.css';

/**
 * Notice, message, reply and popup bodies. The server sanitises this HTML before storing it
 * (allowed tags only, no scripts, event handlers or javascript: links) or stores member text
 * escaped with <br>, which is the only reason it may be set as HTML here.
 */
export function HtmlContent({ html, testId }: { html: string; testId?: string }) {
  return <div className={css.content} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
