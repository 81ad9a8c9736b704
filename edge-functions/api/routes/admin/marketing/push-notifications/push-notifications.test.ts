// Push notifications against the running stack (/api/campaigns/push-notifications, admin only), with their sends.
import { type PushNotification, pushNotificationSchema } from "../../../../../_shared/marketing/index.ts";
import { testManager, testSends } from "../../../../testing/marketing.ts";

testManager<PushNotification>("push notifications", {
  path: "/api/campaigns/push-notifications",
  table: "push_notifications",
  schema: pushNotificationSchema,
  minimal: { title: "New feature", message: "Bulk validation is twice as fast" },
  created: {
    title: "New feature",
    message: "Bulk validation is twice as fast",
    icon: null,
    actionUrl: null,
    targetAudience: "all",
    isActive: false,
    scheduledFor: null,
    sentAt: null,
    deliveredCount: 0,
    clickCount: 0,
    send: null,
  },
  replacement: {
    title: "Tomorrow",
    message: "Maintenance at 02:00 UTC",
    icon: "https://cdn.example.com/icon.png",
    actionUrl: "/status",
    targetAudience: "paid",
    isActive: true,
    scheduledFor: "2030-01-02T03:04:05.000Z",
  },
  replaced: {
    title: "Tomorrow",
    icon: "https://cdn.example.com/icon.png",
    actionUrl: "/status",
    targetAudience: "paid",
    isActive: true,
    scheduledFor: "2030-01-02T03:04:05.000Z",
  },
  required: { field: "message", message: "message: Message is required" },
  urlField: "actionUrl",
  notFound: "Push notification not found",
});

testSends("push notifications", {
  path: "/api/campaigns/push-notifications",
  kind: "push_notification",
  active: { title: "To admins", message: "A push for the admins", targetAudience: "admin", isActive: true },
  notFound: "Push notification not found",
});
