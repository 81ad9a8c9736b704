import { createLazyRoute } from "@tanstack/react-router";
import { BillingPage } from "@/features/account";
import { CheckoutReturn } from "@/features/billing";
import { usePageTitle } from "@/lib/page-title";

export const accountBillingLazyRoute = createLazyRoute("/_signed-in/account/billing")({
  component: AccountBilling,
});

function AccountBilling() {
  usePageTitle("My Account: Billing");
  return (
    <>
      {/* Coming back from a provider's checkout page: says how the purchase went. */}
      <CheckoutReturn />
      <BillingPage />
    </>
  );
}
