// The public validation tool as the home page and the landing pages' live check both run it: a validation that a
// visitor who is not signed in pays from the free allowance (reported after each result; a refusal opens the upgrade
// offer), a toast for any other failure, and the Validation Result card's state.
import type { ValidationResult } from "@contracts/validation";
import { toast } from "@/components/ui/toast-store";
import { limitReachedFrom, useFreeAllowance } from "@/features/anonymous";
import { messageOf, needsCreditsOf, refusalOf } from "@/lib/api";
import { useValidateEmail } from "./api/validate-email";
import type { ValidationState } from "./components/validation-result-card";

export function useValidationTool() {
  const validation = useValidateEmail();
  const allowance = useFreeAllowance();

  function validate(email: string, onResult?: (result: ValidationResult) => void) {
    validation.mutate(email, {
      onSuccess: (result) => {
        allowance.recordValidation();
        onResult?.(result);
      },
      onError: (error) => {
        const limit = limitReachedFrom(error);
        // The upgrade dialog says all there is to say about a used-up allowance, or credits run out.
        if (limit) return allowance.refused(limit);
        if (needsCreditsOf(error)) return;
        toast({
          title: "Validation failed",
          description: messageOf(error, "Could not validate email. Please try again."),
          variant: "destructive",
        });
      },
    });
  }

  const state: ValidationState = validation.isPending
    ? { status: "validating", email: validation.variables }
    : validation.isSuccess
      ? { status: "done", result: validation.data }
      : validation.isError
        ? {
            status: "failed",
            limitReached: limitReachedFrom(validation.error) !== undefined,
            refusal: refusalOf(validation.error),
          }
        : { status: "idle" };

  return { validation, allowance, validate, state };
}
