// The Campaigns tab: the campaigns as cards (type, status, figures) beside the form that creates one or edits the one
// chosen. A new campaign's type is the one an Overview card chose, else the default.
import type { CampaignType, DeliveredType, MarketingCampaign } from "@contracts/marketing";
import { MegaphoneIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { marketingCampaigns } from "../api/marketing-campaigns";
import { formatRate, labelOf } from "../labels";
import { CampaignForm, type CampaignOutput } from "./campaign-form";
import { PreviewLink } from "./preview-link";

/** Where a campaign of each type shows on the site; push and email campaigns go out through their managers instead. */
const PREVIEW_SLOTS: Partial<Record<CampaignType, DeliveredType>> = {
  banner: "banner",
  promotional_banner: "banner",
  popup: "popup",
  in_app_message: "in_app_message",
  affiliate_ad: "affiliate_ad",
};

export function CampaignsTab({ type }: { type: CampaignType | undefined }) {
  const campaigns = marketingCampaigns.useList();
  const create = marketingCampaigns.useCreate();
  const update = marketingCampaigns.useUpdate();
  const remove = marketingCampaigns.useDelete();
  const [editing, setEditing] = useState<MarketingCampaign | undefined>();
  const [deleting, setDeleting] = useState<MarketingCampaign | null>(null);
  // Cancel leaves an edit, or clears a new campaign's form: a new key mounts it afresh.
  const [cleared, setCleared] = useState(0);

  /** Whether it was saved: a refused form keeps what was typed. */
  async function save(values: CampaignOutput): Promise<boolean> {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, values });
        toast({ title: "Success", description: "Campaign updated successfully" });
        setEditing(undefined);
      } else {
        await create.mutateAsync(values);
        toast({ title: "Success", description: "Marketing campaign created successfully" });
      }
      return true;
    } catch (error) {
      const failure = editing ? "Failed to update campaign" : "Failed to create campaign";
      toast({ title: "Error", description: messageOf(error, failure), variant: "destructive" });
      return false;
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Success", description: "Campaign deleted successfully" });
      if (editing?.id === deleting.id) setEditing(undefined);
      setDeleting(null);
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, "Failed to delete campaign"), variant: "destructive" });
    }
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <section aria-label="Campaigns" className="grid gap-3">
        {campaigns.isError ? (
          <ErrorNotice onRetry={() => void campaigns.refetch()}>Could not load the campaigns.</ErrorNotice>
        ) : campaigns.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading campaigns</span>
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : campaigns.data.length === 0 ? (
          <EmptyState icon={MegaphoneIcon} title="No campaigns yet" description="Create one with the form." />
        ) : (
          campaigns.data.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} onEdit={() => setEditing(campaign)} onDelete={() => setDeleting(campaign)} />
          ))
        )}
      </section>
      <Card>
        <CardHeader>
          <CardTitle>{editing ? `Edit ${editing.name}` : "New campaign"}</CardTitle>
          <CardDescription>{editing ? "Change this campaign; its figures stay." : "Any status can be chosen; draft by default."}</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Mounted per campaign, so choosing another starts the form from it. */}
          <CampaignForm
            key={editing?.id ?? `new-${type ?? ""}-${cleared}`}
            campaign={editing}
            type={type}
            onSubmit={save}
            onCancel={() => {
              setEditing(undefined);
              setCleared((count) => count + 1);
            }}
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Campaign"
        description="Are you sure you want to delete this campaign?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

type CampaignCardProps = { campaign: MarketingCampaign; onEdit: () => void; onDelete: () => void };

function CampaignCard({ campaign, onEdit, onDelete }: CampaignCardProps) {
  const slot = PREVIEW_SLOTS[campaign.type];
  return (
    <article aria-label={campaign.name} className="grid gap-3 rounded-2xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{campaign.name}</h3>
        <div className="flex gap-2">
          <Badge variant="outline">{labelOf(campaign.type)}</Badge>
          <Badge variant={campaign.status === "active" ? "success" : "secondary"}>{labelOf(campaign.status)}</Badge>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Figure term="Impressions" value={formatCount(campaign.impressions)} />
        <Figure term="Clicks" value={formatCount(campaign.clicks)} />
        <Figure term="CTR" value={formatRate(campaign.ctr)} />
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-label={`Edit ${campaign.name}`} onClick={onEdit}>
          <PencilIcon aria-hidden />
          Edit
        </Button>
        <Button variant="outline" size="sm" aria-label={`Delete ${campaign.name}`} onClick={onDelete}>
          <Trash2Icon aria-hidden />
          Delete
        </Button>
        {slot && (
          <PreviewLink type={slot} id={campaign.id} name={campaign.name} page={campaign.displayRules.showOnPages[0] ?? "/"} />
        )}
      </div>
    </article>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
