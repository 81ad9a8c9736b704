// /unsubscribe/$token: where an email's unsubscribe link leads. No sign-in: the token names the recipient. The link is
// checked first, and only the button unsubscribes, so a mail scanner opening the link changes nothing.
import { CircleCheckIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { messageOf } from "@/lib/api";
import { useUnsubscribeLink } from "../api/get-unsubscribe-link";
import { useUnsubscribe } from "../api/unsubscribe";

export function UnsubscribePage({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe();
  const done = link.data?.unsubscribed || unsubscribe.isSuccess;
  return (
    <div className="mx-auto grid max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">Unsubscribe from marketing emails</h1>
          {link.data?.valid && !done && (
            <CardDescription>You will no longer receive news and offers from MailScout by email.</CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {link.isPending && <Skeleton className="h-10 w-40" />}
          {link.isError && <ErrorNotice onRetry={() => void link.refetch()}>The link could not be checked.</ErrorNotice>}
          {link.data?.valid === false && (
            <p role="alert" className="text-sm">
              This unsubscribe link is not valid. It may be incomplete; you can also turn marketing emails off in My
              Account.
            </p>
          )}
          {link.data?.valid && done && (
            <p role="status" className="flex items-center gap-2 text-sm">
              <CircleCheckIcon aria-hidden className="size-5 text-success" />
              You have been unsubscribed. You will not receive marketing emails from us any more.
            </p>
          )}
          {link.data?.valid && !done && (
            <div className="grid gap-2">
              <div>
                <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                  Unsubscribe
                </Button>
              </div>
              {unsubscribe.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {messageOf(unsubscribe.error, "Could not unsubscribe. Please try again.")}
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
