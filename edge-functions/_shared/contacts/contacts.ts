// A signed-in user's saved contacts, read and changed as that user (RLS decides; every query also names the user, since
// an admin's rights would otherwise show other people's contacts). Knows nothing of HTTP.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { Contact, ContactsQuery, CreateContact, CreatedContact, UpdateContact } from "./contract.ts";
import type { UserSql } from "../db/as-user.ts";
import { likePattern } from "../db/like-pattern.ts";
import { DomainError } from "../errors.ts";
import { asContactsUser, ownList, targetListId } from "./lists.ts";
import { contactFieldColumns, contactFromRow, savedContactColumns } from "./rows.ts";

export interface ContactsPage {
  contacts: Contact[];
  /** How many contacts match the query's search and list, whatever the page. */
  total: number;
}

/**
 * The user's contacts, newest first; each term of q must match email, names, company or position, case-insensitively
 * (search_text holds them lower-cased), so "acme sales" finds the head of sales at Acme.
 */
export async function listContacts(claims: AccessTokenClaims, query: ContactsQuery): Promise<ContactsPage> {
  return await asContactsUser(claims, async (sql) => {
    if (query.listId !== undefined && !(await ownList(sql, claims, query.listId))) {
      throw new DomainError("list_not_found");
    }
    const terms = (query.q ?? "").split(/\s+/).filter(Boolean);
    const where = sql`
      where user_id = ${claims.sub}
      ${query.listId !== undefined ? sql`and list_id = ${query.listId}` : sql``}
      ${terms.reduce((matches, term) => sql`${matches} and search_text like lower(${likePattern(term)})`, sql``)}
    `;
    // limit null: no limit, every match.
    const rows = await sql`
      select ${sql(savedContactColumns)} from public.saved_contacts ${where}
      order by created_at desc, id desc
      limit ${query.limit ?? null} offset ${query.offset}
    `;
    const [count] = await sql<{ total: string }[]>`select count(*) as total from public.saved_contacts ${where}`;
    return { contacts: rows.map(contactFromRow), total: Number(count?.total ?? 0) };
  });
}

/**
 * Saves a contact into the given list or General; the same address twice (any case) is "Already saved to contacts".
 * Another spelling of the same inbox is saved, and named in the answer, so the person can tell.
 */
export async function createContact(claims: AccessTokenClaims, input: CreateContact): Promise<CreatedContact> {
  return await asContactsUser(claims, async (sql) => {
    const listId = await targetListId(sql, claims, input.listId);
    const [row] = await sql`
      insert into public.saved_contacts ${
      sql({
        user_id: claims.sub,
        list_id: listId,
        email: input.email,
        ...contactFieldColumns({ ...nullFields, ...definedOnly(input) }),
      })
    }
      returning ${sql(savedContactColumns)}
    `;
    const contact = contactFromRow(row);
    const [sameInbox] = await sql<{ id: string; email: string }[]>`
      select id, email from public.saved_contacts
       where user_id = ${claims.sub} and email_key = public.email_key(${contact.email}) and id <> ${contact.id}
       order by created_at, id
       limit 1
    `;
    return { ...contact, sameInbox: sameInbox ? { id: Number(sameInbox.id), email: sameInbox.email } : null };
  });
}

/** Changes the given fields of one of the user's contacts; the email is read-only, listId null means General. */
export async function updateContact(claims: AccessTokenClaims, id: number, input: UpdateContact): Promise<Contact> {
  return await asContactsUser(claims, async (sql) => {
    // Locked until the update commits: a DELETE of the same contact waits for it, or (if it came first) leaves nothing
    // to find here, so the answer is 200 or 404, never an update of a row that is gone.
    const current = await ownContact(sql, claims, id, { lock: true });
    if (!current) throw new DomainError("contact_not_found");
    if (input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase()) {
      throw new DomainError("invalid_input", { problem: "email: Email is read-only" });
    }
    const changes: Record<string, string | number | null> = contactFieldColumns(definedOnly(input));
    if (input.listId !== undefined) changes.list_id = await targetListId(sql, claims, input.listId);
    if (Object.keys(changes).length === 0) return current;
    const [row] = await sql`
      update public.saved_contacts set ${sql(changes)}
      where id = ${id} and user_id = ${claims.sub}
      returning ${sql(savedContactColumns)}
    `;
    if (!row) throw new DomainError("contact_not_found");
    return contactFromRow(row);
  });
}

export async function deleteContact(claims: AccessTokenClaims, id: number): Promise<void> {
  const deleted = await asContactsUser(claims, (sql) => sql`
    delete from public.saved_contacts where id = ${id} and user_id = ${claims.sub} returning id
  `);
  if (deleted.length === 0) throw new DomainError("contact_not_found");
}

async function ownContact(
  sql: UserSql,
  claims: AccessTokenClaims,
  id: number,
  { lock = false } = {},
): Promise<Contact | null> {
  const [row] = await sql`
    select ${sql(savedContactColumns)} from public.saved_contacts where id = ${id} and user_id = ${claims.sub}
    ${lock ? sql`for update` : sql``}
  `;
  return row ? contactFromRow(row) : null;
}

const nullFields = {
  firstName: null,
  lastName: null,
  company: null,
  position: null,
  phone: null,
  notes: null,
  sourceUrl: null,
};

function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
