// The system popup contract shared by the api function and the SPA: the texts of the product's own dialogs, and the
// rules an admin's edit must keep (the screen and the API answer the same message naming the field).
import { z } from "zod";
import { text } from "../contracts/text.ts";

/**
 * The seeded popups: upgrade_limit (an anonymous visitor out of free validations), welcome (shown once after
 * registration) and discount_offer (the upgrade dialog's one-time discount reveal; switched off, no discount is
 * offered).
 */
export const POPUP_TYPES = ["upgrade_limit", "welcome", "discount_offer"] as const;
export const popupTypeSchema = z.enum(POPUP_TYPES, { error: `popupType must be one of ${POPUP_TYPES.join(", ")}` });
export type PopupType = z.infer<typeof popupTypeSchema>;

export const POPUP_TITLE_MAX_LENGTH = 120;
export const POPUP_CONTENT_MAX_LENGTH = 1000;
export const POPUP_BUTTON_TEXT_MAX_LENGTH = 40;
export const POPUP_BUTTON_URL_MAX_LENGTH = 500;
export const POPUP_FEATURE_TEXT_MAX_LENGTH = 200;
export const POPUP_PRICING_TEXT_MAX_LENGTH = 100;
export const POPUP_FEATURES_MIN = 1;
export const POPUP_FEATURES_MAX = 12;
export const DEFAULT_POPUP_BUTTON_TEXT = "Upgrade Now";
export const DEFAULT_POPUP_BUTTON_URL = "/auth";

/**
 * The placeholders a popup's texts may hold, per type: only the discount offer has any ({percent} off, expiring in
 * {expiresIn}). A brace word that is not on its type's list is refused rather than shown to visitors as typed.
 */
export const POPUP_PLACEHOLDERS: Record<PopupType, readonly string[]> = {
  upgrade_limit: [],
  welcome: [],
  discount_offer: ["percent", "expiresIn"],
};

/** The brace words in a text, e.g. ["percent"] for "{percent}% off". */
export function placeholdersIn(value: string): string[] {
  return Array.from(value.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g), (match) => match[1]!);
}

/** The text with each known {placeholder} replaced; unknown ones are left as they are (the API refuses them). */
export function fillPlaceholders(value: string, values: Readonly<Record<string, string>>): string {
  return value.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * A same-site path ("/pricing", not "//evil.example" or "/\evil") or an https URL. javascript:, data: and http: are
 * refused: the button is a link every visitor may follow.
 */
export function isSafePopupUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

export const popupFeatureSchema = z.object({ text: z.string(), highlight: z.boolean() });
export const popupPricingSchema = z.object({ monthly: z.string(), payPerUse: z.string(), annual: z.string() }).partial();

/** GET /api/admin/system-popups/{popupType}: an active popup, for anyone (ETag, Cache-Control: no-cache). */
export const systemPopupSchema = z.object({
  popupType: z.string(),
  title: z.string(),
  content: z.string(),
  features: z.array(popupFeatureSchema),
  buttonText: z.string(),
  buttonUrl: z.string(),
  pricing: popupPricingSchema,
  isActive: z.boolean(),
});
export type SystemPopup = z.infer<typeof systemPopupSchema>;

/**
 * GET /api/admin/system-popups: every popup, active or not, with the id an admin edits it by, and when and by whom it
 * was last changed (updatedBy null for the seeded text, or when that admin's account is gone).
 */
export const adminSystemPopupSchema = systemPopupSchema.extend({
  id: z.number().int().positive(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
});
export type AdminSystemPopup = z.infer<typeof adminSystemPopupSchema>;

function requiredText(label: string, max: number) {
  return text({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

const pricingText = (label: string) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(POPUP_PRICING_TEXT_MAX_LENGTH, `${label} must be at most ${POPUP_PRICING_TEXT_MAX_LENGTH} characters`)
    .optional();

/**
 * PUT /api/admin/system-popups/{id}: the popup's fields plus features. Features with blank text are dropped before
 * sending (the form does it; a blank one that arrives is "Feature text is required"). Content is plain text: it is
 * rendered as text, never as HTML. Whether pricing and placeholders are allowed depends on the popup's type, which
 * the row holds: `checkPopupForType` applies those rules once the row is known.
 */
export const updateSystemPopupRequestSchema = z.object({
  title: requiredText("Title", POPUP_TITLE_MAX_LENGTH),
  content: text({ error: "Content must be text" })
    .trim()
    .max(POPUP_CONTENT_MAX_LENGTH, `Content must be at most ${POPUP_CONTENT_MAX_LENGTH} characters`)
    .default(""),
  features: z
    .array(
      z.object({
        text: requiredText("Feature text", POPUP_FEATURE_TEXT_MAX_LENGTH).pipe(
          z.string().min(1, "Feature text is required"),
        ),
        highlight: z.boolean({ error: "highlight must be true or false" }).default(false),
      }),
      { error: "At least one feature is required" },
    )
    .min(POPUP_FEATURES_MIN, "At least one feature is required")
    .max(POPUP_FEATURES_MAX, `At most ${POPUP_FEATURES_MAX} features`),
  buttonText: requiredText("Button text", POPUP_BUTTON_TEXT_MAX_LENGTH).default(DEFAULT_POPUP_BUTTON_TEXT),
  buttonUrl: requiredText("Button URL", POPUP_BUTTON_URL_MAX_LENGTH)
    .refine(isSafePopupUrl, "Button URL must be a path on this site (/pricing) or an https URL")
    .default(DEFAULT_POPUP_BUTTON_URL),
  pricing: z
    .strictObject(
      { monthly: pricingText("Monthly price"), payPerUse: pricingText("Pay-per-use price"), annual: pricingText("Annual price") },
      { error: "pricing may only hold monthly, payPerUse and annual" },
    )
    .default({}),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});
export type UpdateSystemPopupRequest = z.input<typeof updateSystemPopupRequestSchema>;
export type UpdateSystemPopup = z.output<typeof updateSystemPopupRequestSchema>;

/**
 * The rules that depend on the popup's type, as {field, message} problems (empty when the edit is fine): pricing is
 * the upgrade popup's alone, and only the type's placeholders may appear in title, content, button text or features.
 */
export function checkPopupForType(type: PopupType, popup: UpdateSystemPopup): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const hasPricing = Object.values(popup.pricing).some((value) => value !== undefined && value !== "");
  if (type !== "upgrade_limit" && hasPricing) {
    problems.push({ field: "pricing", message: "Pricing is only shown on the upgrade popup" });
  }
  const allowed = POPUP_PLACEHOLDERS[type];
  const texts: [string, string][] = [
    ["title", popup.title],
    ["content", popup.content],
    ["buttonText", popup.buttonText],
    ...popup.features.map((feature, index): [string, string] => [`features.${index}.text`, feature.text]),
  ];
  for (const [field, value] of texts) {
    const unknown = placeholdersIn(value).find((name) => !allowed.includes(name));
    if (unknown !== undefined) {
      const known = allowed.length ? `use ${allowed.map((name) => `{${name}}`).join(" or ")}` : "this popup has none";
      problems.push({ field, message: `Unknown placeholder {${unknown}}: ${known}` });
    }
  }
  return problems;
}
