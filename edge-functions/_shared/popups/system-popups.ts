// The product's own popups, such as upgrade_limit, the offer an anonymous visitor sees once the free validations are
// used up. Visitors read them before signing in, so they are read as a visitor: RLS shows only active popups. Admins
// read every popup as themselves: RLS shows them the inactive ones too.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { asVisitor } from "../db/as-visitor.ts";
import { type AdminSystemPopup, adminSystemPopupSchema, type SystemPopup, systemPopupSchema } from "./contract.ts";

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

/** The active popup of this type, or null when there is none (or it is switched off). */
export async function readActivePopup(popupType: string): Promise<SystemPopup | null> {
  const [row] = await asVisitor((sql) =>
    sql<SystemPopupRow[]>`
      select ${sql(popupColumns)} from public.system_popups where popup_type = ${popupType}
    `
  );
  return row ? systemPopupSchema.parse(popupFromRow(row)) : null;
}

/** Every popup, active or not, by type: what the admin's popup list shows. */
export async function listSystemPopups(claims: AccessTokenClaims): Promise<AdminSystemPopup[]> {
  const rows = await asUser(claims, (sql) =>
    sql<SystemPopupRow[]>`select ${sql(popupColumns)} from public.system_popups order by popup_type`
  );
  return rows.map((row) => adminSystemPopupSchema.parse({ id: Number(row.id), ...popupFromRow(row) }));
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
