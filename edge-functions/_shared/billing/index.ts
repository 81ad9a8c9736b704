// Billing: what can be bought and the purchases themselves (checkouts with Stripe and PayPal, their webhooks, manual
// payments and their verification, refunds, the subscription). Other folders reach billing through this file.
export * from "./contract.ts";
// Purchases.
export { catalogueAnswer, startCheckout } from "./checkout.ts";
export { handleStripeWebhook, type WebhookOutcome } from "./stripe-webhooks.ts";
export { capturePaypalOrder, handlePaypalWebhook } from "./paypal-webhooks.ts";
export { manualInstructions, submitManual } from "./manual-payments.ts";
export { listMyPayments, refundPaymentByAdmin, rejectPayment, requestMyRefund, verifyPayment } from "./payments.ts";
export { cancelSubscription, currentSubscription } from "./subscription.ts";
