// /unsubscribe/$token: an email's unsubscribe link, open to anyone holding it (no sign-in).
import { createRoute } from "@tanstack/react-router";
import { UnsubscribePage } from "@/features/notifications";
import { usePageTitle } from "@/lib/page-title";
import { rootRoute } from "./root";

export const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/unsubscribe/$token",
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  usePageTitle("Unsubscribe");
  const { token } = unsubscribeRoute.useParams();
  return <UnsubscribePage token={token} />;
}
