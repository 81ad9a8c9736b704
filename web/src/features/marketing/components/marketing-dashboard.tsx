// /admin/marketing: the marketing dashboard's tabs. The open tab, and the campaign type an Overview card chose for the
// form, live in the address, so a view can be linked to and survives a reload.
import type { CampaignType } from "@contracts/marketing";
import { Link } from "@tanstack/react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MARKETING_TAB_LABELS, MARKETING_TABS, type MarketingTab } from "../tabs";
import { CampaignsTab } from "./campaigns-tab";
import { MarketingAnalyticsTab } from "./marketing-analytics-tab";
import { MarketingOverviewTab } from "./marketing-overview-tab";
import { MarketingSettingsTab } from "./marketing-settings-tab";

export type MarketingView = { tab: MarketingTab; type?: CampaignType };
export type MarketingViewProps = { view: MarketingView; onViewChange: (view: MarketingView) => void };

export function MarketingDashboard({ view, onViewChange }: MarketingViewProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Marketing</h1>
      <Tabs value={view.tab} onValueChange={(tab) => onViewChange({ tab: tab as MarketingTab })} activationMode="manual">
        <TabsList aria-label="Marketing areas" className="flex h-auto flex-wrap justify-start gap-1">
          {MARKETING_TABS.map((name) => (
            <TabsTrigger key={name} value={name} className="flex-none">
              {MARKETING_TAB_LABELS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          {view.tab === "overview" && <MarketingOverviewTab onChooseType={(type) => onViewChange({ tab: "campaigns", type })} />}
        </TabsContent>
        <TabsContent value="campaigns">{view.tab === "campaigns" && <CampaignsTab type={view.type} />}</TabsContent>
        <TabsContent value="affiliates">
          <Card>
            <CardHeader>
              <CardTitle>Affiliates</CardTitle>
              <CardDescription>CRM affiliate management moved to its own screen.</CardDescription>
            </CardHeader>
            <CardContent>
              <Link to="/admin/crm-affiliates" className="font-medium text-primary underline-offset-4 hover:underline">
                Open CRM affiliate management
              </Link>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="analytics">{view.tab === "analytics" && <MarketingAnalyticsTab />}</TabsContent>
        <TabsContent value="settings">{view.tab === "settings" && <MarketingSettingsTab />}</TabsContent>
      </Tabs>
    </div>
  );
}
