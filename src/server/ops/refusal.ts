/**
 * An ops command's refusal: one line saying what to do, and an exit code of its own so a script
 * can tell the cases apart (the command line prints it without a stack).
 */
export const refusalExit = {
  usage: 2,
  'target-not-empty': 3,
  'folder-held': 4,
  'no-key': 5,
  'wrong-key': 6,
  'not-backup': 7,
  unreachable: 8,
  'chain-broken': 9,
  'in-use': 10,
  'not-archivable': 11,
} as const;

export type RefusalKind = keyof typeof refusalExit;

export class OpsRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
  get exitCode(): number {
    return refusalExit[this.kind];
  }
}
