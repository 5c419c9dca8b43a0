/** Types of keys.mjs for the tests that import it. */
export const keyNames: string[];
export function freshKeys(): Record<string, string>;
