// Zoho's redirect lands on the screen that asked with ?zoho=connected or ?zoho=error&reason=…. The routes read those
// from the address (anything else is dropped, not an error), and the screen says what they mean once.
import { CRM_CALLBACK_ERRORS, type CrmCallbackError } from "@contracts/crm";
import { z } from "zod";

export const crmCallbackSearchSchema = z.object({
  zoho: z.enum(["connected", "error"]).optional().catch(undefined),
  reason: z.enum(CRM_CALLBACK_ERRORS).optional().catch(undefined),
});
export type CrmCallbackSearch = z.infer<typeof crmCallbackSearchSchema>;

export const CALLBACK_ERROR_TEXTS: Record<CrmCallbackError, string> = {
  denied: "Access was not granted in Zoho.",
  expired_state: "The connection attempt took too long. Please connect again.",
  invalid_state: "The connection attempt was not recognised. Please connect again.",
  untrusted_host: "Zoho answered from a server MailScout does not trust.",
  exchange_failed: "Zoho did not complete the authorization. Please try again.",
};

/** The toast for what the redirect said; undefined when the address says nothing about a connection. */
export function callbackToast(search: CrmCallbackSearch) {
  if (search.zoho === "connected") return { title: "Zoho CRM connected" };
  if (search.zoho === "error") {
    return {
      title: "Could not connect Zoho CRM",
      description: search.reason ? CALLBACK_ERROR_TEXTS[search.reason] : "Please try again.",
      variant: "destructive" as const,
    };
  }
  return undefined;
}
