// Landing Pages: the newest pages with their views, conversions and rate; each can be switched off for search engines
// (indexable), regenerated from fresh data, or deleted after a question.
import type { AdminSeoPage } from "@contracts/seo";
import { FileSearchIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { useDeletePage, useRegeneratePage, useSetPageIndexable } from "../api/change-seo-page";
import { useSeoPages } from "../api/get-seo-pages";
import { formatPercent } from "./labels";

export function PagesTab() {
  const pages = useSeoPages();
  const setIndexable = useSetPageIndexable();
  const regenerate = useRegeneratePage();
  const remove = useDeletePage();
  const [deleting, setDeleting] = useState<AdminSeoPage | null>(null);

  function failed(fallback: string) {
    return (error: unknown) => toast({ title: "Error", description: messageOf(error, fallback), variant: "destructive" });
  }

  const columns: ColumnDef<AdminSeoPage>[] = [
    {
      id: "path",
      header: "Path",
      accessorKey: "path",
      cell: ({ row }) => (
        <span className="grid gap-1">
          <a href={row.original.path} className="font-medium break-all text-primary underline-offset-4 hover:underline">
            {row.original.path}
          </a>
          {row.original.removedAt && <Badge variant="destructive">Removed</Badge>}
        </span>
      ),
    },
    { id: "title", header: "Title", accessorKey: "title", meta: { className: "max-w-xs" } },
    { id: "views", header: "Views", accessorKey: "views", cell: ({ getValue }) => formatCount(getValue<number>()), meta: { className: "tabular-nums" } },
    {
      id: "conversions",
      header: "Conversions",
      accessorKey: "conversions",
      cell: ({ getValue }) => formatCount(getValue<number>()),
      meta: { className: "tabular-nums" },
    },
    {
      id: "rate",
      header: "Rate",
      accessorKey: "conversionRate",
      cell: ({ getValue }) => formatPercent(getValue<number>()),
      meta: { className: "tabular-nums" },
    },
    {
      id: "indexable",
      header: "Indexable",
      accessorKey: "isIndexable",
      cell: ({ row }) => (
        <Switch
          checked={row.original.isIndexable}
          disabled={row.original.removedAt !== null || (setIndexable.isPending && setIndexable.variables.id === row.original.id)}
          aria-label={`Indexable: ${row.original.path}`}
          onCheckedChange={(isIndexable) =>
            setIndexable.mutate({ id: row.original.id, isIndexable }, { onError: failed("Failed to update the page") })
          }
        />
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Regenerate ${row.original.path}`}
            disabled={row.original.removedAt !== null || (regenerate.isPending && regenerate.variables === row.original.id)}
            onClick={() =>
              regenerate.mutate(row.original.id, {
                onSuccess: (page) => toast({ title: "Page Regenerated", description: `${page.path} was generated again` }),
                onError: failed("Failed to regenerate the page"),
              })
            }
          >
            <RefreshCwIcon aria-hidden />
            Regenerate
          </Button>
          <Button variant="outline" size="sm" aria-label={`Delete ${row.original.path}`} onClick={() => setDeleting(row.original)}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
        </div>
      ),
    },
  ];

  if (pages.isError) return <ErrorNotice onRetry={() => void pages.refetch()}>Could not load the landing pages.</ErrorNotice>;
  return (
    <>
      <DataTable
        caption="Landing pages"
        columns={columns}
        data={pages.data ?? []}
        getRowId={(page) => page.id}
        isLoading={pages.isPending}
        loadingLabel="Loading landing pages"
        pagination={{ mode: "client", pageSize: 20 }}
        empty={
          <EmptyState
            icon={FileSearchIcon}
            title="No landing pages yet"
            description="Add keyword targets, then generate pages from them in Bulk Generation."
          />
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Landing Page"
        description={`Are you sure you want to delete ${deleting?.path ?? "this page"}? Its keyword target stays generated, so the next bulk run does not bring it back.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: "Page Deleted", description: `${deleting.path} was deleted` });
              setDeleting(null);
            },
            onError: failed("Failed to delete the page"),
          });
        }}
      />
    </>
  );
}
