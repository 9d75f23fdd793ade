import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';

/** Filter operators of `filter_fields[field][op]=value` (docs/architecture.md#http-contract). */
export const FILTER_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ListFilter<F extends string = string> {
  field: F;
  op: FilterOperator;
  /** One value, or several for `in` (comma separated or repeated parameters). */
  values: string[];
}

export interface ListQuery<S extends string = string, F extends string = string> {
  page: number;
  perPage: number;
  query?: string;
  sortBy: S;
  sortDirection: 'asc' | 'desc';
  filters: ListFilter<F>[];
}

export interface ListQueryOptions<S extends string, F extends string> {
  sortable: readonly [S, ...S[]];
  defaultSort: NoInfer<S>;
  defaultDirection?: 'asc' | 'desc';
  filterable: Readonly<Record<F, readonly FilterOperator[]>>;
}

const stringOrList = z.union([z.string(), z.array(z.string())]);
const FILTER_KEY = /^filter_fields\[([a-z0-9_]+)\]\[([a-z]+)\]$/;

/** What each operator keeps, for the parameter's description in the OpenAPI document. */
const OPERATOR_WORDS: Record<FilterOperator, string> = {
  eq: 'equals the value',
  ne: 'differs from the value',
  lt: 'is less than the value',
  lte: 'is at most the value',
  gt: 'is greater than the value',
  gte: 'is at least the value',
  like: 'contains the value, in any case',
  in: 'is one of the values (separated by commas, or the parameter repeated)',
};

/**
 * Every `filter_fields[field][op]` the list allows, as optional parameters: validated as the
 * catch-all would, and so listed in the OpenAPI document with what they do.
 */
function filterParameters(filterable: Readonly<Record<string, readonly FilterOperator[]>>) {
  return Object.fromEntries(
    Object.entries(filterable).flatMap(([field, ops]) =>
      ops.map((op) => [
        `filter_fields[${field}][${op}]`,
        stringOrList.optional().meta({ description: `Only rows whose \`${field}\` ${OPERATOR_WORDS[op]}.` }),
      ]),
    ),
  );
}
const BASE_KEYS = new Set(['page', 'per_page', 'query', 'sort_by', 'sort_direction']);

/**
 * Builds the query-string schema of one list endpoint. Sortable and filterable fields are
 * whitelisted: anything else (an unknown `sort_by`, filter field, operator or parameter)
 * fails validation and so answers 422 with the offending parameter named.
 */
export function listQuerySchema<
  S extends string,
  F extends string = never,
  P extends z.ZodRawShape = Record<never, never>,
>(
  options: ListQueryOptions<S, F> & {
    /** Parameters of this endpoint besides the list's own (an export's `format`), passed on in `params`. */
    params?: P;
  },
) {
  const filterable = options.filterable as Readonly<Record<string, readonly FilterOperator[]>>;
  const filterFields = Object.keys(filterable);
  const params = options.params ?? ({} as P);
  const paramKeys = Object.keys(params);
  return z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(LIMITS.defaultPage),
      per_page: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
      query: z.string().trim().max(LIMITS.maxSearchQueryLength).optional(),
      sort_by: z.enum(options.sortable).optional(),
      sort_direction: z.enum(['asc', 'desc']).optional(),
      ...filterParameters(filterable),
      ...params,
    })
    .catchall(stringOrList)
    .superRefine((input, ctx) => {
      for (const key of Object.keys(input)) {
        if (BASE_KEYS.has(key) || paramKeys.includes(key)) continue;
        const match = FILTER_KEY.exec(key);
        if (!match) {
          ctx.addIssue({ code: 'custom', path: [key], message: VALIDATION.unknownParameter.id });
          continue;
        }
        const [, field = '', op = ''] = match;
        const ops = filterable[field];
        if (!ops) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: VALIDATION.filterNotAllowed.id,
            params: { fields: filterFields.join(', ') || '—' },
          });
        } else if (!ops.includes(op as FilterOperator)) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: VALIDATION.filterOperatorNotAllowed.id,
            params: { operators: ops.join(', ') },
          });
        }
      }
    })
    .transform((raw): ListQuery<S, F> & { params: z.output<z.ZodObject<P>> } => {
      // The endpoint's own parameters, spread into the shape, hide the base keys' types.
      const input = raw as unknown as Record<string, unknown> & {
        page: number;
        per_page: number;
        query?: string;
        sort_by?: S;
        sort_direction?: 'asc' | 'desc';
      };
      const filters: ListFilter<F>[] = [];
      for (const [key, raw] of Object.entries(input)) {
        if (paramKeys.includes(key)) continue;
        const match = FILTER_KEY.exec(key);
        if (!match || raw === undefined) continue;
        const list = Array.isArray(raw) ? raw : [raw];
        const op = match[2] as FilterOperator;
        const values = op === 'in' ? list.flatMap((v) => String(v).split(',')) : list.map(String);
        filters.push({
          field: match[1] as F,
          op,
          values: values.map((v) => v.trim()).filter((v) => v !== ''),
        });
      }
      return {
        page: input.page,
        perPage: input.per_page,
        query: input.query || undefined,
        sortBy: input.sort_by ?? options.defaultSort,
        sortDirection: input.sort_direction ?? options.defaultDirection ?? 'asc',
        filters,
        params: Object.fromEntries(paramKeys.map((key) => [key, input[key]])) as z.output<z.ZodObject<P>>,
      };
    });
}

export const PageMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

/** The `{ data, meta }` shape of every list response. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMeta });
}

export function pageMeta(total: number, query: Pick<ListQuery, 'page' | 'perPage'>): PageMeta {
  return {
    current_page: query.page,
    per_page: query.perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
  };
}

/** Formats a list can be exported in (`GET …/export?format=`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The `format` parameter of an export, for `listQuerySchema({ params })`. */
export const exportParams = { format: z.enum(EXPORT_FORMATS).default('csv') };
