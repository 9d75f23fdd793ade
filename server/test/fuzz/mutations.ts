import fc from 'fast-check';
import { isStorableText } from '../../../common/storable-text';
import { DEEP_MARK, nastyString, nastyValue } from './values';

/**
 * Changes to a valid body that a schema must refuse (or survive): a field replaced by a
 * hostile value, an extra field, a missing one, a prototype-polluting key.
 */
export type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'proto'; at: number; key: '__proto__' | 'constructor' };

/** Stand-ins for the keys JSON.stringify would not write as they are, put back by `toJson`. */
const PROTO_MARKS = { proto: '__fuzz_proto_key__', constructor: '__fuzz_constructor_key__' } as const;

const extraKey = fc.constantFrom(
  'extra',
  'id',
  'account_id',
  'status',
  'quantity_sold',
  '',
  'toString',
  'x\u0000',
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: nastyValue }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: extraKey,
      value: nastyValue,
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('proto' as const),
      at: fc.nat(),
      key: fc.constantFrom('__proto__' as const, 'constructor' as const),
    }),
    weight: 1,
  },
);

type Path = (string | number)[];

function pathsOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) pathsOf(item, [...path, i], into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], into);
  }
  return into;
}

function at(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
}

/** The body with the mutation applied (on a copy); `undefined` means an empty body. */
export function mutate(body: unknown, change: Mutation): unknown {
  const root = { value: structuredClone(body) };
  const all = pathsOf(root.value).map((path) => ['value', ...path] as Path);
  const containers = all.filter((path) => {
    const node = at(root, path);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const pick = (list: Path[]) => list[change.at % list.length];
  if (change.kind === 'replace') {
    const path = pick(all) as Path;
    const parent = at(root, path.slice(0, -1)) as Record<string | number, unknown>;
    parent[path[path.length - 1] as string] = change.value;
  } else if (change.kind === 'drop') {
    const path = pick(all.filter((p) => p.length > 1));
    if (path) {
      const parent = at(root, path.slice(0, -1));
      const key = path[path.length - 1] as string | number;
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete (parent as Record<string, unknown>)[key];
    }
  } else {
    const path = pick(containers);
    const node = path ? (at(root, path) as Record<string, unknown>) : undefined;
    if (node && change.kind === 'extra') node[change.key] = change.value;
    if (node && change.kind === 'proto') {
      node[change.key === '__proto__' ? PROTO_MARKS.proto : PROTO_MARKS.constructor] =
        change.key === '__proto__' ? { polluted: 'fuzz' } : { prototype: { polluted: 'fuzz' } };
    }
  }
  return root.value;
}

/** JSON text of a body, with the prototype keys `mutate` marked written out for real. */
export function toJson(body: unknown): string {
  return (JSON.stringify(body) ?? 'null')
    .replaceAll(`"${PROTO_MARKS.proto}"`, '"__proto__"')
    .replaceAll(`"${PROTO_MARKS.constructor}"`, '"constructor"')
    .replaceAll(`"${DEEP_MARK}"`, `${'['.repeat(5_000)}1${']'.repeat(5_000)}`);
}

/**
 * Percent-encodes text for a URL. Text JavaScript cannot encode (lone surrogates) is written
 * as the bytes a careless client would send, so the server sees malformed UTF-8.
 */
export function encodeQueryValue(text: string): string {
  if (isStorableText(text) || !/[\ud800-\udfff]/.test(text)) {
    try {
      return encodeURIComponent(text);
    } catch {
      // fall through to the byte-wise encoding
    }
  }
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Query values a list or lookup should refuse or survive. */
export const nastyQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '0', '-1', '1.5', '1e3', '9'.repeat(30), 'abc', 'true', '2031-13-45', 'null', '[]'),
  nastyString.map((text) => text.slice(0, 20_000)),
);
