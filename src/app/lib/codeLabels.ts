import { i18n, type MessageDescriptor } from '@lingui/core';

/**
 * A code's label from an exhaustive map over a contract list (typed `satisfies Record<…>`, so a new
 * contract value without a label fails to compile); a code the map lacks (an older or newer
 * server's) answers `otherwise`.
 */
export function codeLabel<K extends string>(labels: Record<K, MessageDescriptor>, code: string | null | undefined, otherwise: string): string {
  return code != null && Object.hasOwn(labels, code) ? i18n._(labels[code as K]) : otherwise;
}
