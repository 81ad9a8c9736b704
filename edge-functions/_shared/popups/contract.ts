// The system popup contract shared by the api function and the SPA: the texts of the product's own dialogs.
import { z } from "zod";

/** GET /api/admin/system-popups/{popupType}: an active popup, for anyone (the upgrade dialog reads upgrade_limit). */
export const systemPopupSchema = z.object({
  popupType: z.string(),
  title: z.string(),
  content: z.string(),
  features: z.array(z.object({ text: z.string(), highlight: z.boolean() })),
  buttonText: z.string(),
  buttonUrl: z.string(),
  pricing: z.object({ monthly: z.string(), payPerUse: z.string(), annual: z.string() }).partial(),
  isActive: z.boolean(),
});
export type SystemPopup = z.infer<typeof systemPopupSchema>;

/** GET /api/admin/system-popups: every popup, active or not, with the id an admin edits it by. */
export const adminSystemPopupSchema = systemPopupSchema.extend({ id: z.number().int().positive() });
export type AdminSystemPopup = z.infer<typeof adminSystemPopupSchema>;
