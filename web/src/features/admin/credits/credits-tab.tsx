// The credits tab: grant credits to any user (found by searching the users), and every grant, newest first, with
// where it stands. A grant none of whose credits were spent can be revoked; the server refuses any other with 409.
import type { CreditGrant } from "@contracts/admin";
import { CoinsIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CursorTable } from "@/components/ui/cursor-table";
import type { ColumnDef } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useCreditGrants } from "../api/get-credit-grants";
import { useRevokeCreditGrant } from "../api/revoke-credit-grant";
import { GrantCreditsDialog } from "../users/grant-credits-dialog";
import { whenColumn } from "../users/columns";
import { GRANT_TYPE_LABELS } from "../users/user-labels";
import { canRevoke, GrantStatusBadge } from "./grant-status";

export function CreditsTab() {
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<CreditGrant | null>(null);
  const grants = useCreditGrants();
  const revoke = useRevokeCreditGrant();
  const rows = grants.data?.pages.flatMap((page) => page.grants) ?? [];

  function confirmRevoke(grant: CreditGrant) {
    revoke.mutate(grant.id, {
      onSuccess: () =>
        toast({
          title: "Grant revoked",
          description: `${grant.amount.toLocaleString()} credits taken back from ${grant.userEmail ?? "the user"}`,
        }),
      onError: (error) => toast({ title: "Error", description: messageOf(error, "Failed to revoke the grant"), variant: "destructive" }),
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <section aria-label="Credits" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold tracking-tight">Credit grants</h2>
          <p className="text-sm text-muted-foreground">Credits given by admins, newest first.</p>
        </div>
        <Button onClick={() => setGranting(true)}>
          <CoinsIcon aria-hidden />
          Grant credits
        </Button>
      </div>
      <CursorTable
        pages={grants}
        rows={rows}
        columns={columns(setRevoking)}
        caption="Credit grants"
        getRowId={(grant) => String(grant.id)}
        loadingLabel="Loading credit grants"
        empty={<EmptyState icon={CoinsIcon} title="No credits granted yet" />}
        failure="Failed to load credit grants."
      />
      <GrantCreditsDialog open={granting} onOpenChange={setGranting} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke grant"
        description={
          revoking
            ? `${revoking.amount.toLocaleString()} credits come off ${revoking.userEmail ?? "the user"}'s granted balance. ` +
              "None of them were spent."
            : ""
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => revoking && confirmRevoke(revoking)}
      />
    </section>
  );
}

function columns(askRevoke: (grant: CreditGrant) => void): ColumnDef<CreditGrant>[] {
  return [
    { id: "user", header: "User", cell: ({ row }) => row.original.userEmail ?? row.original.userId },
    {
      id: "amount",
      header: "Credits (used)",
      meta: { className: "tabular-nums" },
      cell: ({ row: { original: grant } }) => `${grant.amount.toLocaleString()} (${grant.creditsUsed.toLocaleString()})`,
    },
    { id: "type", header: "Type", cell: ({ row }) => GRANT_TYPE_LABELS[row.original.grantType] },
    { id: "reason", header: "Reason", meta: { className: "min-w-48 break-words" }, cell: ({ row }) => row.original.reason },
    whenColumn("expiresAt", "Expires", (grant) => grant.expiresAt),
    { id: "status", header: "Status", cell: ({ row }) => <GrantStatusBadge grant={row.original} /> },
    { id: "grantedBy", header: "Granted by", cell: ({ row }) => row.original.grantedByEmail ?? "System" },
    whenColumn("createdAt", "Granted", (grant) => grant.createdAt),
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: grant } }) =>
        canRevoke(grant) && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Revoke ${grant.amount.toLocaleString()} credits granted to ${grant.userEmail ?? grant.userId}`}
            onClick={() => askRevoke(grant)}
          >
            Revoke
          </Button>
        ),
    },
  ];
}
