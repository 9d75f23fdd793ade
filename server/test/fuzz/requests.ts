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

/** An operation behind a login: public ones say `security: []`. */
const secured = (operation: Operation) => (operation.spec.security?.length ?? 0) > 0;

export interface Operation {
  method: string;
  /** The OpenAPI path, `/api/events/{id}/orders`. */
  path: string;
  spec: OpenApiOperation;
}

export interface FuzzRequest {
  /** The operation, `POST /api/events/{id}/orders`. */
  operation: string;
  /** The part made wrong on purpose, if any. */
  fault: string;
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

/** Which part of a request is wrong: none (it should get through), or one of them. */
type Fault = 'none' | 'path' | 'query' | 'body' | 'auth';

function faultArbitrary(operation: Operation): fc.Arbitrary<Fault> {
  const hasBody = Boolean(operation.spec.requestBody);
  const hasQuery = Boolean(operation.spec.parameters?.some((param) => param.in === 'query'));
  const hasPath = operation.path.includes('{');
  return fc.oneof(
    { arbitrary: fc.constant<Fault>('none'), weight: 7 },
    { arbitrary: fc.constant<Fault>('body'), weight: hasBody ? 7 : 1 },
    { arbitrary: fc.constant<Fault>('query'), weight: hasQuery ? 5 : 1 },
    { arbitrary: fc.constant<Fault>('path'), weight: hasPath ? 2 : 0 },
    { arbitrary: fc.constant<Fault>('auth'), weight: secured(operation) ? 1 : 0 },
  );
}

function pathArbitrary(operation: Operation, context: FuzzContext, faulty: boolean): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const authenticated = secured(operation);
  const parts = names.map((name) => {
    const { own, other } = context.pathValues(operation, name);
    const real = own.length > 0 ? fc.constantFrom(...own) : nastyPathValue;
    if (!faulty) return real;
    const choices: fc.WeightedArbitrary<string>[] = [
      { arbitrary: nastyPathValue, weight: 3 },
      { arbitrary: real, weight: 1 },
    ];
    // Another account's id, with this account's token: must be a 404 that changes nothing.
    if (authenticated && other.length > 0) choices.push({ arbitrary: fc.constantFrom(...other), weight: 2 });
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

/** Plausible filter values: statuses, states, the account's ids. */
function filterValue(context: FuzzContext, field: string): fc.Arbitrary<string> {
  const ids = context.values.ids[field];
  const words = fc.constantFrom(
    'ACTIVE',
    'COMPLETED',
    'CANCELLED',
    'AWAITING_PAYMENT',
    'LIVE',
    'DRAFT',
    'ADMIN',
    'ORGANIZER',
    'INVITED',
    'upcoming',
    'ended',
  );
  if (!ids || ids.length === 0) return words;
  return fc.oneof(
    fc.constantFrom(...ids.map(String)),
    fc.array(fc.constantFrom(...ids), { minLength: 1, maxLength: 3 }).map((list) => list.join(',')),
  );
}

function filterPairs(operation: Operation, context: FuzzContext, faulty: boolean): fc.Arbitrary<QueryPair[]> {
  const filters = context.filters[`${operation.method} ${operation.path}`] ?? {};
  const fields = Object.keys(filters);
  if (fields.length === 0 && !faulty) return fc.constant([]);
  const field = faulty
    ? fc.oneof(fc.constantFrom(...fields, 'nope'), fc.constantFrom('id', 'account_id'))
    : fc.constantFrom(...fields);
  const pair = field.chain((name) =>
    fc.tuple(
      fc.constant(name),
      faulty
        ? fc.constantFrom(...(filters[name] ?? []), ...FILTER_OPERATORS, 'regex')
        : fc.constantFrom(...(filters[name] ?? ['eq'])),
      faulty ? fc.oneof(filterValue(context, name), nastyQueryValue) : filterValue(context, name),
    ),
  );
  return fc
    .array(pair, { minLength: faulty ? 1 : 0, maxLength: 2 })
    .map((list) =>
      list.map(([name, op, value]): QueryPair => [`filter_fields[${name}][${op}]`, encodeQueryValue(value)]),
    );
}

const oddQueryPairs = fc.constantFrom<QueryPair[]>(
  [['unknown', '1']],
  [['__proto__[polluted]', 'fuzz']],
  [['constructor[prototype][polluted]', 'fuzz']],
  [['__proto__', 'x']],
  [['constructor', 'x']],
  [['query[]', 'x']],
  [['page[x]', '1']],
  [['%00', '%00']],
);

function queryArbitrary(operation: Operation, context: FuzzContext, faulty: boolean): fc.Arbitrary<string> {
  const params = (operation.spec.parameters ?? []).filter((param) => param.in === 'query');
  const components = { components: context.document.components.schemas, values: context.values };
  const valid = params.map((param) => {
    const value = validValue(param.schema, components, param.name).map((v): QueryPair[] => [
      [param.name, encodeQueryValue(String(v))],
    ]);
    return param.required ? value : fc.option(value, { nil: [] as QueryPair[] });
  });
  const validPairs = fc.tuple(...valid).map((pairs) => pairs.flat());
  const withFilters = (faultyFilters: boolean) =>
    fc.tuple(validPairs, filterPairs(operation, context, faultyFilters)).map(([a, b]) => [...a, ...b]);
  const toQuery = (pairs: QueryPair[]) =>
    pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`;
  if (!faulty) return withFilters(false).map(toQuery);
  const badParam =
    params.length === 0
      ? oddQueryPairs
      : fc
          .tuple(fc.constantFrom(...params.map((param) => param.name)), nastyQueryValue, fc.boolean())
          .map(([name, value, twice]): QueryPair[] => [
            [name, encodeQueryValue(value)],
            ...(twice ? [[name, '1'] as QueryPair] : []),
          ]);
  return fc
    .oneof(
      { arbitrary: fc.tuple(withFilters(false), badParam).map(([a, b]) => [...a, ...b]), weight: 4 },
      {
        arbitrary: withFilters(true),
        weight: context.filters[`${operation.method} ${operation.path}`] ? 2 : 0,
      },
      { arbitrary: fc.tuple(withFilters(false), oddQueryPairs).map(([a, b]) => [...a, ...b]), weight: 1 },
    )
    .map(toQuery);
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

const oddContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=x',
);

function bodyArbitrary(
  operation: Operation,
  context: FuzzContext,
  faulty: boolean,
): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const schema = operation.spec.requestBody?.content['application/json']?.schema;
  const json = 'application/json';
  if (!schema) {
    if (!faulty) return fc.constant({});
    return fc.oneof(
      fc.record({ payload: rawBody, contentType: fc.constant(json) }),
      fc.record({ payload: nastyString.map((s) => toJson({ s })), contentType: fc.constant(json) }),
    );
  }
  const valid = validValue(schema, {
    components: context.document.components.schemas,
    values: context.values,
  });
  if (!faulty) return valid.map((value) => ({ payload: toJson(value), contentType: json }));
  return fc.oneof(
    {
      arbitrary: fc.tuple(valid, mutation).map(([value, change]) => ({
        payload: toJson(mutate(value, change)),
        contentType: json,
      })),
      weight: 8,
    },
    {
      arbitrary: fc.tuple(valid, mutation, mutation).map(([value, a, b]) => ({
        payload: toJson(mutate(mutate(value, a), b)),
        contentType: json,
      })),
      weight: 2,
    },
    { arbitrary: fc.record({ payload: rawBody, contentType: fc.constant(json) }), weight: 1 },
    { arbitrary: fc.record({ payload: valid.map(toJson), contentType: oddContentType }), weight: 1 },
  );
}

function authArbitrary(
  operation: Operation,
  context: FuzzContext,
  faulty: boolean,
): fc.Arbitrary<Record<string, string>> {
  const token = context.token(operation);
  const owner = { authorization: `Bearer ${token}` };
  // Public calls ignore a token; sending one now and then checks that.
  if (!secured(operation)) {
    return fc.oneof({ arbitrary: fc.constant({}), weight: 9 }, { arbitrary: fc.constant(owner), weight: 1 });
  }
  if (!faulty) return fc.constant(owner);
  return fc.constantFrom<Record<string, string>>(
    {},
    { authorization: 'Bearer x' },
    { authorization: `Bearer ${'A'.repeat(43)}` },
    { authorization: `Basic ${token}` },
    { authorization: `Bearer ${token}\u00e9` },
  );
}

const language = fc.constantFrom('en', 'de', 'fr', 'pt', 'pt-BR', 'es', 'zh-CN', '*', 'xx-YY;q=0.1', '');

/**
 * The requests of one operation. About a third are valid throughout (real ids, values the
 * schemas accept), so they reach the services; the others get one part wrong.
 */
export function requestArbitrary(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return faultArbitrary(operation)
    .chain((fault) =>
      fc.record({
        fault: fc.constant(fault),
        path: pathArbitrary(operation, context, fault === 'path'),
        query: queryArbitrary(operation, context, fault === 'query'),
        body: bodyArbitrary(operation, context, fault === 'body'),
        auth: authArbitrary(operation, context, fault === 'auth'),
        language,
        idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('x', 'k'.repeat(300))), { freq: 4 }),
      }),
    )
    .map(({ fault, path, query, body, auth, language, idempotencyKey }) => {
      const headers: Record<string, string> = { ...auth, 'accept-language': language };
      if (body.contentType) headers['content-type'] = body.contentType;
      if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
      return {
        operation: `${operation.method} ${operation.path}`,
        fault,
        method: operation.method,
        url: `${path}${query}`,
        headers,
        payload: body.payload,
      };
    });
}
