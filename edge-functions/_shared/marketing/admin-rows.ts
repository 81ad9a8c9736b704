// What every admin list of marketing rows shares: read as the signed-in admin (RLS lets admins, and only them, see and
// change these tables), one row as JSON (to_jsonb renders dates, times and bigints as the contract writes them), the
// columns of a body in snake_case, and the answers for a row that is not there.
import type postgres from "postgres";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { marketingRefusals, type NotFoundReason } from "./marketing-refusals.ts";

export type Row = Record<string, unknown>;

export type MarketingTable =
  | "marketing_campaigns"
  | "banner_ads"
  | "popup_campaigns"
  | "push_notifications"
  | "email_campaigns"
  | "affiliate_settings";

export interface AdminRowsSpec<Item, Input> {
  table: MarketingTable;
  notFound: NotFoundReason;
  /** Columns computed beside the row's own (ctr, a send), over the row as `t`. */
  extras: (sql: UserSql) => postgres.PendingQuery<postgres.Row[]>;
  /** The row (snake_case keys, extras included) as the contract's item. */
  item: (row: Row) => Item;
  /** A valid body as the row's columns. */
  columns: (input: Input) => Row;
}

export interface AdminRows<Item, Input> {
  list(claims: AccessTokenClaims): Promise<Item[]>;
  /** Stores a new row and answers it. */
  create(claims: AccessTokenClaims, input: Input): Promise<Item>;
  /** Changes a row and answers it as it is now. */
  change(claims: AccessTokenClaims, id: string, input: Input): Promise<Item>;
  delete(claims: AccessTokenClaims, id: string): Promise<void>;
  /** The row by id inside a transaction of the caller's; not found is refused. */
  read(sql: UserSql, id: string): Promise<Item>;
  insert(sql: UserSql, columns: Row): Promise<string>;
  /** Changes the row; not found is refused. */
  update(sql: UserSql, id: string, columns: Row): Promise<void>;
  /** Deletes the row, answering it as it was; not found is refused. */
  remove(sql: UserSql, id: string): Promise<Row>;
  /** A transaction as the admin in which the database's refusals become this kind's DomainErrors. */
  asAdmin<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T>;
}

export function adminRows<Item, Input>(spec: AdminRowsSpec<Item, Input>): AdminRows<Item, Input> {
  const table = `public.${spec.table}`;
  const select = (sql: UserSql, id?: string) =>
    sql<{ row: Row }[]>`
      select to_jsonb(t) || jsonb_build_object(${spec.extras(sql)}) as row
      from ${sql(table)} t
      ${id === undefined ? sql`` : sql`where t.id = ${id}`}
      order by t.created_at desc, t.id
    `;
  const asAdmin = <T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>) =>
    marketingRefusals(spec.notFound, () => asUser(claims, work));
  const rows: AdminRows<Item, Input> = {
    asAdmin,
    async list(claims) {
      const found = await asAdmin(claims, (sql) => select(sql));
      return found.map(({ row }) => spec.item(row));
    },
    async read(sql, id) {
      const [found] = await select(sql, id);
      if (!found) throw new DomainError(spec.notFound);
      return spec.item(found.row);
    },
    async insert(sql, columns) {
      const [row] = await sql<{ id: string }[]>`insert into ${sql(table)} ${sql(columns)} returning id`;
      return row!.id;
    },
    async update(sql, id, columns) {
      const changed = await sql`update ${sql(table)} set ${sql(columns)} where id = ${id} returning id`;
      if (changed.length === 0) throw new DomainError(spec.notFound);
    },
    async remove(sql, id) {
      const [row] = await sql<{ row: Row }[]>`delete from ${sql(table)} t where id = ${id} returning to_jsonb(t) as row`;
      if (!row) throw new DomainError(spec.notFound);
      return row.row;
    },
    create: (claims, input) =>
      asAdmin(claims, async (sql) => await rows.read(sql, await rows.insert(sql, spec.columns(input)))),
    change: (claims, id, input) =>
      asAdmin(claims, async (sql) => {
        await rows.update(sql, id, spec.columns(input));
        return await rows.read(sql, id);
      }),
    delete: (claims, id) => asAdmin(claims, async (sql) => void await rows.remove(sql, id)),
  };
  return rows;
}

/** A flat body's fields as columns: camelCase to snake_case. */
export function columnsOf(input: Record<string, unknown>): Row {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [snakeCase(key), value]));
}

/** A row's keys as the contract's camelCase, its times as ISO strings in UTC. */
export function fieldsOf(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [camelCase(key), timeOf(key, value)]));
}

const TIME_COLUMNS = new Set(["created_at", "updated_at", "scheduled_for", "sent_at"]);

function timeOf(key: string, value: unknown): unknown {
  return TIME_COLUMNS.has(key) && typeof value === "string" ? new Date(value).toISOString() : value;
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
