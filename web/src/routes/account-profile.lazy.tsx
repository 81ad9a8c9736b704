import { createLazyRoute } from "@tanstack/react-router";
import { ProfilePage } from "@/features/account";
import { usePageTitle } from "@/lib/page-title";

export const accountProfileLazyRoute = createLazyRoute("/_signed-in/account/profile")({
  component: AccountProfile,
});

function AccountProfile() {
  usePageTitle("My Account: Profile");
  return <ProfilePage />;
}
