// The admin screen's names for the popup types, in the order its tabs show them.
import { DISCOUNT_VALID_HOURS, FIRST_MONTH_DISCOUNT_PERCENT } from "@contracts/billing";
import type { PopupType } from "@contracts/popups";

export const POPUP_TABS = ["upgrade_limit", "welcome", "discount_offer"] as const satisfies readonly PopupType[];

export const POPUP_TAB_LABELS: Record<PopupType, string> = {
  upgrade_limit: "Upgrade Popup",
  welcome: "Welcome Messages",
  discount_offer: "Discount Offers",
};

/** What the discount offer's placeholders read as in the admin's preview: a code just issued. */
export const PREVIEW_PLACEHOLDERS = { percent: FIRST_MONTH_DISCOUNT_PERCENT, expiresIn: `${DISCOUNT_VALID_HOURS} hours` };
