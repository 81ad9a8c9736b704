// The payment a checkout opened, remembered in this tab while the buyer is on the provider's page, so the return
// screen knows which payment to wait for.
import { z } from "zod";

const STORAGE_KEY = "billing_checkout_payment";

export function rememberCheckout(paymentId: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, paymentId);
  } catch {
    // Without storage the return screen matches the payment by the provider's reference alone.
  }
}

export function rememberedCheckout(): string | null {
  try {
    const stored = z.uuid().safeParse(sessionStorage.getItem(STORAGE_KEY));
    return stored.success ? stored.data : null;
  } catch {
    return null;
  }
}

export function forgetCheckout(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Leaves the app for the provider's hosted page. */
export function goToProvider(url: string): void {
  window.location.assign(url);
}
