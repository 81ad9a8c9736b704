// The anonymous free allowance as the home page uses it: after each result a visitor who is not signed in
// reports their usage; when the server says registration is needed, or refuses a validation outright (429), the
// upgrade dialog opens. The server keeps the count: what the page shows is whatever it last answered.
import { type LimitReached, limitReachedSchema } from "@contracts/anonymous";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAuth } from "@/features/auth";
import { ApiError, errorBodyOf } from "@/lib/api";
import {
  anonymousSessionQueryKey,
  anonymousSessionQueryOptions,
  useAnonymousSession,
} from "./api/get-anonymous-session";
import { useUpdateUsage } from "./api/update-usage";
import type { UpgradeDialogProps } from "./components/upgrade-dialog";
import { getSessionId } from "@/lib/session-id";

/** The server's refusal of a validation because the free allowance is used up, if `error` is one. */
export function limitReachedFrom(error: unknown): LimitReached | undefined {
  return error instanceof ApiError && error.status === 429 ? errorBodyOf(error, limitReachedSchema) : undefined;
}

function limitFigures({ validationsUsed, freeLimit }: { validationsUsed: number; freeLimit: number }) {
  return { validationsUsed, freeLimit };
}

export function useFreeAllowance() {
  const { isAuthenticated, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const session = useAnonymousSession({ enabled: !isLoading && !isAuthenticated });
  const updateUsage = useUpdateUsage();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [refusal, setRefusal] = useState<LimitReached | null>(null);

  const current = session.data;
  // Without a session answer (its call failed), the refusal is all there is to go by.
  const usage = current ?? refusal ?? undefined;

  return {
    /** What the server last said about this visitor's allowance; undefined for signed-in users. */
    session: isAuthenticated ? undefined : current,

    /** After a validation result: a visitor who is not signed in reports their previous count plus one. */
    recordValidation() {
      if (isAuthenticated) return;
      const previous = queryClient.getQueryData(anonymousSessionQueryOptions().queryKey)?.validationsUsed ?? 0;
      // A failed report is let go: the server counted the validation itself, and the next report carries it.
      updateUsage.mutate(
        { sessionId: getSessionId(), validationsUsed: previous + 1 },
        { onSuccess: (reply) => reply.needsRegistration && setUpgradeOpen(true) },
      );
    },

    /** The server refused a validation: its figures are the newest; the session (and its discount) is asked again. */
    refused(limit: LimitReached) {
      setRefusal(limit);
      queryClient.setQueryData(anonymousSessionQueryOptions().queryKey, (previous) =>
        previous && { ...previous, ...limitFigures(limit), needsRegistration: true, remaining: 0 },
      );
      void queryClient.invalidateQueries({ queryKey: anonymousSessionQueryKey });
      setUpgradeOpen(true);
    },

    upgradeDialog: {
      open: upgradeOpen,
      onOpenChange: setUpgradeOpen,
      usage: usage && limitFigures(usage),
      discount: {
        eligible: current?.discountEligible ?? false,
        code: current?.discountCode ?? null,
        expiresAt: current?.discountExpiresAt ?? null,
      },
    } satisfies UpgradeDialogProps,
  };
}
