// The inbox, live on the owner's user:{id} topic: a notification sent to them joins the list and the count at once and
// is acknowledged as delivered; each (re)join asks for the list afresh, for what came while the socket was down.
import { NOTIFICATION_EVENT, notificationEventSchema, type NotificationPage } from "@contracts/marketing";
import { userTopic } from "@contracts/support";
import { topicEvent, useLiveTopic } from "@/lib/live-topics";
import { acknowledgeNotification } from "../api/acknowledge-notification";
import { notificationsQueryKey } from "../api/get-notifications";
import { addNotification } from "./cache-updates";

export function useNotificationsLive(userId: string): void {
  useLiveTopic(userTopic(userId), {
    events: {
      [NOTIFICATION_EVENT]: topicEvent(notificationEventSchema, (notification, { queryClient }) => {
        queryClient.setQueryData<NotificationPage>(notificationsQueryKey, (page) => addNotification(page, notification));
        acknowledgeNotification(notification.id);
      }),
    },
    onJoin: ({ queryClient }) =>
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey, exact: true }, { cancelRefetch: false }),
  });
}
