// Duplicate groups: saved contacts platform-wide that reach the same inbox (share an email key), read as the admin.
// A page is 50 keys in key order after the last one shown (keyset paging): the database walks the (email_key, user_id)
// index and groups as it goes, so it stops once it has a page rather than grouping every contact first.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { likePattern } from "../db/like-pattern.ts";
import { DomainError } from "../errors.ts";
import {
  conflictingFields,
  DUPLICATE_GROUPS_PAGE_SIZE,
  type DuplicateGroup,
  type DuplicateGroupsPage,
  type DuplicateGroupsQuery,
  type DuplicateRecord,
} from "./contract.ts";
import { emailKey } from "./email-key.ts";
import { readRecordRows, recordFromRow } from "./records.ts";
import { asDuplicatesAdmin } from "./refusals.ts";

export async function listDuplicateGroups(
  claims: AccessTokenClaims,
  query: DuplicateGroupsQuery,
): Promise<DuplicateGroupsPage> {
  return await asDuplicatesAdmin(claims, async (sql) => {
    const keys = await pageOfKeys(sql, query);
    const page = keys.slice(0, DUPLICATE_GROUPS_PAGE_SIZE);
    const rows = await readRecordRows(sql, { emailKeys: page });
    const groups = page.map((key) => groupOf(key, rows.filter((row) => row.email_key === key).map(recordFromRow)));
    return {
      groups,
      nextAfter: keys.length > DUPLICATE_GROUPS_PAGE_SIZE ? page[page.length - 1] ?? null : null,
    };
  });
}

/** The records reaching the inbox `email` names (any spelling of it); not found when fewer than two do. */
export async function readDuplicateGroup(claims: AccessTokenClaims, email: string): Promise<DuplicateRecord[]> {
  const rows = await asDuplicatesAdmin(claims, (sql) => readRecordRows(sql, { emailKeys: [emailKey(email)] }));
  if (rows.length < 2) throw new DomainError("duplicate_group_not_found");
  return rows.map(recordFromRow);
}

/** Up to one more key than a page holds, so the page knows whether another follows. */
async function pageOfKeys(sql: UserSql, query: DuplicateGroupsQuery): Promise<string[]> {
  const q = query.q?.toLowerCase();
  // A group matches when its key contains q as typed, as its own key (so "J.Doe@GoogleMail.com" finds
  // jdoe@gmail.com), or without dots (so "j.doe" finds jdoe@gmail.com, as Gmail ignores them). The keys come from the
  // trigram index first (migration duplicate_search_index); only their groups are counted.
  const patterns = q ? [...new Set([q, emailKey(q), q.replaceAll(".", "")])].filter(Boolean).map(likePattern) : [];
  const matches = patterns.length
    ? sql`and c.email_key = any(array(select private.duplicate_keys_matching(${patterns}::text[])))`
    : sql``;
  const scope = query.scope === "same-user"
    ? sql`and count(*) > count(distinct c.user_id)`
    : query.scope === "across-users"
    ? sql`and count(distinct c.user_id) > 1`
    : sql``;
  const rows = await sql<{ email_key: string }[]>`
    select c.email_key
      from public.saved_contacts as c
     where true ${query.after === undefined ? sql`` : sql`and c.email_key > ${query.after}`} ${matches}
     group by c.email_key
    having count(*) > 1 ${scope}
     order by c.email_key
     limit ${DUPLICATE_GROUPS_PAGE_SIZE + 1}
  `;
  return rows.map((row) => row.email_key);
}

function groupOf(email: string, records: DuplicateRecord[]): DuplicateGroup {
  const owners = [...new Map(records.map((record) => [record.owner.id, record.owner])).values()];
  return { email, count: records.length, owners, conflictingFields: conflictingFields(records), records };
}
