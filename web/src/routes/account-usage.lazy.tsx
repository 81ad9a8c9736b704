import { createLazyRoute } from "@tanstack/react-router";
import { UsagePage } from "@/features/account";
import { usePageTitle } from "@/lib/page-title";

export const accountUsageLazyRoute = createLazyRoute("/_signed-in/account/usage")({
  component: AccountUsage,
});

function AccountUsage() {
  usePageTitle("My Account: Plan and usage");
  return <UsagePage />;
}
