// System popups: the texts of the dialogs the product shows (the upgrade popup, for one). Other folders reach popups
// through this file only.
export { listSystemPopups, readActivePopup } from "./system-popups.ts";
export { adminSystemPopupSchema, type AdminSystemPopup, type SystemPopup, systemPopupSchema } from "./contract.ts";
