/**
 * Text PostgreSQL cannot store: a NUL character (refused in `text` and `jsonb`) or half of a
 * UTF-16 surrogate pair (refused in `jsonb`, silently replaced in `text`). The server refuses
 * both in every string of a request body, query string or path, with a 422 on the field
 * (decision 019).
 */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

interface Step {
  value: unknown;
  key: PropertyKey | null;
  parent: Step | null;
}

function pathOf(step: Step): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The paths of the strings in `value` (parsed JSON or a parsed query string) that cannot be
 * stored. An object key that cannot be stored is reported at the object's path. Walks
 * without recursion, so deeply nested input cannot overflow the stack.
 */
export function unstorableTextPaths(value: unknown, limit = 50): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < limit) {
    const step = stack.pop() as Step;
    const current = step.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(pathOf(step));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: step });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      if (keys.some((key) => !isStorableText(key))) found.push(pathOf(step));
      for (const key of keys.reverse()) {
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: step });
      }
    }
  }
  return found;
}
