// The product's own popups: upgrade_limit (an anonymous visitor out of free validations), welcome (once after
// registration) and discount_offer (the upgrade dialog's one-time discount). Visitors read them before signing in,
// so they are read as a visitor: RLS shows only active popups. Admins read and edit every popup as themselves: RLS
// shows them the inactive ones too, and the database checks they are admins and audits the edit.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { asVisitor } from "../db/as-visitor.ts";
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import {
  type AdminSystemPopup,
  adminSystemPopupSchema,
  checkPopupForType,
  popupTypeSchema,
  type SystemPopup,
  systemPopupSchema,
  type UpdateSystemPopup,
} from "./contract.ts";

interface SystemPopupRow {
  id: string;
  popup_type: string;
  title: string;
  content: string;
  features: unknown;
  button_text: string;
  button_url: string;
  pricing: unknown;
  is_active: boolean;
}

interface AdminSystemPopupRow extends SystemPopupRow {
  updated_at: Date;
  updated_by: string | null;
  updated_by_email: string | null;
}

/** The active popup of this type, or null when there is none (or it is switched off). */
export async function readActivePopup(popupType: string): Promise<SystemPopup | null> {
  const [row] = await asVisitor((sql) =>
    sql<SystemPopupRow[]>`
      select ${sql(popupColumns)} from public.system_popups where popup_type = ${popupType}
    `
  );
  return row ? systemPopupSchema.parse(popupFromRow(row)) : null;
}

/** Whether visitors may be offered the one-time discount: its popup is switched on. */
export async function discountOfferActive(): Promise<boolean> {
  return (await readActivePopup("discount_offer")) !== null;
}

/** Every popup, active or not, by type: what the admin's popup list shows. */
export async function listSystemPopups(claims: AccessTokenClaims): Promise<AdminSystemPopup[]> {
  return await asUser(claims, (sql) => adminPopupRows(sql, null));
}

const REFUSALS: Record<string, () => DomainError> = {
  "P0403 admins_only": () => new DomainError("admin_only"),
  "P0404 popup_not_found": () => new DomainError("popup_not_found"),
};

const popupRefusal = (found: DatabaseError) => REFUSALS[`${found.code} ${found.message}`]?.() ?? null;

/**
 * PUT /api/admin/system-popups/{id}: the admin's edit, checked against the rules of the popup's type (pricing only on
 * the upgrade popup, only the type's placeholders), then saved and audited by the database in one transaction.
 */
export async function updateSystemPopup(
  claims: AccessTokenClaims,
  id: number,
  popup: UpdateSystemPopup,
): Promise<AdminSystemPopup> {
  return await withRefusals(popupRefusal, () =>
    asUser(claims, async (sql) => {
      const [row] = await sql<{ popup_type: string }[]>`select popup_type from public.system_popups where id = ${id}`;
      if (!row) throw new DomainError("popup_not_found");
      const [problem] = checkPopupForType(popupTypeSchema.parse(row.popup_type), popup);
      if (problem) throw new DomainError("invalid_input", { problem: `${problem.field}: ${problem.message}` });
      await sql`
        select private.admin_update_system_popup(
          ${id}, ${popup.title}, ${popup.content}, ${sql.json(popup.features)}, ${popup.buttonText},
          ${popup.buttonUrl}, ${sql.json(popup.pricing)}, ${popup.isActive}
        )
      `;
      const [updated] = await adminPopupRows(sql, id);
      return updated!;
    }));
}

/** The admin's view of the popups (one when `id` is given), with who last changed each. */
async function adminPopupRows(sql: UserSql, id: number | null): Promise<AdminSystemPopup[]> {
  const rows = await sql<AdminSystemPopupRow[]>`
    select ${sql(popupColumns.map((column) => `p.${column}`))}, p.updated_at, p.updated_by,
           editor.email as updated_by_email
      from public.system_popups as p
      left join public.profiles as editor on editor.id = p.updated_by
     where ${id === null ? sql`true` : sql`p.id = ${id}`}
     order by p.popup_type
  `;
  return rows.map((row) =>
    adminSystemPopupSchema.parse({
      id: Number(row.id),
      ...popupFromRow(row),
      updatedAt: row.updated_at.toISOString(),
      updatedBy: row.updated_by === null ? null : { id: row.updated_by, email: row.updated_by_email },
    })
  );
}

const popupColumns = [
  "id",
  "popup_type",
  "title",
  "content",
  "features",
  "button_text",
  "button_url",
  "pricing",
  "is_active",
] as const;

// features and pricing are JSON an admin edits: the callers check them against the contract on the way out.
function popupFromRow(row: SystemPopupRow) {
  return {
    popupType: row.popup_type,
    title: row.title,
    content: row.content,
    features: row.features,
    buttonText: row.button_text,
    buttonUrl: row.button_url,
    pricing: row.pricing,
    isActive: row.is_active,
  };
}
