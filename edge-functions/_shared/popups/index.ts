// System popups: the texts of the dialogs the product shows (the upgrade popup, for one). Other folders reach popups
// through this file only.
export { readActivePopup } from "./system-popups.ts";
