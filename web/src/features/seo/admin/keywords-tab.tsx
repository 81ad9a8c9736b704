// Keyword Targets: what pages are made from, with each target's status (generated, pending, or skipped and why), and
// the form that adds one.
import type { KeywordTarget } from "@contracts/seo";
import { KeyRoundIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatCount } from "@/lib/format";
import { useKeywordTargets } from "../api/get-keyword-targets";
import { KeywordForm } from "./keyword-form";
import { PAGE_TYPE_LABELS, SKIP_REASON_LABELS } from "./labels";

function statusOf(target: KeywordTarget): "generated" | "skipped" | "pending" {
  if (target.skipReason) return "skipped";
  return target.isGenerated ? "generated" : "pending";
}

const columns: ColumnDef<KeywordTarget>[] = [
  { id: "keyword", header: "Keyword", accessorKey: "keyword", meta: { className: "font-medium break-all" } },
  { id: "pageType", header: "Page type", accessorFn: (target) => PAGE_TYPE_LABELS[target.pageType] },
  { id: "volume", header: "Volume", accessorKey: "searchVolume", cell: ({ getValue }) => formatCount(getValue<number>()), meta: { className: "tabular-nums" } },
  { id: "difficulty", header: "Difficulty", accessorKey: "difficulty", meta: { className: "tabular-nums" } },
  { id: "priority", header: "Priority", accessorKey: "priority", meta: { className: "tabular-nums" } },
  {
    id: "status",
    header: "Status",
    accessorFn: statusOf,
    cell: ({ row }) => {
      const status = statusOf(row.original);
      return (
        <span className="grid gap-1">
          <Badge variant={status === "generated" ? "success" : status === "skipped" ? "destructive" : "secondary"}>
            {status === "generated" ? "Generated" : status === "skipped" ? "Skipped" : "Pending"}
          </Badge>
          {row.original.skipReason && <span className="text-xs text-muted-foreground">{SKIP_REASON_LABELS[row.original.skipReason]}</span>}
        </span>
      );
    },
  },
];

export function KeywordsTab() {
  const keywords = useKeywordTargets();
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Add Keyword Target</CardTitle>
          <CardDescription>A keyword names the address or domain a page is about; Bulk Generation makes its page.</CardDescription>
        </CardHeader>
        <CardContent>
          <KeywordForm />
        </CardContent>
      </Card>
      {keywords.isError ? (
        <ErrorNotice onRetry={() => void keywords.refetch()}>Could not load the keyword targets.</ErrorNotice>
      ) : (
        <DataTable
          caption="Keyword targets"
          columns={columns}
          data={keywords.data ?? []}
          getRowId={(target) => target.id}
          isLoading={keywords.isPending}
          loadingLabel="Loading keyword targets"
          pagination={{ mode: "client", pageSize: 20 }}
          empty={<EmptyState icon={KeyRoundIcon} title="No keyword targets yet" description="Add the first one above." />}
        />
      )}
    </div>
  );
}
