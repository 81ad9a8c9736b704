// The domain tab: the domain knowledge the platform holds: every explored domain and cached DNS verdict, searchable,
// with counts per verdict. A domain can be explored again (the outline of the fresh exploration shows when it ends)
// or purged, which also serves a removal request.
import { type AdminDomain, DNS_VERDICTS, type PurgeAnswer, type ReexploreAnswer } from "@contracts/admin";
import { GlobeIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CursorTable } from "@/components/ui/cursor-table";
import type { ColumnDef } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { SearchInput } from "@/components/ui/search-input";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useAdminDomains } from "../api/get-admin-domains";
import { usePurgeDomain } from "../api/purge-domain";
import { useReexploreDomain } from "../api/reexplore-domain";
import { countColumn, When } from "../users/columns";
import { verdictLabel, verdictVariant } from "./dns-verdicts";

export function DomainTab() {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim().toLowerCase());
  const domains = useAdminDomains(settled);
  const reexplore = useReexploreDomain();
  const purge = usePurgeDomain();
  const [purging, setPurging] = useState<string | null>(null);
  const searchId = useId();
  const counts = domains.data?.pages[0]?.counts;
  const exploring = reexplore.isPending ? reexplore.variables : null;

  function exploreAgain(domain: string) {
    reexplore.mutate(domain, {
      onError: (error) => toast({ title: "Error", description: messageOf(error, `Failed to explore ${domain}`), variant: "destructive" }),
    });
  }

  function confirmPurge(domain: string) {
    purge.mutate(domain, {
      onSuccess: (answer) => toast({ title: "Domain purged", description: purgeSummary(answer) }),
      onError: (error) => toast({ title: "Error", description: messageOf(error, `Failed to purge ${domain}`), variant: "destructive" }),
      onSettled: () => setPurging(null),
    });
  }

  return (
    <section aria-label="Domains" className="grid gap-4">
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor={searchId}>Search domains</Label>
        <SearchInput
          id={searchId}
          placeholder="A part of the domain name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {counts && (
        <ul aria-label="Domains per DNS verdict" className="flex flex-wrap gap-2">
          <li>
            <Badge variant="secondary">Explored: {counts.explored.toLocaleString()}</Badge>
          </li>
          {DNS_VERDICTS.filter((verdict) => (counts.byVerdict[verdict] ?? 0) > 0).map((verdict) => (
            <li key={verdict}>
              <Badge variant="outline">
                {verdictLabel(verdict)}: {(counts.byVerdict[verdict] ?? 0).toLocaleString()}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <ExplorationStatus exploring={exploring} outline={reexplore.isSuccess ? reexplore.data : null} />
      <CursorTable
        pages={domains}
        rows={domains.data?.pages.flatMap((page) => page.domains) ?? []}
        columns={columns({ exploring, onExplore: exploreAgain, onPurge: setPurging })}
        caption="Domains"
        getRowId={(row) => row.domain}
        loadingLabel="Loading domains"
        empty={<EmptyState icon={GlobeIcon} title={settled ? `No domain matches “${settled}”` : "No domains explored or cached yet"} />}
        failure="Failed to load domains."
      />
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        title="Purge domain"
        description={
          `Removes everything the platform holds about ${purging ?? "this domain"}: its exploration, discovered addresses, ` +
          "DNS answer and validation records. Use it to serve a removal request. This can't be undone."
        }
        confirmLabel="Purge"
        pendingLabel="Purging..."
        pending={purge.isPending}
        onConfirm={() => purging && confirmPurge(purging)}
      />
    </section>
  );
}

function ExplorationStatus({ exploring, outline }: { exploring: string | null; outline: ReexploreAnswer | null }) {
  if (exploring !== null) {
    return (
      <div role="status" className="grid gap-2 rounded-xl border p-4 text-sm">
        <p>Exploring {exploring}... This reads the site's pages and can take a minute.</p>
        <Progress value={null} aria-label={`Exploring ${exploring}`} />
      </div>
    );
  }
  if (outline === null) return <div role="status" className="sr-only" />;
  return (
    <div role="status" className="grid gap-1 rounded-xl border p-4 text-sm">
      <p className="font-medium">
        {outline.domain} explored: {outline.discoveredEmails.toLocaleString()}{" "}
        {outline.discoveredEmails === 1 ? "address" : "addresses"} discovered
      </p>
      <p className="text-muted-foreground">
        <When iso={outline.exploredAt} />
        {outline.partial && " · Partial: the exploration stopped before it had read every page"}
      </p>
    </div>
  );
}

function purgeSummary(answer: PurgeAnswer): string {
  const counted = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;
  const removed = [
    counted(answer.explorations, "exploration", "explorations"),
    counted(answer.discoveredEmails, "discovered address", "discovered addresses"),
    counted(answer.dnsAnswers, "DNS answer", "DNS answers"),
  ];
  return `${answer.domain}: ${removed.join(", ")} and ${counted(answer.validations, "validation record", "validation records")} removed`;
}

type ColumnActions = { exploring: string | null; onExplore: (domain: string) => void; onPurge: (domain: string) => void };

function columns({ exploring, onExplore, onPurge }: ColumnActions): ColumnDef<AdminDomain>[] {
  return [
    { id: "domain", header: "Domain", meta: { className: "font-medium break-all" }, cell: ({ row }) => row.original.domain },
    {
      id: "verdict",
      header: "DNS verdict",
      cell: ({ row: { original: domain } }) =>
        domain.dnsVerdict ? (
          <span className="grid gap-0.5">
            <Badge variant={verdictVariant(domain.dnsVerdict)}>{verdictLabel(domain.dnsVerdict)}</Badge>
            {domain.dnsExpiresAt && (
              <span className="text-xs text-muted-foreground">
                Cached until <When iso={domain.dnsExpiresAt} />
              </span>
            )}
          </span>
        ) : (
          <span className="text-muted-foreground">Not cached</span>
        ),
    },
    {
      id: "explored",
      header: "Explored",
      cell: ({ row: { original: domain } }) =>
        <span className="flex flex-wrap items-center gap-1">
          <When iso={domain.exploredAt} />
          {domain.partial && <Badge variant="outline">Partial</Badge>}
        </span>,
    },
    countColumn("addresses", "Addresses", (domain) => domain.discoveredEmails),
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: domain } }) => (
        <span className="flex gap-2">
          <Button size="sm" variant="outline" aria-label={`${exploring === domain.domain ? "Exploring" : "Re-explore"} ${domain.domain}`}
            disabled={exploring !== null} onClick={() => onExplore(domain.domain)}>
            <RefreshCwIcon aria-hidden className={exploring === domain.domain ? "animate-spin" : undefined} />
            {exploring === domain.domain ? "Exploring..." : "Re-explore"}
          </Button>
          <Button size="sm" variant="outline" aria-label={`Purge ${domain.domain}`} onClick={() => onPurge(domain.domain)}>
            <Trash2Icon aria-hidden />
            Purge
          </Button>
        </span>
      ),
    },
  ];
}
