// PUT /api/admin/settings/monthly-cost: what running the platform costs a month, in cents, for the profit margin.
import { MONTHLY_COST_MAX_CENTS, type MonthlyCostRequest, monthlyCostRequestSchema } from "@contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { formatUsd } from "@/features/pricing";
import { apiFetch } from "@/lib/api";
import { lifetimeStatsQueryKey } from "./get-lifetime-stats";

/** The form's field: dollars as typed ("1200" or "1200.50"), sent as whole cents. */
export const monthlyCostInputSchema = z.object({
  dollars: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, "Enter an amount in dollars, such as 1200 or 1200.50")
    .transform((dollars) => Math.round(Number(dollars) * 100))
    .refine((cents) => cents <= MONTHLY_COST_MAX_CENTS, `The monthly cost can be at most ${formatUsd(MONTHLY_COST_MAX_CENTS)}`),
});

export async function setMonthlyCost(input: MonthlyCostRequest): Promise<void> {
  await apiFetch("/api/admin/settings/monthly-cost", { method: "PUT", body: monthlyCostRequestSchema.parse(input) });
}

export function useSetMonthlyCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMonthlyCost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lifetimeStatsQueryKey }),
  });
}
