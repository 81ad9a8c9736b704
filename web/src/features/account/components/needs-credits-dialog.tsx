// Answers every 402 the api gives, on whichever screen: the balance is asked for again (it is 0, or too little, now)
// and the upgrade dialog offers plans and credits. lib/api.ts reports the refusals; this is the one place that acts.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { UpgradeDialog } from "@/features/anonymous";
import { dismissNeedsCredits, useNeedsCredits } from "@/lib/needs-credits";
import { refreshBalance } from "../api/get-account-usage";

export function NeedsCreditsDialog() {
  const queryClient = useQueryClient();
  const refusal = useNeedsCredits();

  useEffect(() => {
    if (refusal) void refreshBalance(queryClient);
  }, [refusal, queryClient]);

  return (
    <UpgradeDialog
      variant="needs-credits"
      open={refusal !== null}
      onOpenChange={(open) => !open && dismissNeedsCredits()}
      message={refusal?.message ?? ""}
    />
  );
}
