// My Account's "Marketing emails" switch: on or off for the signed-in person. After an unsubscribe link was used, only
// this switch turns them back on.
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast-store";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Label } from "@/components/ui/label";
import { messageOf } from "@/lib/api";
import { useEmailSubscription } from "../api/get-email-subscription";
import { useSetEmailSubscription } from "../api/set-email-subscription";

export function MarketingEmailsSwitch() {
  const subscription = useEmailSubscription();
  const save = useSetEmailSubscription();
  if (subscription.isPending) return <Skeleton className="h-6 w-64" />;
  if (subscription.isError) {
    return <ErrorNotice onRetry={() => void subscription.refetch()}>Your email preferences could not be loaded.</ErrorNotice>;
  }
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="marketing-emails">Marketing emails</Label>
        <p className="text-sm text-muted-foreground">News, offers and product updates by email.</p>
      </div>
      <Switch
        id="marketing-emails"
        checked={save.isPending ? save.variables : subscription.data.subscribed}
        disabled={save.isPending}
        onCheckedChange={(subscribed) =>
          save.mutate(subscribed, {
            onSuccess: (answer) =>
              toast({ title: answer.subscribed ? "Marketing emails turned on" : "Marketing emails turned off" }),
            onError: (error) =>
              toast({ title: "Could not save", description: messageOf(error, "Please try again."), variant: "destructive" }),
          })
        }
      />
    </div>
  );
}
