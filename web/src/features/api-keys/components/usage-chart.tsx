// The last 30 days of calls, of all the person's keys or of the one chosen, as a bar a day, with the period's totals.
import { type ApiKey, API_KEY_USAGE_DAYS } from "@contracts/api-keys";
import { useId, useState } from "react";
import { BarChart } from "@/components/ui/bar-chart";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { useApiKeyUsage } from "../api/get-api-key-usage";
import { formatDay, keyLabel } from "../labels";

const ALL_KEYS = "";

export function UsageChart({ keys }: { keys: ApiKey[] }) {
  const selectId = useId();
  const [keyId, setKeyId] = useState(ALL_KEYS);
  const usage = useApiKeyUsage(keyId === ALL_KEYS ? null : keyId);
  const days = usage.data?.days ?? [];
  const totals = days.reduce(
    (sum, day) => ({ requests: sum.requests + day.requests, emails: sum.emails + day.emails, errors: sum.errors + day.errors }),
    { requests: 0, emails: 0, errors: 0 },
  );

  return (
    <div className="grid gap-4">
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={selectId}>Show usage of</Label>
        <NativeSelect id={selectId} value={keyId} onChange={(event) => setKeyId(event.target.value)}>
          <option value={ALL_KEYS}>All keys</option>
          {keys.map((key) => (
            <option key={key.id} value={key.id}>
              {keyLabel(key)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {usage.isError ? (
        <ErrorNotice onRetry={() => void usage.refetch()}>The usage could not be loaded.</ErrorNotice>
      ) : !usage.data ? (
        <div role="status">
          <span className="sr-only">Loading the usage</span>
          <Skeleton className="h-72 rounded-2xl" />
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {formatCount(totals.requests)} requests, {formatCount(totals.emails)} emails and {formatCount(totals.errors)} errors in the
            last {API_KEY_USAGE_DAYS} days.
          </p>
          <BarChart
            title={`Requests per day, last ${API_KEY_USAGE_DAYS} days`}
            data={totals.requests === 0 ? [] : days}
            label={(day) => formatDay(day.day)}
            value={(day) => day.requests}
            format={formatCount}
            labelHeader="Day"
            valueHeader="Requests"
            emptyText={`No calls in the last ${API_KEY_USAGE_DAYS} days.`}
          />
        </>
      )}
    </div>
  );
}
