import { createLazyRoute } from "@tanstack/react-router";
import { ApiKeysPage } from "@/features/api-keys";
import { usePageTitle } from "@/lib/page-title";

export const accountApiKeysLazyRoute = createLazyRoute("/_signed-in/account/api-keys")({ component: AccountApiKeys });

function AccountApiKeys() {
  usePageTitle("My Account: API keys");
  return <ApiKeysPage />;
}
