// The billing feature's public face: buying from the pricing page, and the screens a checkout returns to.
export { CheckoutCancelledNotice } from "./components/checkout-cancelled-notice";
export { CheckoutReturn } from "./components/checkout-return";
export { PurchaseButton } from "./components/purchase-button";
