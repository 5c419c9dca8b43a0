import { readFileSync } from 'node:fs';
import { envName } from '../../config.js';
import type { Db } from '../../db/driver.js';
import { startExit, StartupError } from '../../startupError.js';

/** The secrets file a start made or found when PITBOSS_SECRETS_FILE names none (`secretsFile.ts`). */
let startFile: string | undefined;
export const useSecretsFile = (path: string | undefined) => {
  startFile = path;
  fileCache = null;
};

/** The secrets file in use: PITBOSS_SECRETS_FILE, else the one this process's start keeps. */
export const secretsFilePath = () => process.env.PITBOSS_SECRETS_FILE || startFile;

let fileCache: { path: string; secrets: Record<string, unknown> } | null = null;

/** Every secret the file holds; the file is read once per path (a start that writes it calls `useSecretsFile` again). */
export function secretsInFile(path: string): Record<string, unknown> {
  if (fileCache?.path !== path) {
    const named = `the secrets file ${path}${process.env.PITBOSS_SECRETS_FILE ? ' (PITBOSS_SECRETS_FILE)' : ''}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // not made yet: no key there (a start that makes its keys writes it; a production start names the ones it misses)
      if (code === 'ENOENT') return {};
      throw new StartupError(
        code
          ? `${named} cannot be read (${code}): point PITBOSS_SECRETS_FILE at the file of keys (npm run keys writes one)`
          : `${named} is not JSON (${(e as Error).message.split('\n')[0]}): restore it from its backup; a file of new keys cannot open what the old ones sealed`,
        startExit.secretsFile,
      );
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new StartupError(`${named} is not a JSON object of keys: restore it from its backup`, startExit.secretsFile);
    fileCache = { path, secrets: parsed as Record<string, unknown> };
  }
  return fileCache.secrets;
}

/**
 * A secret configured outside the database: the environment (PITBOSS_SECRET_<NAME>) or the JSON
 * object in the secrets file ({ "device-cookie": "…", … }); undefined when neither names it.
 * An unreadable or malformed secrets file stops the caller rather than letting it go on without.
 */
export function configuredSecret(name: string): string | undefined {
  const fromEnv = process.env[envName(name)];
  if (fromEnv) return fromEnv;
  const path = secretsFilePath();
  if (!path) return undefined;
  const v = secretsInFile(path)[name];
  return typeof v === 'string' && v ? v : undefined;
}

/**
 * A named server secret (device cookies, login challenges, the two-factor and vendor seals, the PIN
 * key's and the audit chain's fallbacks): from the environment or the secrets file, never the
 * database, so a backup alone signs and opens nothing. Every start makes sure each is there
 * (`ensureSecretsFile`, or a production start's refusal), so a missing one is a fault, not a choice.
 */
export function serverSecret(_db: Db, name: string): Promise<string> {
  const configured = configuredSecret(name);
  if (configured) return Promise.resolve(configured);
  return Promise.reject(new Error(`the secret '${name}' is not configured: set ${envName(name)} or add it to the secrets file (docs/security.md)`));
}
