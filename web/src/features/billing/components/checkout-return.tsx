export function CheckoutReturn() { return null; }
