import type { DatabaseHandle } from '../db/client';

/** A statement the app sent, as a `QueryListener` heard it. */
export interface Statement {
  text: string;
  params: unknown[];
}

/** A statement inside a SQL function: PostgreSQL plans it once for any arguments (generic). */
interface Inner {
  text: string;
  types: string[];
}

/** Tables that grow with every sale of every account: reading one whole costs more each day. */
const GROWING = new Set(['orders', 'order_items', 'attendees', 'check_ins']);
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

interface SqlFunction {
  name: string;
  body: string;
  args: string[];
  types: string[];
}

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

function growingSeqScans(node: PlanNode, found: Set<string>): Set<string> {
  if (node['Node Type'] === 'Seq Scan' && GROWING.has(node['Relation Name'] ?? '')) {
    found.add(node['Relation Name'] ?? '');
  }
  for (const child of node.Plans ?? []) growingSeqScans(child, found);
  return found;
}

async function planOf(query: Query, text: string, params: unknown[]): Promise<PlanNode> {
  const result = (await query(`explain (format json) ${text}`, params)) as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const document = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const plan = document[0]?.Plan;
  if (!plan) throw new Error(`no plan for ${text}`);
  return plan;
}

/** The plan PostgreSQL makes of `inner` for any values of its parameters, as a function's. */
async function genericPlanOf(query: Query, inner: Inner): Promise<PlanNode> {
  await query(`prepare tessera_plan_check (${inner.types.join(', ')}) as ${inner.text}`);
  try {
    await query('set plan_cache_mode = force_generic_plan');
    const nulls = inner.types.map(() => 'null').join(', ');
    return await planOf(query, `execute tessera_plan_check${nulls ? `(${nulls})` : ''}`, []);
  } finally {
    await query('reset plan_cache_mode');
    await query('deallocate tessera_plan_check');
  }
}

/** Our SQL-language functions: EXPLAIN sees a call of one, never the statements inside it. */
async function sqlFunctions(query: Query): Promise<SqlFunction[]> {
  const result = (await query(
    `select p.proname as name, p.prosrc as body, coalesce(p.proargnames, '{}') as args,
       coalesce((select array_agg(format_type(t.oid, null) order by a.n)
                 from unnest(p.proargtypes) with ordinality a(oid, n) join pg_type t on t.oid = a.oid), '{}') as types
     from pg_proc p join pg_language l on l.oid = p.prolang
     where p.pronamespace = 'public'::regnamespace and l.lanname = 'sql'`,
  )) as { rows: { name: string; body: string; args: string[] | string; types: string[] | string }[] };
  const list = (value: string[] | string) =>
    Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);
  return result.rows.map((row) => ({ ...row, args: list(row.args), types: list(row.types) }));
}

/** The arguments of the first call of `name` in `text`, split at its top-level commas. */
function callArguments(text: string, name: string): string[] | null {
  const start = text.search(new RegExp(`\\b${name}\\s*\\(`, 'i'));
  if (start < 0) return null;
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text.slice(text.indexOf('(', start) + 1)) {
    if (char === '(') depth += 1;
    if (char === ')' && depth-- === 0) break;
    if (char === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
    } else current += char;
  }
  return [...args, current.trim()];
}

/**
 * The statements inside the functions `statement` calls, each with the values its arguments
 * were given (an argument must be a parameter, `$n` with or without a cast).
 */
function inside(statement: Statement, functions: SqlFunction[]): Inner[] {
  return functions.flatMap((fn) => {
    if (!callArguments(statement.text, fn.name)) return [];
    return fn.body
      .split(';')
      .map((part) => part.trim())
      .filter((part) => PLANNABLE.test(part))
      .map((part) => {
        // Each argument the statement uses becomes the next parameter, of its type.
        const types: string[] = [];
        const text = fn.args.reduce((body, arg, i) => {
          const name = new RegExp(`\\b${arg}\\b`, 'g');
          if (!name.test(body)) return body;
          types.push(fn.types[i] ?? 'text');
          return body.replace(name, `$${types.length}`);
        }, part);
        return { text, types };
      });
  });
}

/**
 * What of `statements` reads a growing table from end to end, as `EXPLAIN` plans it with the
 * parameters each was sent with: one line per statement that does, naming the tables. The
 * database should hold enough rows, analysed, for its plans to be those of a busy platform.
 */
export async function growingScans(handle: DatabaseHandle, statements: Statement[]): Promise<string[]> {
  return handle.withSession(async (query) => {
    const functions = await sqlFunctions(query);
    const found = new Set<string>();
    const note = (plan: PlanNode, text: string) => {
      const tables = growingSeqScans(plan, new Set());
      if (tables.size > 0) found.add(`${[...tables].join(', ')}: ${text.replace(/\s+/g, ' ').trim()}`);
    };
    const planned = statements.filter((s) => PLANNABLE.test(s.text));
    for (const statement of planned) {
      note(await planOf(query, statement.text, statement.params), statement.text);
    }
    for (const inner of new Map(
      planned.flatMap((s) => inside(s, functions)).map((i) => [i.text, i]),
    ).values()) {
      note(await genericPlanOf(query, inner), inner.text);
    }
    return [...found];
  });
}
