import type { TestProject } from 'vitest/node';
import { buildTemplate, type DbTemplate } from './dbTemplate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/** One seeded demo database per run, which every test server copies (dbTemplate.ts). */
export default async function setup(project: TestProject) {
  const { template, drop } = await buildTemplate(process.env.PITBOSS_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  project.provide('dbTemplate', template);
  return drop;
}
