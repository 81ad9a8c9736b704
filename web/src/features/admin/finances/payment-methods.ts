// What the finances tab calls each way of paying; a method it does not know reads as stored.
import { isPaymentProvider, providerTitle } from "../lib/payment-providers";

export function paymentMethodLabel(method: string): string {
  if (method === "admin") return "Granted by an admin";
  return isPaymentProvider(method) ? providerTitle(method) : method;
}
