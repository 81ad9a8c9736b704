// My Account's frame: the heading and the sub-navigation, around the page in view.
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { AccountLayout } from "@/features/account";

export const accountLazyRoute = createLazyRoute("/_signed-in/account")({
  component: () => (
    <AccountLayout>
      <Outlet />
    </AccountLayout>
  ),
});
