// GET, POST /api/campaigns/push-notifications and PUT, DELETE /api/campaigns/push-notifications/{id}: the Push notifications manager's items.
import { type PushNotification, type pushNotificationInputSchema, pushNotificationSchema } from "@contracts/marketing";
import type { z } from "zod";
import { adminResource } from "./admin-resource";

export const pushNotifications = adminResource<PushNotification, z.output<typeof pushNotificationInputSchema>, "/api/campaigns/push-notifications">("/api/campaigns/push-notifications", pushNotificationSchema);
