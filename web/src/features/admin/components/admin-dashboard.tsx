// The admin dashboard: the Administrator badge and one tab per area. Each tab's screen loads its own data when opened,
// so the dashboard costs only the open tab's requests. The tab and the overview's timeframe live in the address (the
// route keeps them), so a view can be linked to and survives a reload.
import type { Timeframe } from "@contracts/admin";
import { ExternalLinkIcon, ShieldCheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiManagementTab } from "../api-management/api-management-tab";
import { CreditsTab } from "../credits/credits-tab";
import { DatabaseTab } from "../database/database-tab";
import { DomainTab } from "../domain/domain-tab";
import { FinancesTab } from "../finances/finances-tab";
import { OverviewTab } from "../overview/overview-tab";
import { PaymentsTab } from "../payments/payments-tab";
import { SecurityTab } from "../security/security-tab";
import { SupportTab } from "../support/support-tab";
import { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminTab } from "../tabs";
import { UsersTab } from "../users/users-tab";

export type AdminDashboardView = { tab: AdminTab; timeframe: Timeframe };

/** What every tab's screen is given: the dashboard's view in the address, and a way to change it. */
export type AdminTabProps = { view: AdminDashboardView; onViewChange: (view: AdminDashboardView) => void };

const TAB_SCREENS: Record<AdminTab, (props: AdminTabProps) => ReactNode> = {
  overview: OverviewTab,
  users: UsersTab,
  finances: FinancesTab,
  credits: CreditsTab,
  security: SecurityTab,
  support: SupportTab,
  database: DatabaseTab,
  payments: PaymentsTab,
  domain: DomainTab,
  "api-management": ApiManagementTab,
};

export function AdminDashboard({ view, onViewChange }: AdminTabProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Admin dashboard</h1>
        <Badge>
          <ShieldCheckIcon className="size-3.5" aria-hidden />
          Administrator
        </Badge>
      </header>
      {/* Manual activation: the arrow keys move along the tabs and Enter or Space opens one, so passing a tab on the
          way to another does not load its data. */}
      <Tabs value={view.tab} onValueChange={(tab) => onViewChange({ ...view, tab: tab as AdminTab })} activationMode="manual">
        <div className="flex flex-wrap items-center gap-2">
          {/* Wraps onto as many rows as the screen needs rather than hiding tabs behind a sideways scroll. */}
          <TabsList aria-label="Admin areas" className="flex h-auto w-auto flex-wrap justify-start gap-1">
            {ADMIN_TABS.map((name) => (
              <TabsTrigger key={name} value={name} className="flex-none">
                {ADMIN_TAB_LABELS[name]}
              </TabsTrigger>
            ))}
          </TabsList>
          {/* Duplicates is a screen of its own, opened in a new window beside the dashboard: a link, not a tab, so the
              tab list holds only what switches in place. */}
          <Button asChild variant="ghost" size="sm">
            <a href="/admin/duplicates" target="_blank" rel="noopener">
              Duplicates
              <ExternalLinkIcon aria-hidden />
              <span className="sr-only">(opens in a new window)</span>
            </a>
          </Button>
        </div>
        {ADMIN_TABS.map((name) => {
          const Screen = TAB_SCREENS[name];
          return (
            <TabsContent key={name} value={name}>
              {name === view.tab && <Screen view={view} onViewChange={onViewChange} />}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
