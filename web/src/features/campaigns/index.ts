// The campaigns feature's public face: the slots the layout places (banners, offers, the popup) under the provider
// that asks what to deliver, and the call other features make when the visitor does something a campaign waits for.
export { CampaignSlotsProvider } from "./campaign-slots";
export { BannerSlot } from "./components/banner-slot";
export { CampaignOffers } from "./components/campaign-offers";
export { CampaignPopup } from "./components/campaign-popup";
export { reportVisitorAction } from "./visit";
