// POST /api/validate-email: the verdict for one address. Anonymous calls carry the browser's session id, against which
// the server counts the free allowance (a 429 once it is used up).
import { type ValidationResult, validateEmailRequestSchema, validationResultSchema } from "@contracts/validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshBalance } from "@/features/account";
import { reportVisitorAction } from "@/features/campaigns";
import { apiFetch, readJson } from "@/lib/api";

export const validateEmailInputSchema = validateEmailRequestSchema;

export async function validateEmail(email: string): Promise<ValidationResult> {
  const body = validateEmailInputSchema.parse({ email });
  const response = await apiFetch("/api/validate-email", {
    method: "POST",
    body,
  });
  return readJson(response, validationResultSchema);
}

export function useValidateEmail() {
  const queryClient = useQueryClient();
  // Signed in, the work was paid from the balance (or refused for want of it): the header's figure is asked again.
  return useMutation({
    mutationFn: validateEmail,
    onSuccess: () => reportVisitorAction("validation"),
    onSettled: () => refreshBalance(queryClient),
  });
}
