// POST /api/payment-config/{provider}: the provider's credentials, all replaced, and whether it is offered, in one flat
// object ({publishableKey, secretKey, isActive}). The form validates with the server's own schemas and messages; blank
// fields are left out, so an optional one (a second crypto address) stays optional and a required one reads as missing.
import {
  paymentConfigActiveSchema,
  paymentConfigRequestSchemas,
  type PaymentProvider,
} from "@contracts/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "@/lib/api";
import { paymentConfigQueryKey } from "./get-payment-config";

export type PaymentConfigInput = { credentials: Record<string, string>; isActive: boolean };
export type PaymentConfigValues = { credentials: Record<string, string | undefined>; isActive: boolean };

function withoutBlanks(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => typeof field !== "string" || field.trim() !== ""));
}

export function paymentConfigInputSchema(provider: PaymentProvider): z.ZodType<PaymentConfigValues, PaymentConfigInput> {
  return z.object({
    credentials: z.preprocess(withoutBlanks, paymentConfigRequestSchemas[provider]),
    isActive: paymentConfigActiveSchema.shape.isActive,
  }) as z.ZodType<PaymentConfigValues, PaymentConfigInput>;
}

export async function savePaymentConfig({ provider, values }: { provider: PaymentProvider; values: PaymentConfigValues }) {
  const { credentials, isActive } = paymentConfigInputSchema(provider).parse(values);
  await apiFetch(`/api/payment-config/${provider}`, { method: "POST", body: { ...credentials, isActive } });
}

export function useSavePaymentConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentConfigQueryKey }),
  });
}
