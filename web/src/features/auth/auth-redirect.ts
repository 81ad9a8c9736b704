// Following a link from one of Auth's mails (an email change) ends with Auth sending the browser back here, saying
// what happened in the URL's fragment, marked by an "sb" key: a message (#message=...), an error
// (#error_description=...) or, once a change is complete, a fresh session (#access_token=...&type=email_change).
// The app tells the person, and takes the fragment out of the address bar so no token stays in it or in history.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ToastVariant, toast } from "@/components/ui/toast-store";
import { currentUserQueryKey } from "./api/get-current-user";

export type AuthRedirectNotice = {
  title: string;
  description: string;
  variant: ToastVariant;
  /** The account's email changed: who is signed in must be asked again. */
  emailChanged: boolean;
};

export function readAuthRedirect(hash: string): AuthRedirectNotice | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (!params.has("sb")) return null;
  const error = params.get("error_description");
  if (error) return { title: "That link didn't work", description: error, variant: "destructive", emailChanged: false };
  const message = params.get("message");
  if (message) return { title: "Link confirmed", description: message, variant: "default", emailChanged: false };
  if (params.get("type") === "email_change") {
    return {
      title: "Email changed",
      description: "Your account now uses its new email address.",
      variant: "default",
      emailChanged: true,
    };
  }
  return null;
}

/** Once, on load: turns an Auth redirect's fragment into a toast and removes it from the URL. */
export function useAuthRedirectNotice(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const notice = readAuthRedirect(window.location.hash);
    if (!notice) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    toast({ title: notice.title, description: notice.description, variant: notice.variant });
    if (notice.emailChanged) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [queryClient]);
}
