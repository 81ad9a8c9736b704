// Follows a shown result whose mailbox check was still running when the verdict was answered, until the probe is done.
// Signed in: over the person's user:{id} topic (the channel the bell already holds), asking the probe's state once on
// each join for an update sent while not listening, and polling only while the topic is down. Signed out: polling.
// After MAILBOX_POLL_GIVE_UP_MS polling stops and the card says the check is taking longer than usual (a signed-in card
// still takes the event if it comes).
import { MAILBOX_POLL_GIVE_UP_MS, MAILBOX_POLL_INTERVAL_MS, VALIDATION_UPDATED_EVENT } from "@contracts/mailbox";
import { userTopic } from "@contracts/support";
import type { MailboxProbeAnswer, ValidationResult, Verdict } from "@contracts/validation";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAuth } from "@/features/auth";
import { topicEvent, useLiveTopic } from "@/lib/live-topics";
import { mailboxProbeQueryKey, mailboxProbeQueryOptions, probeGone } from "../api/get-mailbox-probe";
import {
  applyValidationUpdate,
  pendingProbeOf,
  shownResult,
  validationUpdatedEventSchema,
} from "./mailbox-updates";

export type MailboxFollowUp = {
  /** The result to show: the final one once the probe is done. */
  result: ValidationResult | undefined;
  /** Still running after the give-up time (or gone from the server): the verdict rests on DNS for now. */
  overdue: boolean;
  /** The first answer's verdict, when the mailbox check moved it. */
  verdictBefore: Verdict | undefined;
};

export function useMailboxFollowUp(result: ValidationResult | undefined): MailboxFollowUp {
  const { user } = useAuth();
  const probeId = pendingProbeOf(result);
  const overdue = useOverdue(probeId);
  const topic = user && probeId ? userTopic(user.id) : undefined;

  const { state } = useLiveTopic(topic, {
    events: {
      [VALIDATION_UPDATED_EVENT]: topicEvent(validationUpdatedEventSchema, (event, { queryClient }) => {
        if (!probeId) return;
        queryClient.setQueryData<MailboxProbeAnswer>(mailboxProbeQueryKey(probeId), (cached) =>
          applyValidationUpdate(cached, event, probeId),
        );
      }),
    },
    onJoin: ({ queryClient }) => {
      if (!probeId || queryClient.getQueryData<MailboxProbeAnswer>(mailboxProbeQueryKey(probeId))?.status === "done") return;
      void queryClient.invalidateQueries({ queryKey: mailboxProbeQueryKey(probeId), exact: true }, { cancelRefetch: false });
    },
  });

  const listening = topic !== undefined && state === "live";
  const probe = useQuery({
    ...mailboxProbeQueryOptions(probeId ?? "", listening || overdue ? false : MAILBOX_POLL_INTERVAL_MS),
    enabled: probeId !== undefined,
  });

  if (!result) return { result, overdue: false, verdictBefore: undefined };
  const shown = shownResult(result, probe.data);
  return {
    result: shown,
    overdue: (overdue || probeGone(probe.error)) && shown.smtp.status === "pending",
    verdictBefore: shown.verdict === result.verdict ? undefined : result.verdict,
  };
}

/** Whether `probeId` has been followed longer than the give-up time. */
function useOverdue(probeId: string | undefined): boolean {
  const [overdueProbe, setOverdueProbe] = useState<string>();
  useEffect(() => {
    if (!probeId) return;
    const timer = setTimeout(() => setOverdueProbe(probeId), MAILBOX_POLL_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [probeId]);
  return probeId !== undefined && overdueProbe === probeId;
}
