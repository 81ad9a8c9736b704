// The batch import behind the contacts page's CSV upload: up to IMPORT_MAX_ROWS rows per call,
// checked row by row, then saved in one insert inside one transaction. Knows nothing of HTTP.
import { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import {
  contactEmailSchema,
  contactFieldsSchema,
  type ImportContactsResponse,
  type ImportRow,
} from "./contract.ts";
import { describeFirstIssue } from "../zod-issues.ts";
import { asContactsUser, targetListId } from "./lists.ts";

const importedRowSchema = contactFieldsSchema.extend({ email: contactEmailSchema });
type ImportedRow = z.output<typeof importedRowSchema>;

/**
 * Rows whose email has no @ are skipped; rows breaking a field rule are errors with their 1-based row number; an
 * address already saved (or earlier in the same batch, any case) is a duplicate; the rest are saved with source bulk.
 */
export async function importContacts(
  claims: AccessTokenClaims,
  rows: ImportRow[],
  listId: number | null | undefined,
): Promise<ImportContactsResponse> {
  let skipped = 0;
  let duplicates = 0;
  const errors: ImportContactsResponse["errors"] = [];
  const seen = new Set<string>();
  const accepted: ImportedRow[] = [];
  rows.forEach((row, index) => {
    if (!(row.email ?? "").includes("@")) {
      skipped++;
      return;
    }
    const parsed = importedRowSchema.safeParse(row);
    if (!parsed.success) {
      errors.push({ row: index + 1, message: describeFirstIssue(parsed.error) });
      return;
    }
    const key = parsed.data.email.toLowerCase();
    if (seen.has(key)) {
      duplicates++;
      return;
    }
    seen.add(key);
    accepted.push(parsed.data);
  });

  const imported = await asContactsUser(claims, async (sql) => {
    const target = await targetListId(sql, claims, listId);
    if (accepted.length === 0) return 0;
    const records = accepted.map((row, n) => ({
      n,
      email: row.email,
      first_name: row.firstName ?? null,
      last_name: row.lastName ?? null,
      company: row.company ?? null,
      position: row.position ?? null,
      phone: row.phone ?? null,
      notes: row.notes ?? null,
    }));
    const inserted = await sql`
      insert into public.saved_contacts
        (user_id, list_id, email, first_name, last_name, company, position, phone, notes, source)
      select ${claims.sub}, ${target}, r.email, r.first_name, r.last_name, r.company, r.position, r.phone, r.notes,
             'bulk'
        from jsonb_to_recordset(${sql.json(records)}::jsonb) as r(
          n integer, email text, first_name text, last_name text, company text, position text, phone text, notes text
        )
       order by r.n
      on conflict (user_id, lower(email)) do nothing
      returning id
    `;
    return inserted.length;
  });
  duplicates += accepted.length - imported;
  return { imported, skipped, duplicates, errors };
}
