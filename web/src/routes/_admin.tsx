// The layout route around every admin screen under /admin. It sits inside the signed-in layout, so a signed-out visitor
// is sent to sign in first; the admin guard shows anyone else who is not an admin the 403 screen.
import { createRoute, Outlet } from "@tanstack/react-router";
import { AdminOnly, adminGuard } from "./admin-guard";
import { signedInRoute } from "./_signed-in";

export const adminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  // A path, not a pathless group: it holds /admin/* and nothing else, and has a screen of its own at /admin.
  path: "/admin",
  ...adminGuard,
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <AdminOnly>
      <Outlet />
    </AdminOnly>
  );
}
