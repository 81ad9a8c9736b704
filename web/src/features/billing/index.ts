// The billing feature's public face.
export { CheckoutReturn } from "./components/checkout-return";
