// Billing: what can be bought and the purchases themselves (checkouts with Stripe and PayPal, their webhooks, manual
// payments and their verification, refunds, the subscription), and the metering of work with the account's own side
// (charging work to the caller's balances, their usage, deleting the account). Other folders reach billing through
// this file only.
export * from "./contract.ts";
// Purchases.
export { catalogueAnswer, startCheckout } from "./checkout.ts";
export { handleStripeWebhook, type WebhookOutcome } from "./stripe-webhooks.ts";
export { capturePaypalOrder, handlePaypalWebhook } from "./paypal-webhooks.ts";
export { manualInstructions, submitManual } from "./manual-payments.ts";
export { listMyPayments, refundPaymentByAdmin, rejectPayment, requestMyRefund, verifyPayment } from "./payments.ts";
export { cancelSubscription, currentSubscription } from "./subscription.ts";
// Metering and the account.
export { deleteAccount } from "./account-deletion.ts";
export { creditsNeededRefusal, meteredRequest, meterWork, releaseWork } from "./metering.ts";
export { accountUsage, usageHistory } from "./usage.ts";
