// Shared by config, the domain (secrets) and ops: below all three, so none reaches across for it.

/** The exit code of each cause of a failed start, so a supervisor or a script can tell them apart. */
export const startExit = {
  /** a setting refused (test settings, missing or weak keys, a failed migration) or a service that did not answer in time */
  refused: 1,
  /** PITBOSS_DATA cannot be written */
  dataDir: 3,
  /** DATABASE_URL does not parse, names no database there, or is refused its login: retrying cannot help */
  database: 4,
  /** the secrets file cannot be read or is not a JSON object of keys */
  secretsFile: 5,
} as const;

/** A start-up failure said in one line: main prints its message, never a stack, and exits with its code. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = startExit.refused,
  ) {
    super(message);
  }
}
