// Billing: metering work against the caller's balances, the account's own side (usage, deletion), what can be bought
// and the purchases themselves (checkouts with Stripe and PayPal, their webhooks, manual payments and their
// verification, refunds, the subscription). Other folders reach billing through this file only.
export * from "./contract.ts";
// Metering and the account.
export { deleteAccount } from "./account-deletion.ts";
export { creditsNeededRefusal, meteredRequest, meterWork, releaseWork } from "./metering.ts";
export { accountUsage, usageHistory } from "./usage.ts";
// Purchases.
export { catalogueAnswer, startCheckout } from "./checkout.ts";
export { handleStripeWebhook, type WebhookOutcome } from "./stripe-webhooks.ts";
export { capturePaypalOrder, handlePaypalWebhook } from "./paypal-webhooks.ts";
export { manualInstructions, submitManual } from "./manual-payments.ts";
export { listMyPayments, refundPaymentByAdmin, rejectPayment, requestMyRefund, verifyPayment } from "./payments.ts";
export { cancelSubscription, currentSubscription } from "./subscription.ts";
