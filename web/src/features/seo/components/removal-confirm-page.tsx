// /seo-removal/$token: where a removal request's mailed link leads. Only the button removes the page: mail scanners
// open links, and opening this one must change nothing.
import { CircleCheckIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { messageOf } from "@/lib/api";
import { useConfirmRemoval } from "../api/confirm-removal";

export function RemovalConfirmPage({ token }: { token: string }) {
  const confirm = useConfirmRemoval();
  return (
    <div className="mx-auto grid max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">Remove a landing page</h1>
          {!confirm.isSuccess && (
            <CardDescription>
              You asked us to take a page about your address or domain down. Confirm, and it is removed at once.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {confirm.isSuccess ? (
            <p role="status" className="flex items-center gap-2 text-sm">
              <CircleCheckIcon aria-hidden className="size-5 shrink-0 text-success" />
              The page {confirm.data.path} has been removed and will not be published again.
            </p>
          ) : (
            <div className="grid gap-2">
              <div>
                <Button disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
                  {confirm.isPending ? "Removing..." : "Remove the page"}
                </Button>
              </div>
              {confirm.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {messageOf(confirm.error, "The page could not be removed. Please try again.")}
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
