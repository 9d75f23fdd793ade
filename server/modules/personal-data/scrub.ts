import { ERASED_NAME } from '../../../common/personal-data';

/**
 * What an erasure replaces inside free-form records (decision 064): logs, queued mails, webhook
 * bodies, answers. `email` is lower-case; `names` are the buyer's names as their records held
 * them (first, last and whole) and the texts of their answers, lower-case: a string equal to one
 * of them becomes "Erased".
 */
export interface Erased {
  email: string;
  marker: string;
  names: Set<string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A string with every mention of the address replaced by the marker, and a buyer's name by "Erased". */
export function scrubText(text: string, erased: Erased): string {
  const replaced = text.replace(new RegExp(escapeRegExp(erased.email), 'gi'), erased.marker);
  return erased.names.has(replaced.trim().toLowerCase()) ? ERASED_NAME : replaced;
}

/** A JSON value with `scrubText` applied to every string in it (keys stay). */
export function scrubJson<T>(value: T, erased: Erased): T {
  if (typeof value === 'string') return scrubText(value, erased) as T;
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, erased)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubJson(item, erased)]),
    ) as T;
  }
  return value;
}

/** An answer to a question with its every text replaced by the marker, keeping its shape. */
export function eraseAnswer<T>(value: T): T {
  if (typeof value === 'string') return (value === '' ? '' : ERASED_NAME) as T;
  if (Array.isArray(value)) return value.map((item) => eraseAnswer(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, eraseAnswer(item)])) as T;
  }
  return value;
}

/** The lower-case names a buyer's records held: first, last and whole, empty ones left out. */
export function namesOf(people: { first?: string | null; last?: string | null; whole?: string | null }[]) {
  const names = new Set<string>();
  for (const { first, last, whole } of people) {
    for (const name of [first, last, whole, first && last ? `${first} ${last}` : null]) {
      const normal = name?.trim().toLowerCase();
      if (normal && normal !== ERASED_NAME.toLowerCase()) names.add(normal);
    }
  }
  return names;
}

/** The non-empty texts of an answer, lower-case and trimmed. */
export function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim().toLowerCase()];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}
