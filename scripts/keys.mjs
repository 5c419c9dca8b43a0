// `npm run keys [-- <file>]`: writes a fresh secrets file for a production start (mode 0600; default
// pitboss-secrets.json), never over an existing one. Each key is 32 random bytes (base64url); the Web Push
// pair a new P-256 pair. Start with PITBOSS_SECRETS_FILE=<file> NODE_ENV=production npm start.
import { createECDH, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The names of src/server/config.ts's productionSecrets (a unit test holds the two lists equal). */
export const keyNames = ['device-cookie', 'pow-signature', 'pow-key', 'totp-seal', 'pin-key', 'audit-chain', 'vendor-seal'];

export function freshKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // the scalar may come out shorter than 32 bytes (leading zeros): Web Push wants exactly 32
  const privateKey = Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32);
  return {
    ...Object.fromEntries(keyNames.map((n) => [n, randomBytes(32).toString('base64url')])),
    'vapid-public': ecdh.getPublicKey().toString('base64url'),
    'vapid-private': privateKey.toString('base64url'),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = resolve(process.argv[2] ?? 'pitboss-secrets.json');
  try {
    writeFileSync(file, `${JSON.stringify(freshKeys(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    console.error(
      err.code === 'EEXIST' ? `${file} exists: keys already made are not replaced (data sealed under them would be lost); name another file` : `${file}: ${err.message}`,
    );
    process.exit(1);
  }
  console.log(
    `Wrote fresh keys to ${file} (mode 0600). Start with PITBOSS_SECRETS_FILE=${file} NODE_ENV=production npm start; keep the file apart from the database and its backups.`,
  );
}
