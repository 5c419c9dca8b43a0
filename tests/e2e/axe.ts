import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  target: string;
}

/**
 * axe-core's serious and critical violations in the page's own document (`rules`: only those).
 * axe is put into a document once and run there again for the next check (a colour scheme, an open
 * dialog): putting it in costs more than a run. Through the debugging protocol, so the app's
 * Content-Security-Policy does not apply; frames (a vendor's game) are not the app's and not entered.
 * Only violations are collected: gathering the passing results node by node is most of a full run.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const { violations } = await axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => ({ id: v.id, impact: v.impact ?? '', target: n.target.join(' ') })));
  }, rules);
}
