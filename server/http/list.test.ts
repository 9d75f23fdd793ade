import { desc, type SQL, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuerySchema } from '../../common/list-query';
import type { Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../test/app';
import { AppError } from './app-error';
import { findList, type ListSpec, listWhere } from './list';

// The one helper every list answers through (decision 047): filters, search, sort and page, on
// a table of its own so that what it does is seen apart from any module's rows.

const things = pgTable('list_helper_things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  note: text('note'),
  score: integer('score').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
type Thing = typeof things.$inferSelect;

const ThingsQuery = listQuerySchema({
  sortable: ['name', 'score', 'created_at', 'loud'],
  defaultSort: 'name',
  filterable: {
    score: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in'],
    name: ['like'],
    created_at: ['gte'],
  },
});

let database: TestDatabase;
let db: Database;

const rows: Omit<Thing, 'id'>[] = [
  ['Apple', 'red fruit', 5, '2030-01-01'],
  ['banana', null, 3, '2030-01-02'],
  ['Cherry', '50% off', 9, '2030-01-03'],
  ['date', 'dried', 3, '2030-01-04'],
  ['Elder', 'flower', 7, '2030-01-05'],
].map(([name, note, score, day]) => ({
  name: name as string,
  note: note as string | null,
  score: score as number,
  createdAt: new Date(`${day}T12:00:00Z`),
}));

/** The list as a module would describe it: the rows scored above zero, one sort of its own. */
const thingList = (where: SQL[] = [sql`${things.score} > 0`]) =>
  ({
    where,
    filters: {
      score: { column: things.score },
      name: { column: things.name },
      created_at: { column: things.createdAt },
    },
    search: [things.name, things.note],
    sort: {
      name: sql`lower(${things.name})`,
      score: things.score,
      created_at: things.createdAt,
      loud: (direction) => sql`upper(${things.name}) ${sql.raw(direction)} nulls last`,
    },
    tiebreaker: things.id,
    select: (condition) => db.select().from(things).where(condition),
    count: (condition) => db.$count(things, condition),
    present: (found) => found.map((t) => `${t.name}:${t.score}`),
  }) satisfies ListSpec<
    'name' | 'score' | 'created_at' | 'loud',
    'score' | 'name' | 'created_at',
    Thing,
    string
  >;

const list = (params: Record<string, string | string[]>) => findList(ThingsQuery.parse(params), thingList());

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await db.execute(sql`create table list_helper_things (
    id serial primary key, name text not null, note text, score integer not null,
    created_at timestamptz not null)`);
  await db.insert(things).values(rows);
}, 60_000);
afterAll(async () => {
  await database?.dispose();
});

