// Saved contacts as the duplicates screen shows them: the contact with its owner, its list, and the validity and mobile
// number of its address's latest validation. Read as the admin (RLS lets admins read every contact, list, profile
// and validation); the one place that turns such rows into the contract's records.
import { z } from "zod";
import type { UserSql } from "../db/as-user.ts";
import type { DuplicateRecord, UserSummary } from "./contract.ts";

/** postgres.js returns bigint (int8) as a string; ids are well inside a double's exact range. */
export const bigintId = z.union([z.string(), z.number()]).transform((value) => Number(value));

const recordRowSchema = z.object({
  id: bigintId,
  email: z.string(),
  email_key: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  company: z.string().nullable(),
  domain: z.string(),
  notes: z.string().nullable(),
  user_id: z.string(),
  list_id: bigintId,
  created_at: z.date(),
  updated_at: z.date(),
  is_valid: z.boolean().nullable(),
  last_validated_at: z.date().nullable(),
  mobile_number: z.string().nullable(),
  owner_email: z.string().nullable(),
  owner_username: z.string().nullable(),
  list_name: z.string(),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

/** The records of these inboxes, or the one record with this id; oldest first within each inbox. */
export async function readRecordRows(
  sql: UserSql,
  which: { emailKeys: readonly string[] } | { id: number },
): Promise<RecordRow[]> {
  const rows = await sql`
    select c.id, c.email, c.email_key, c.first_name, c.last_name, c.phone, c.position, c.company, c.domain, c.notes,
           c.user_id, c.list_id, c.created_at, c.updated_at, v.is_valid, v.last_validated_at, v.mobile_number,
           p.email as owner_email, p.username as owner_username, l.name as list_name
      from public.saved_contacts as c
      join public.profiles as p on p.id = c.user_id
      join public.contact_lists as l on l.id = c.list_id
      left join public.email_validations as v on lower(v.email) = lower(c.email)
     where ${"id" in which ? sql`c.id = ${which.id}` : sql`c.email_key = any(${[...which.emailKeys]})`}
     order by c.email_key, c.created_at, c.id
  `;
  return rows.map((row) => recordRowSchema.parse(row));
}

export function ownerOf(row: RecordRow): UserSummary {
  return { id: row.user_id, email: row.owner_email ?? "", username: row.owner_username };
}

export function recordFromRow(row: RecordRow): DuplicateRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone,
    mobileNumber: row.mobile_number,
    jobTitle: row.position,
    company: row.company,
    domain: row.domain,
    notes: row.notes,
    isValid: row.is_valid,
    lastValidatedAt: row.last_validated_at?.toISOString() ?? null,
    owner: ownerOf(row),
    list: { id: row.list_id, name: row.list_name },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One record by id, as the admin sees it; null when there is none. */
export async function readRecord(sql: UserSql, id: number): Promise<DuplicateRecord | null> {
  const [row] = await readRecordRows(sql, { id });
  return row ? recordFromRow(row) : null;
}
