// Push notifications: the admin's pushes to browsers (and the in-app inbox). CTR is per delivery.
import type { z } from "zod";
import { adminRows, columnsOf, fieldsOf } from "./admin-rows.ts";
import { type PushNotification, type pushNotificationInputSchema, pushNotificationSchema } from "./contract.ts";
import { latestSend } from "./sends.ts";

export const pushNotifications = adminRows<PushNotification, z.output<typeof pushNotificationInputSchema>>({
  table: "push_notifications",
  notFound: "push_notification_not_found",
  extras: (sql) =>
    sql`'ctr', private.campaign_ctr(t.click_count, t.delivered_count), ${latestSend(sql, "push_notification")}`,
  item: (row) => pushNotificationSchema.parse(fieldsOf(row)),
  columns: columnsOf,
});
