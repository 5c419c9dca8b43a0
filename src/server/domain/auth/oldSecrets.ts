import { configuredSecret } from './secrets.js';

/**
 * A named secret's rotated-out values, still accepted while its key changes: `<name>-old`
 * (PITBOSS_SECRET_<NAME>_OLD or the secrets file), comma-separated. Only ever configured outside
 * the database.
 */
export const oldSecrets = (name: string): string[] =>
  (configuredSecret(`${name}-old`) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