describe('findList', () => {
  it('sorts by the default field, then as asked, the tiebreaker keeping pages apart', async () => {
    expect((await list({})).data).toEqual(['Apple:5', 'banana:3', 'Cherry:9', 'date:3', 'Elder:7']);
    expect((await list({ sort_by: 'name', sort_direction: 'desc' })).data[0]).toBe('Elder:7');
    // Equal scores fall back on the id, in the same direction.
    expect((await list({ sort_by: 'score' })).data).toEqual([
      'banana:3',
      'date:3',
      'Apple:5',
      'Elder:7',
      'Cherry:9',
    ]);
    expect((await list({ sort_by: 'score', sort_direction: 'desc' })).data.slice(3)).toEqual([
      'date:3',
      'banana:3',
    ]);
    // A field with an ORDER BY of its own writes it for the direction.
    expect((await list({ sort_by: 'loud', sort_direction: 'desc' })).data[0]).toBe('Elder:7');
  });

  it('applies every filter operator, values read as the column’s type', async () => {
    const names = async (params: Record<string, string | string[]>) => (await list(params)).data;
    expect(await names({ 'filter_fields[score][eq]': '3' })).toEqual(['banana:3', 'date:3']);
    expect(await names({ 'filter_fields[score][ne]': '3' })).toEqual(['Apple:5', 'Cherry:9', 'Elder:7']);
    expect(await names({ 'filter_fields[score][lt]': '5' })).toEqual(['banana:3', 'date:3']);
    expect(await names({ 'filter_fields[score][lte]': '5' })).toEqual(['Apple:5', 'banana:3', 'date:3']);
    expect(await names({ 'filter_fields[score][gt]': '7' })).toEqual(['Cherry:9']);
    expect(await names({ 'filter_fields[score][gte]': '7' })).toEqual(['Cherry:9', 'Elder:7']);
    expect(await names({ 'filter_fields[score][in]': '9,7' })).toEqual(['Cherry:9', 'Elder:7']);
    expect(await names({ 'filter_fields[score][in]': ['9', '5'] })).toEqual(['Apple:5', 'Cherry:9']);
    expect(await names({ 'filter_fields[name][like]': 'AN' })).toEqual(['banana:3']);
    expect(await names({ 'filter_fields[created_at][gte]': '2030-01-04T00:00:00Z' })).toEqual([
      'date:3',
      'Elder:7',
    ]);
    // Filters add up, and to the list's own conditions.
    expect(await names({ 'filter_fields[score][gte]': '5', 'filter_fields[name][like]': 'e' })).toEqual([
      'Apple:5',
      'Cherry:9',
      'Elder:7',
    ]);
    expect((await findList(ThingsQuery.parse({}), thingList([sql`${things.score} = 3`]))).data).toEqual([
      'banana:3',
      'date:3',
    ]);
  });

  it('answers 422 on the filter for a value its column cannot hold', async () => {
    const refused = await list({ 'filter_fields[score][eq]': 'abc' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('VALIDATION_FAILED');
    expect(Object.keys((refused as AppError).details.fields ?? {})).toEqual(['filter_fields[score][eq]']);
  });

  it('searches every search column in part and in any case, wildcards taken as text', async () => {
    expect((await list({ query: 'CHER' })).data).toEqual(['Cherry:9']);
    expect((await list({ query: 'dried' })).data).toEqual(['date:3']);
    expect((await list({ query: '50%' })).data).toEqual(['Cherry:9']);
    expect((await list({ query: '%' })).data).toEqual(['Cherry:9']);
    expect((await list({ query: 'e', 'filter_fields[score][lt]': '7' })).data).toEqual(['Apple:5', 'date:3']);
  });

  it('takes the page asked for and says where it is', async () => {
    expect(await list({ per_page: '2', page: '2' })).toEqual({
      data: ['Cherry:9', 'date:3'],
      meta: { current_page: 2, per_page: 2, total: 5, last_page: 3 },
    });
    expect(await list({ per_page: '2', page: '4' })).toEqual({
      data: [],
      meta: { current_page: 4, per_page: 2, total: 5, last_page: 3 },
    });
    expect((await list({ query: 'nothing like it' })).meta).toEqual({
      current_page: 1,
      per_page: 20,
      total: 0,
      last_page: 1,
    });
    // The total counts what the filters keep, not the page.
    expect((await list({ per_page: '1', 'filter_fields[score][eq]': '3' })).meta.total).toBe(2);
  });

  it('refuses a sort the list does not know: in the query string, and if one got past it', async () => {
    const parsed = ThingsQuery.safeParse({ sort_by: 'note' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['sort_by']);
    const forged = { ...ThingsQuery.parse({}), sortBy: 'note' as 'name' };
    const refused = await findList(forged, thingList()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details.fields).toHaveProperty('sort_by');
    // An inherited property is no sort either.
    const inherited = { ...ThingsQuery.parse({}), sortBy: 'toString' as 'name' };
    await expect(findList(inherited, thingList())).rejects.toBeInstanceOf(AppError);
  });
});

describe('listWhere', () => {
  it('keeps the rows the list shows, for an export of the same search and filters', async () => {
    const query = ThingsQuery.parse({ query: 'e', 'filter_fields[score][gte]': '5' });
    const where = listWhere(query, thingList());
    const exported = await db.select().from(things).where(where).orderBy(desc(things.id));
    expect(exported.map((t) => t.name)).toEqual(['Elder', 'Cherry', 'Apple']);
    expect((await findList(query, thingList())).meta.total).toBe(3);
  });
});
