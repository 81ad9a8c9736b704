// The left of the screen: which groups to list (scope and a search on the email), the groups themselves, and Load more
// while the server has more. How many were found is announced as the results change.
import { DUPLICATE_SCOPES, type DuplicateScope } from "@contracts/duplicates";
import { CopyCheckIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useDuplicateGroups } from "../api/get-duplicate-groups";
import { plural, SCOPE_LABELS } from "../lib/labels";
import { GroupListbox } from "./group-listbox";

type GroupsPanelProps = { selectedEmail: string | null; onSelect: (email: string) => void };

export function GroupsPanel({ selectedEmail, onSelect }: GroupsPanelProps) {
  const [scope, setScope] = useState<DuplicateScope | undefined>(undefined);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const groups = useDuplicateGroups(q, scope);
  const rows = groups.data?.pages.flatMap((page) => page.groups) ?? [];
  const scopeId = useId();
  const searchId = useId();

  return (
    <div className="grid content-start gap-3">
      <div className="grid gap-2">
        <Label htmlFor={scopeId}>Show</Label>
        <NativeSelect
          id={scopeId}
          value={scope ?? "all"}
          onChange={(event) => setScope(event.target.value === "all" ? undefined : (event.target.value as DuplicateScope))}
        >
          {(["all", ...DUPLICATE_SCOPES] as const).map((value) => (
            <option key={value} value={value}>
              {SCOPE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={searchId}>Search emails</Label>
        <SearchInput id={searchId} value={search} onChange={(event) => setSearch(event.target.value)} maxLength={254} />
      </div>
      <p role="status" className="sr-only">
        {groups.isPending ? "Loading duplicate groups" : groups.isError ? "" : `${plural(rows.length, "duplicate group")}${groups.hasNextPage ? " so far" : ""}`}
      </p>
      {groups.isPending ? (
        <div className="grid gap-2">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-14" />
          ))}
        </div>
      ) : groups.isError && groups.data === undefined ? (
        <ErrorNotice onRetry={() => void groups.refetch()}>Could not load the duplicate groups.</ErrorNotice>
      ) : rows.length === 0 ? (
        <EmptyState icon={CopyCheckIcon} title="No Duplicates Found" description={q || scope ? "Nothing matches this filter." : undefined} />
      ) : (
        <>
          <GroupListbox groups={rows} selectedEmail={selectedEmail} onSelect={onSelect} />
          {groups.isFetchNextPageError && (
            <ErrorNotice onRetry={() => void groups.fetchNextPage()}>Could not load more duplicate groups.</ErrorNotice>
          )}
          {groups.hasNextPage && !groups.isFetchNextPageError && (
            <Button variant="outline" disabled={groups.isFetchingNextPage} onClick={() => void groups.fetchNextPage()}>
              {groups.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
