// The person's keys: name, the prefix that tells them apart, when made and last used, calls so far, expiry and state,
// and per key Rename, Rotate and Revoke (each a dialog). A revoked or expired key can only be renamed; a key already
// replaced by a rotation can be revoked, to end its grace period early, but not rotated again.
import type { ApiKey } from "@contracts/api-keys";
import { BanIcon, type LucideIcon, PencilIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/format";
import { formatDate, formatWhen, isReplaced, keyLabel } from "../labels";
import { KeyStatusBadge } from "./key-status-badge";
import { actionsColumn, narrow } from "./narrow-columns";
import { RenameKeyDialog } from "./rename-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RotateKeyDialog } from "./rotate-key-dialog";
import type { ShownSecret } from "./shown-once-dialog";

type KeyAction = { kind: "rename" | "rotate" | "revoke"; apiKey: ApiKey };

export function ApiKeysTable({ keys, onRotated }: { keys: ApiKey[]; onRotated: (shown: ShownSecret) => void }) {
  const [action, setAction] = useState<KeyAction | null>(null);
  const close = (open: boolean) => !open && setAction(null);

  const columns: ColumnDef<ApiKey>[] = [
    { accessorKey: "keyName", header: "Name", meta: narrow("font-medium break-words") },
    {
      accessorKey: "keyPrefix",
      header: "Prefix",
      enableSorting: false,
      meta: narrow(),
      cell: ({ row }) => <code className="font-mono text-xs">{row.original.keyPrefix}…</code>,
    },
    {
      accessorKey: "createdAt",
      header: "Created",
      meta: narrow("whitespace-nowrap"),
      cell: ({ row }) => formatDate(row.original.createdAt),
    },
    {
      accessorKey: "lastUsedAt",
      header: "Last used",
      meta: narrow(),
      cell: ({ row }) => (row.original.lastUsedAt ? formatWhen(row.original.lastUsedAt) : "Never"),
    },
    {
      accessorKey: "usageCount",
      header: "Usage",
      meta: narrow("tabular-nums"),
      cell: ({ row }) => formatCount(row.original.usageCount),
    },
    {
      accessorKey: "expiresAt",
      header: "Expiry",
      meta: narrow("whitespace-nowrap"),
      // The day is enough in the table; the moment is in the cell's title.
      cell: ({ row }) => {
        const { expiresAt } = row.original;
        return expiresAt ? <span title={formatWhen(expiresAt)}>{formatDate(expiresAt)}</span> : "Never";
      },
    },
    { accessorKey: "status", header: "Status", meta: narrow(), cell: ({ row }) => <KeyStatus apiKey={row.original} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      meta: actionsColumn,
      cell: ({ row }) => <KeyActions apiKey={row.original} onAction={setAction} />,
    },
  ];

  return (
    <>
      <DataTable columns={columns} data={keys} caption="API keys" getRowId={(key) => key.id} />
      {action?.kind === "rename" && <RenameKeyDialog apiKey={action.apiKey} open onOpenChange={close} />}
      {action?.kind === "rotate" && <RotateKeyDialog apiKey={action.apiKey} open onOpenChange={close} onRotated={onRotated} />}
      {action?.kind === "revoke" && <RevokeKeyDialog apiKey={action.apiKey} open onOpenChange={close} />}
    </>
  );
}

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  if (isReplaced(apiKey)) return <Badge variant="outline">Rotated</Badge>;
  return <KeyStatusBadge status={apiKey.status} />;
}

function KeyActions({ apiKey, onAction }: { apiKey: ApiKey; onAction: (action: KeyAction) => void }) {
  const working = apiKey.status === "active";
  const act = (kind: KeyAction["kind"]) => () => onAction({ kind, apiKey });
  return (
    <div className="flex justify-end">
      <ActionButton label={`Rename ${keyLabel(apiKey)}`} title="Rename" icon={PencilIcon} onClick={act("rename")} />
      {working && !isReplaced(apiKey) && (
        <ActionButton label={`Rotate ${keyLabel(apiKey)}`} title="Rotate" icon={RefreshCwIcon} onClick={act("rotate")} />
      )}
      {working && (
        <ActionButton label={`Revoke ${keyLabel(apiKey)}`} title="Revoke" icon={BanIcon} onClick={act("revoke")} destructive />
      )}
    </div>
  );
}

type ActionButtonProps = { label: string; title: string; icon: LucideIcon; onClick: () => void; destructive?: boolean };

/** An icon button: its name for screen readers says which key, its title says the action to a pointer's hover. */
function ActionButton({ label, title, icon: Icon, onClick, destructive = false }: ActionButtonProps) {
  return (
    <Button variant="ghost" size="icon" className={cn("size-9", destructive && "text-destructive")} aria-label={label} title={title} onClick={onClick}>
      <Icon aria-hidden />
    </Button>
  );
}
