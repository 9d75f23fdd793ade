import type { I18n, MessageDescriptor } from '@lingui/core';

/** Translates a descriptor with placeholder values. */
export function translate(
  i18n: I18n,
  descriptor: MessageDescriptor,
  values?: Record<string, unknown>,
): string {
  return i18n._(values ? { ...descriptor, values } : descriptor);
}
