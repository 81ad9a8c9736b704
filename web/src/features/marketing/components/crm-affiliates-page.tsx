// /admin/crm-affiliates: the CRM partners' ads. Overview has a card per partner (and offers to set up Zoho when it is
// not yet), Settings edits the one chosen, Analytics counts each one's clicks. The tab and the chosen partner live in
// the address.
import type { AffiliateSetting } from "@contracts/marketing";
import { ExternalLinkIcon, MousePointerClickIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast-store";
import { StatCard } from "@/features/admin";
import { messageOf } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { useAffiliateSettings } from "../api/get-affiliate-settings";
import { useInitZoho } from "../api/init-zoho";
import { labelOf } from "../labels";
import { CRM_AFFILIATE_TABS, type CrmAffiliateTab } from "../tabs";
import { AffiliateSettingsForm } from "./affiliate-settings-form";

export type CrmAffiliatesView = { tab: CrmAffiliateTab; crm?: string };
type CrmAffiliatesPageProps = { view: CrmAffiliatesView; onViewChange: (view: CrmAffiliatesView) => void };

export function CrmAffiliatesPage({ view, onViewChange }: CrmAffiliatesPageProps) {
  const settings = useAffiliateSettings();
  const chosen = settings.data?.find((setting) => setting.crmType === view.crm);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">CRM Affiliate Management</h1>
        <p className="text-sm text-muted-foreground">The ads partners' CRMs show after people validate emails.</p>
      </header>
      <Tabs value={view.tab} onValueChange={(tab) => onViewChange({ ...view, tab: tab as CrmAffiliateTab })} activationMode="manual">
        <TabsList aria-label="CRM affiliate areas">
          {CRM_AFFILIATE_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {labelOf(tab)}
            </TabsTrigger>
          ))}
        </TabsList>
        {settings.isError ? (
          <ErrorNotice onRetry={() => void settings.refetch()}>Could not load the affiliate settings.</ErrorNotice>
        ) : !settings.data ? (
          <div role="status" className="mt-5 grid gap-4 sm:grid-cols-2">
            <span className="sr-only">Loading affiliate settings</span>
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        ) : (
          <>
            <TabsContent value="overview">
              <Overview settings={settings.data} onEdit={(crm) => onViewChange({ tab: "settings", crm })} />
            </TabsContent>
            <TabsContent value="settings">
              {chosen ? (
                <AffiliateSettingsForm key={chosen.id} setting={chosen} onDone={() => onViewChange({ tab: "overview" })} />
              ) : (
                <EmptyState title="Select a CRM from the Overview tab to edit its settings." />
              )}
            </TabsContent>
            <TabsContent value="analytics">
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {settings.data.map((setting) => (
                  <StatCard key={setting.id} label={`${labelOf(setting.crmType)} clicks`}>
                    <p className="text-2xl font-bold tabular-nums">{formatCount(setting.clickCount)}</p>
                    <p className="text-xs text-muted-foreground">Total affiliate clicks</p>
                  </StatCard>
                ))}
                {settings.data.length === 0 && <EmptyState title="No CRM partners yet" className="sm:col-span-2 lg:col-span-3" />}
              </div>
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}

function Overview({ settings, onEdit }: { settings: AffiliateSetting[]; onEdit: (crm: string) => void }) {
  const hasZoho = settings.some((setting) => setting.crmType === "zoho");
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {settings.map((setting) => (
        <PartnerCard key={setting.id} setting={setting} onEdit={() => onEdit(setting.crmType)} />
      ))}
      {!hasZoho && <InitZohoCard />}
    </div>
  );
}

function PartnerCard({ setting, onEdit }: { setting: AffiliateSetting; onEdit: () => void }) {
  const name = labelOf(setting.crmType);
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={titleId}>{name}</CardTitle>
          <Badge variant={setting.isActive ? "success" : "secondary"}>{setting.isActive ? "Active" : "Inactive"}</Badge>
        </div>
        <CardDescription>{setting.adTitle}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-1 text-sm">
          <Detail term="Clicks" value={formatCount(setting.clickCount)} />
          <Detail term="Validations before the ad" value={formatCount(setting.displayConditions.showAfterValidationCount)} />
          <Detail term="Max shows per user" value={formatCount(setting.displayConditions.maxShowsPerUser)} />
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
          {setting.affiliateUrl && (
            <Button variant="outline" size="sm" asChild>
              <a href={setting.affiliateUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon aria-hidden />
                Visit Partner
              </a>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function InitZohoCard() {
  const initZoho = useInitZoho();
  async function initialize() {
    try {
      await initZoho.mutateAsync();
      toast({ title: "Success", description: "Zoho CRM settings initialized" });
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, "Failed to initialize Zoho settings"), variant: "destructive" });
    }
  }
  return (
    <div className="grid place-items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center">
      <MousePointerClickIcon className="size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm text-muted-foreground">Set up Zoho's affiliate ad with the default settings.</p>
      <Button variant="outline" onClick={() => void initialize()} disabled={initZoho.isPending}>
        <PlusIcon aria-hidden />
        {initZoho.isPending ? "Initializing..." : "Initialize Zoho CRM"}
      </Button>
    </div>
  );
}
