// System popups: the texts of the dialogs the product shows (the upgrade popup, the welcome, the discount offer).
// Other folders reach popups through this file only.
export { discountOfferActive, listSystemPopups, readActivePopup, updateSystemPopup } from "./system-popups.ts";
export {
  adminSystemPopupSchema,
  type AdminSystemPopup,
  type SystemPopup,
  systemPopupSchema,
  type UpdateSystemPopupRequest,
  updateSystemPopupRequestSchema,
} from "./contract.ts";
