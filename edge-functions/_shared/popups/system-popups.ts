// The product's own popups (platform.md §3 system_popups), such as upgrade_limit, the offer an anonymous visitor sees
// once the free validations are used up. Visitors read them before signing in, so they are read as a visitor: RLS
// shows only active popups.
import { type SystemPopup, systemPopupSchema } from "../anonymous/index.ts";
import { asVisitor } from "../db/as-visitor.ts";

interface SystemPopupRow {
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
      select popup_type, title, content, features, button_text, button_url, pricing, is_active
      from public.system_popups
      where popup_type = ${popupType}
    `
  );
  if (!row) return null;
  // features and pricing are JSON an admin edits: checked against the contract on the way out.
  return systemPopupSchema.parse({
    popupType: row.popup_type,
    title: row.title,
    content: row.content,
    features: row.features,
    buttonText: row.button_text,
    buttonUrl: row.button_url,
    pricing: row.pricing,
    isActive: row.is_active,
  });
}
