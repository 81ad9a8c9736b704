// A send's progress, live: the database broadcasts after each batch on the admins' marketing:sends topic, and each
// event replaces the send (and, with the last batch, sentAt) of its item in the manager's cached list. On each join
// the lists are refetched, since batches finished while the socket was down were missed.
import {
  type CampaignSend,
  MARKETING_SENDS_TOPIC,
  SEND_PROGRESS_EVENT,
  type SendProgressEvent,
  sendProgressEventSchema,
} from "@contracts/marketing";
import { useLiveTopic, topicEvent } from "@/lib/live-topics";
import { emailCampaigns } from "../api/email-campaigns";
import { pushNotifications } from "../api/push-notifications";

type Sendable = { id: string; sentAt: string | null; send: CampaignSend | null };

const LISTS = { push_notification: pushNotifications.queryKey, email: emailCampaigns.queryKey } as const;

/** The list with the event's item moved on; events older than what the list shows (fewer processed) change nothing. */
export function applySendProgress<T extends Sendable>(items: T[] | undefined, event: SendProgressEvent): T[] | undefined {
  return items?.map((item) => {
    if (item.id !== event.campaignId) return item;
    const known = item.send?.jobId === event.jobId ? item.send : null;
    if (known && known.processed > event.processed && event.status !== "failed") return item;
    const { jobId, status, total, processed } = event;
    return { ...item, send: { jobId, status, total, processed }, sentAt: event.sentAt ?? item.sentAt };
  });
}

export function useSendProgress() {
  useLiveTopic(MARKETING_SENDS_TOPIC, {
    events: {
      [SEND_PROGRESS_EVENT]: topicEvent(sendProgressEventSchema, (event, { queryClient }) =>
        queryClient.setQueryData<Sendable[]>(LISTS[event.campaignType], (items) => applySendProgress(items, event)),
      ),
    },
    onJoin: ({ queryClient }) => {
      for (const queryKey of Object.values(LISTS)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
