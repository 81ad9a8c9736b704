// System popups: the admin screen that edits them, and what visitors see of them (the texts' components, the welcome
// after registration, the public read).
export { useSystemPopup } from "./api/get-system-popup";
export { SystemPopupsScreen } from "./components/system-popups-screen";
export {
  DiscountOfferCard,
  type DiscountOfferTexts,
  fillDiscountOffer,
  PopupTexts,
} from "./components/popup-texts";
export { WelcomeDialog } from "./components/welcome-dialog";
export { markWelcomeDue } from "./welcome-due";
