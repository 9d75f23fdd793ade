import fc from 'fast-check';
import { FILTER_OPERATORS } from '../../../common/list-query';
import { encodeQueryValue, mutate, mutation, nastyQueryValue, toJson } from './mutations';
import { type JsonSchema, type KnownValues, nastyString, validValue } from './values';

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `/api/events/{id}/orders`. */
  path: string;
  spec: OpenApiOperation;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Everything the generator needs to know about the fuzzed account. */
export interface FuzzContext {
  document: OpenApiDocument;
  values: KnownValues;
  /** Real values for a path parameter of an operation (its own account's), and another account's. */
  pathValues(operation: Operation, name: string): { own: string[]; other: string[] };
  /** The bearer token an authenticated operation is sent with. */
  token(operation: Operation): string;
  /** A list's filterable fields and their operators, as the list itself announced them. */
  filters: Record<string, Record<string, string[]>>;
}

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
  );
}

const nastyPathValue = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e3',
  '9007199254740993',
  '99999999999999999999999999',
  'abc',
  '%00',
  '%ED%A0%80',
  'a'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%8E%B8',
  'null',
);

function pathArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const authenticated = Boolean(operation.spec.security);
  const parts = names.map((name) => {
    const { own, other } = context.pathValues(operation, name);
    const choices: fc.WeightedArbitrary<string>[] = [{ arbitrary: nastyPathValue, weight: 1 }];
    if (own.length > 0) choices.push({ arbitrary: fc.constantFrom(...own), weight: 12 });
    // Another account's id, with this account's token: must be a 404 that changes nothing.
    if (authenticated && other.length > 0) choices.push({ arbitrary: fc.constantFrom(...other), weight: 1 });
    return fc.oneof(...choices);
  });
  return fc.tuple(...parts).map((values) => {
    let url = operation.path;
    names.forEach((name, i) => {
      url = url.replace(`{${name}}`, values[i] as string);
    });
    return url;
  });
}

type QueryPair = [string, string];

function filterPairs(operation: Operation, context: FuzzContext): fc.Arbitrary<QueryPair[]> {
  const filters = context.filters[`${operation.method} ${operation.path}`];
  if (!filters) return fc.constant([]);
  const fields = Object.keys(filters);
  const field =
    fields.length > 0
      ? fc.oneof(fc.constantFrom(...fields), fc.constantFrom('nope', 'id'))
      : fc.constant('x');
  const pair = field.chain((name) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof(fc.constantFrom(...(filters[name] ?? ['eq'])), fc.constantFrom(...FILTER_OPERATORS, 'regex')),
      fc.oneof(
        fc.constantFrom(
          '1',
          '0',
          'ACTIVE',
          'COMPLETED',
          'TAX',
          '2031-01-01T00:00:00Z',
          'true',
          'a,b',
          '1,2,x',
        ),
        nastyQueryValue,
      ),
    ),
  );
  return fc
    .array(pair, { maxLength: 2 })
    .map((list) =>
      list.map(([name, op, value]): QueryPair => [`filter_fields[${name}][${op}]`, encodeQueryValue(value)]),
    );
}

function queryArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<string> {
  const params = (operation.spec.parameters ?? []).filter((param) => param.in === 'query');
  const components = { components: context.document.components.schemas, values: context.values };
  const one = params.map((param) =>
    fc.oneof(
      { arbitrary: fc.constant<QueryPair[]>([]), weight: param.required ? 0 : 3 },
      {
        arbitrary: validValue(param.schema, components, param.name).map((v): QueryPair[] => [
          [param.name, encodeQueryValue(String(v))],
        ]),
        weight: 4,
      },
      {
        arbitrary: nastyQueryValue.map((v): QueryPair[] => [[param.name, encodeQueryValue(v)]]),
        weight: 2,
      },
      {
        arbitrary: fc.tuple(nastyQueryValue, nastyQueryValue).map(([a, b]): QueryPair[] => [
          [param.name, encodeQueryValue(a)],
          [param.name, encodeQueryValue(b)],
        ]),
        weight: 1,
      },
    ),
  );
  const extras = fc.oneof(
    { arbitrary: fc.constant<QueryPair[]>([]), weight: 12 },
    {
      arbitrary: fc.constantFrom<QueryPair[]>(
        [['unknown', '1']],
        [['__proto__[polluted]', 'fuzz']],
        [['constructor[prototype][polluted]', 'fuzz']],
        [['__proto__', 'x']],
        [['query[]', 'x']],
        [['page[x]', '1']],
        [['%00', '%00']],
      ),
      weight: 1,
    },
  );
  return fc
    .tuple(fc.tuple(...one), filterPairs(operation, context), extras)
    .map(([pairs, filters, extra]) => [...pairs.flat(), ...filters, ...extra])
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));
}

const rawBody = fc.constantFrom(
  '',
  'not json',
  '{',
  '[]',
  'null',
  '"x"',
  '1',
  '{"a":1}{"b":2}',
  '{"a":"\\u0000"}',
);

function bodyArbitrary(
  operation: Operation,
  context: FuzzContext,
): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const schema = operation.spec.requestBody?.content['application/json']?.schema;
  const contentType = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 30 },
    {
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
      ),
      weight: 1,
    },
  );
  if (!schema) {
    return fc.oneof(
      { arbitrary: fc.constant({}), weight: 8 },
      { arbitrary: fc.record({ payload: rawBody, contentType }), weight: 1 },
      { arbitrary: fc.record({ payload: nastyString.map((s) => toJson({ s })), contentType }), weight: 1 },
    );
  }
  const valid = validValue(schema, {
    components: context.document.components.schemas,
    values: context.values,
  });
  return fc.oneof(
    { arbitrary: fc.record({ payload: valid.map(toJson), contentType }), weight: 3 },
    {
      arbitrary: fc.tuple(valid, mutation).map(([value, change]) => ({
        payload: toJson(mutate(value, change)),
        contentType: 'application/json',
      })),
      weight: 6,
    },
    {
      arbitrary: fc.tuple(valid, mutation, mutation).map(([value, a, b]) => ({
        payload: toJson(mutate(mutate(value, a), b)),
        contentType: 'application/json',
      })),
      weight: 2,
    },
    { arbitrary: fc.record({ payload: rawBody, contentType }), weight: 1 },
  );
}

function authArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const token = context.token(operation);
  const owner = { authorization: `Bearer ${token}` };
  if (!operation.spec.security) {
    return fc.oneof({ arbitrary: fc.constant({}), weight: 9 }, { arbitrary: fc.constant(owner), weight: 1 });
  }
  return fc.oneof(
    { arbitrary: fc.constant(owner), weight: 30 },
    {
      arbitrary: fc.constantFrom<Record<string, string>>(
        {},
        { authorization: 'Bearer x' },
        { authorization: `Bearer ${'A'.repeat(43)}` },
        { authorization: `Basic ${token}` },
        { authorization: `Bearer ${token}\u00e9` },
      ),
      weight: 2,
    },
  );
}

const language = fc.constantFrom('en', 'de', 'fr', 'pt', 'pt-BR', 'es', 'zh-CN', '*', 'xx-YY;q=0.1', '');

/** The requests of one operation: real ids mostly, hostile values often, both in every part. */
export function requestArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathArbitrary(operation, context),
      query: queryArbitrary(operation, context),
      body: bodyArbitrary(operation, context),
      auth: authArbitrary(operation, context),
      language,
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('x', 'k'.repeat(300))), { freq: 4 }),
    })
    .map(({ path, query, body, auth, language, idempotencyKey }) => {
      const headers: Record<string, string> = { ...auth, 'accept-language': language };
      if (body.contentType) headers['content-type'] = body.contentType;
      if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
      return { method: operation.method, url: `${path}${query}`, headers, payload: body.payload };
    });
}
