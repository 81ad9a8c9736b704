// The anonymous allowance feature's public face.
export { UpgradeDialog } from "./components/upgrade-dialog";
export { getSessionId } from "@/lib/session-id";
export { limitReachedFrom, useFreeAllowance } from "./use-free-allowance";
export { type DiscountOffer, useDiscountOffer } from "./use-discount-offer";
