// My Account and the balance: what the rest of the app shows of the account's plan, usage and payments.
export { accountUsageQueryOptions, refreshBalance } from "./api/get-account-usage";
export { paymentsQueryKey, paymentsQueryOptions } from "./api/get-payments";
export { AccountLayout, AccountSection } from "./components/account-layout";
export { BillingPage } from "./components/billing-page";
export { HeaderBalance } from "./components/header-balance";
export { LowAllowanceNote } from "./components/low-allowance-note";
export { NeedsCreditsDialog } from "./components/needs-credits-dialog";
export { ProfilePage } from "./components/profile-page";
export { UsagePage } from "./components/usage-page";
