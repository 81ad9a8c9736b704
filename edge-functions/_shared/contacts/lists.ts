// A signed-in user's contact lists, read and changed as that user (RLS decides; every query also names the user, since
// an admin's rights would otherwise show other people's lists). Knows nothing of HTTP.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { ContactList, CreateContactList, UpdateContactList } from "./contract.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { refusedInput } from "./database-errors.ts";
import { DomainError } from "../errors.ts";
import { contactListColumns, contactListFromRow } from "./rows.ts";

/** Runs work as the user, turning what the database refuses into DomainErrors. */
export async function asContactsUser<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  try {
    return await asUser(claims, work);
  } catch (error) {
    throw refusedInput(error);
  }
}

/** The user's undeleted lists, General first, then by name. */
export async function listContactLists(claims: AccessTokenClaims): Promise<ContactList[]> {
  const rows = await asContactsUser(claims, (sql) => sql`
    select ${sql(contactListColumns)} from public.contact_lists
    where user_id = ${claims.sub} and deleted_at is null
    order by is_default desc, lower(name), id
  `);
  return rows.map(contactListFromRow);
}

export async function readDefaultContactList(claims: AccessTokenClaims): Promise<ContactList> {
  const list = await asContactsUser(claims, (sql) => defaultList(sql, claims));
  if (!list) throw new DomainError("list_not_found");
  return list;
}

/** One of the user's undeleted lists, or a not-found error (another user's list included). */
export async function readContactList(claims: AccessTokenClaims, id: number): Promise<ContactList> {
  const list = await asContactsUser(claims, (sql) => ownList(sql, claims, id));
  if (!list) throw new DomainError("list_not_found");
  return list;
}

export async function createContactList(claims: AccessTokenClaims, input: CreateContactList): Promise<ContactList> {
  const [row] = await asContactsUser(claims, (sql) => sql`
    insert into public.contact_lists (user_id, name, description, color)
    values (${claims.sub}, ${input.name}, ${input.description ?? null}, ${input.color})
    returning ${sql(contactListColumns)}
  `);
  return contactListFromRow(row);
}

export async function updateContactList(
  claims: AccessTokenClaims,
  id: number,
  input: UpdateContactList,
): Promise<ContactList> {
  return await asContactsUser(claims, async (sql) => {
    // Locked until this transaction ends, so a concurrent DELETE waits or, if it came first, leaves nothing to find:
    // 200 or 404, never an update that finds its row gone.
    const list = await ownList(sql, claims, id, { lock: true });
    if (!list) throw new DomainError("list_not_found");
    if (input.isDefault !== undefined && input.isDefault !== list.isDefault) {
      throw new DomainError("default_list", { problem: "isDefault: The default list, General, stays the default" });
    }
    if (list.isDefault && input.name !== undefined && input.name !== list.name) {
      throw new DomainError("default_list", { problem: "name: The default list is always named General" });
    }
    const changes: Record<string, string | null> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.color !== undefined) changes.color = input.color;
    if (Object.keys(changes).length === 0) return list;
    const [row] = await sql`
      update public.contact_lists set ${sql(changes)}
      where id = ${id} and user_id = ${claims.sub} and deleted_at is null
      returning ${sql(contactListColumns)}
    `;
    if (!row) throw new DomainError("list_not_found");
    return contactListFromRow(row);
  });
}

/** Deletes one of the user's lists, moving its contacts to General (public.delete_contact_list); General is refused. */
export async function deleteContactList(claims: AccessTokenClaims, id: number): Promise<{ moved: number }> {
  return await asContactsUser(claims, async (sql) => {
    const list = await ownList(sql, claims, id, { lock: true });
    if (!list) throw new DomainError("list_not_found");
    if (list.isDefault) {
      throw new DomainError("default_list", { problem: "The default list, General, cannot be deleted" });
    }
    const [row] = await sql<{ moved: number }[]>`select public.delete_contact_list(${id}) as moved`;
    return { moved: row?.moved ?? 0 };
  });
}

export async function defaultList(sql: UserSql, claims: AccessTokenClaims): Promise<ContactList | null> {
  const [row] = await sql`
    select ${sql(contactListColumns)} from public.contact_lists
    where user_id = ${claims.sub} and is_default and deleted_at is null
  `;
  return row ? contactListFromRow(row) : null;
}

export async function ownList(
  sql: UserSql,
  claims: AccessTokenClaims,
  id: number,
  { lock = false } = {},
): Promise<ContactList | null> {
  const [row] = await sql`
    select ${sql(contactListColumns)} from public.contact_lists
    where id = ${id} and user_id = ${claims.sub} and deleted_at is null
    ${lock ? sql`for update` : sql``}
  `;
  return row ? contactListFromRow(row) : null;
}

/** The list a contact goes into: the given one if it is the user's, General when none is given. */
export async function targetListId(sql: UserSql, claims: AccessTokenClaims, listId: number | null | undefined) {
  const list = listId == null ? await defaultList(sql, claims) : await ownList(sql, claims, listId);
  if (!list) throw new DomainError("list_not_found");
  return list.id;
}
