import fc from 'fast-check';

/**
 * Values for schema fuzzing: what a JSON Schema of the OpenAPI document accepts (so requests
 * get past validation and into the services), and what no schema should (so validation is
 * tested at its edges).
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
};

/** Values of the fuzzed account that make a request name things that exist. */
export interface KnownValues {
  /** Numbers for fields named `…_id` / `…_ids` (`ticket_id` → the account's ticket ids). */
  ids: Record<string, number[]>;
  /** Strings for fields by name (`email`, `promo_code`, `ticket_code`, `short_id`). */
  strings: Record<string, string[]>;
}

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

function known<T>(pool: T[] | undefined, fallback: fc.Arbitrary<T>): fc.Arbitrary<T> {
  if (!pool || pool.length === 0) return fallback;
  return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 9 }, { arbitrary: fallback, weight: 1 });
}

function idPool(values: KnownValues, key: string | undefined): number[] | undefined {
  if (!key) return undefined;
  return values.ids[key] ?? values.ids[key.replace(/_ids$/, '_id')];
}

function stringOf(schema: JsonSchema, values: KnownValues, key: string | undefined): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  let base: fc.Arbitrary<string>;
  if (schema.format === 'date-time') {
    base = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2040-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  } else if (schema.format === 'date') {
    base = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2040-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  } else if (schema.format === 'email' || key?.endsWith('email')) {
    base = fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/), fc.constantFrom('example.com', 'example.org'))
      .map(([local, domain]) => `${local}@${domain}`);
  } else if (schema.format === 'uri' || key?.endsWith('url') || key === 'website') {
    base = fc.webUrl();
  } else if (schema.pattern) {
    base = fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= 500);
  } else {
    // Mostly text a person would type; now and then any printable characters.
    const words = fc
      .array(
        fc.constantFrom('Fado', 'night', 'Ada', 'Lisboa', 'Rua', 'Augusta', 'São', 'Paulo', '2031', 'VIP'),
        {
          minLength: 1,
          maxLength: 4,
        },
      )
      .map((list) => list.join(' '));
    base = fc
      .oneof({ arbitrary: words, weight: 3 }, { arbitrary: fc.string({ minLength, maxLength }), weight: 1 })
      .filter((text) => text.trim().length >= minLength && text.length <= Math.max(maxLength, minLength));
  }
  return key ? known(values.strings[key], base) : base;
}

function integerOf(schema: JsonSchema, values: KnownValues, key: string | undefined): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
  const small = fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 1000) });
  const any = fc.oneof(
    { arbitrary: small, weight: 4 },
    { arbitrary: fc.integer({ min, max: Math.min(max, SAFE_INTEGER) }), weight: 1 },
  );
  return known(idPool(values, key), any);
}

/** The arbitrary of values `schema` accepts (a `$ref` is looked up in `components`). */
export function validValue(
  schema: JsonSchema,
  context: { components: Record<string, JsonSchema>; values: KnownValues },
  key?: string,
): fc.Arbitrary<unknown> {
  const { components, values } = context;
  const recurse = (inner: JsonSchema, innerKey = key) => validValue(inner, context, innerKey);
  if (schema.$ref) {
    const target = components[schema.$ref.split('/').pop() ?? ''];
    return target ? recurse(target) : fc.constant(null);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => recurse(choice)));
  if (schema.allOf?.[0]) return recurse(schema.allOf[0]);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => recurse({ ...schema, type })));
  }
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const names = Object.keys(properties);
      if (names.length === 0) {
        const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
        return fc.dictionary(fc.string({ maxLength: 12 }), recurse(extra), { maxKeys: 3 });
      }
      const shape = Object.fromEntries(names.map((name) => [name, recurse(properties[name] ?? {}, name)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in shape) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(recurse(schema.items ?? {}), { minLength, maxLength });
    }
    case 'string':
      return stringOf(schema, values, key);
    case 'integer':
      return integerOf(schema, values, key);
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Single UTF-16 code units, lone surrogate halves included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Strings that are odd, hostile or too big. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'Ada\u0000Lovelace',
    '\ud800',
    'x\udc00y',
    '🎸\ud83c',
    '\u202eevil',
    'a\u0301\u0301\u0301',
    '\ufeff',
    '%00',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\\',
    '%_%',
    '1e309',
    '-0',
    '0x10',
    'NaN',
    'Infinity',
    'null',
    'true',
    '9999-12-31T23:59:59Z',
    '0000-01-01T00:00:00Z',
    '2031-02-30T10:00:00Z',
    '+275760-09-13T00:00:00Z',
    '2031-01-01T10:00:00+99:99',
    'Europe/Nowhere',
    'EUR\u0000',
    '東京 🇨🇭 Zürich',
  ),
  fc.string({ unit: anyCodeUnit, maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 5_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
  fc.integer({ min: 256, max: 60_000 }).map((length) => '🎸'.repeat(length)),
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    -0.5,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    SAFE_INTEGER,
    SAFE_INTEGER + 2,
    2 ** 63,
    -SAFE_INTEGER,
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value nested `depth` arrays deep. */
const deep = (depth: number) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** Stands for 5,000 nested arrays, written out only in the JSON text (`toJson`). */
export const DEEP_MARK = '__fuzz_deep_arrays__';

/** Any value a field should refuse: wrong types, boundaries, nulls, hostile text. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 5 },
  { arbitrary: nastyNumber, weight: 3 },
  {
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }, ['\u0000'], {
      '\u0000': 1,
    }),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(deep(64), DEEP_MARK), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);
