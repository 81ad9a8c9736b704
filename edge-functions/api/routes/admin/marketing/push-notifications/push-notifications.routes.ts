// Push notifications under /api/campaigns (behind requireAdmin, app.ts), with their send and audience.
import { pushNotificationInputSchema, pushNotifications } from "../../../../../_shared/marketing/index.ts";
import { sendingManagerRoutes } from "../../../../lib/manager-routes.ts";

export const pushNotificationsRoutes = sendingManagerRoutes({
  path: "/push-notifications",
  rows: pushNotifications,
  input: pushNotificationInputSchema,
  notFound: "push_notification_not_found",
}, "push_notification");
