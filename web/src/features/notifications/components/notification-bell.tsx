// The header's bell for a signed-in person: how many notifications and support replies they have not read, kept live
// and announced politely; its popover lists the notifications (opening one marks it read and follows its link),
// marks all read, and offers this device's notifications where the browser and the server can do pushes.
import type { Notification } from "@contracts/marketing";
import { Link } from "@tanstack/react-router";
import { BellIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { toast } from "@/components/ui/toast-store";
import { useUnreadTicketCount } from "@/features/support";
import { linkHref } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useNotifications } from "../api/get-notifications";
import { usePushConfig } from "../api/get-push-config";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { allowDeviceNotifications, canUsePush } from "../device-notifications";
import { useNotificationsLive } from "../live/use-notifications-live";

const timeFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export function NotificationBell({ userId }: { userId: string }) {
  useNotificationsLive(userId);
  const notifications = useNotifications();
  const tickets = useUnreadTicketCount(userId);
  const count = (notifications.data?.unread ?? 0) + tickets;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" className="relative" aria-label={count > 0 ? `Notifications, ${count} unread` : "Notifications"}>
            <BellIcon aria-hidden className="size-5" />
            {count > 0 && (
              <span
                aria-hidden
                className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
              >
                {count > 99 ? "99+" : count}
              </span>
            )}
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Notifications" className="grid gap-2">
          <NotificationList tickets={tickets} onFollow={() => setOpen(false)} />
        </PopoverContent>
      </Popover>
      <span aria-live="polite" className="sr-only">
        {count > 0 ? `${count} unread ${count === 1 ? "notification" : "notifications"}` : ""}
      </span>
    </>
  );
}

function NotificationList({ tickets, onFollow }: { tickets: number; onFollow: () => void }) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const page = notifications.data;

  const openNotification = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    const href = linkHref(notification.url);
    if (href) window.location.assign(href);
    else onFollow();
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" disabled={!page || page.unread === 0} onClick={() => markAllRead.mutate()}>
          Mark all read
        </Button>
      </div>
      {tickets > 0 && (
        <Link to="/support" onClick={onFollow} className="rounded-md bg-muted/50 px-2.5 py-2 text-sm hover:bg-accent">
          {tickets} support {tickets === 1 ? "ticket has" : "tickets have"} unread replies
        </Link>
      )}
      {notifications.isPending && <p className="px-1 py-2 text-sm text-muted-foreground">Loading notifications…</p>}
      {notifications.isError && (
        <p role="alert" className="px-1 py-2 text-sm text-destructive">
          Notifications could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void notifications.refetch()}>
            Try again
          </button>
        </p>
      )}
      {page && page.notifications.length === 0 && <p className="px-1 py-2 text-sm text-muted-foreground">No notifications yet.</p>}
      {page && page.notifications.length > 0 && (
        <ul className="-mx-1 grid max-h-80 gap-0.5 overflow-y-auto" aria-label="Notification list">
          {page.notifications.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                onClick={() => openNotification(notification)}
                className={cn(
                  "grid w-full gap-0.5 rounded-md px-2.5 py-2 text-left text-sm hover:bg-accent",
                  !notification.readAt && "bg-primary/5",
                )}
              >
                <span className="font-medium">
                  {notification.title}
                  {!notification.readAt && <span className="sr-only"> (unread)</span>}
                </span>
                <span className="text-muted-foreground">{notification.body}</span>
                <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
                  {timeFormat.format(new Date(notification.createdAt))}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      <DeviceNotifications />
    </>
  );
}

function DeviceNotifications() {
  const supported = canUsePush();
  const config = usePushConfig(supported);
  const [state, setState] = useState<"idle" | "busy" | "on">("idle");
  const key = config.data?.vapidPublicKey;
  if (!supported || !key) return null;
  if (state === "on") return <p className="px-1 text-sm text-muted-foreground">Device notifications are on.</p>;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={state === "busy"}
      onClick={() => {
        setState("busy");
        allowDeviceNotifications(key).then(
          (allowed) => setState(allowed ? "on" : "idle"),
          () => {
            setState("idle");
            toast({ title: "Device notifications failed", description: "This browser could not subscribe. Please try again.", variant: "destructive" });
          },
        );
      }}
    >
      Allow device notifications
    </Button>
  );
}
