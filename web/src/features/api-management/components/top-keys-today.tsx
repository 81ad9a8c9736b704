// The platform's busiest keys today (UTC), busiest first: who is calling the most, at a glance, above the full list.
import type { AdminApiKey } from "@contracts/api-keys";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { KeyOwner } from "./key-labels";

export function TopKeysToday({ keys }: { keys: AdminApiKey[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top keys today</CardTitle>
      </CardHeader>
      <CardContent>
        {keys === undefined ? (
          <div role="status" aria-label="Loading top keys" className="grid gap-2">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : keys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No calls with an API key yet today.</p>
        ) : (
          <ol aria-label="Top keys today" className="grid gap-2 text-sm">
            {keys.map((apiKey) => (
              <li key={apiKey.id} className="flex items-start justify-between gap-4">
                <span className="grid gap-0.5">
                  <span className="font-medium">
                    {apiKey.keyName} <code className="text-xs text-muted-foreground">{apiKey.keyPrefix}…</code>
                  </span>
                  <span className="text-muted-foreground">
                    <KeyOwner apiKey={apiKey} />
                  </span>
                </span>
                <span className="shrink-0 tabular-nums">
                  {apiKey.requestsToday.toLocaleString("en")} {apiKey.requestsToday === 1 ? "call" : "calls"}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
