// The admin dashboard: the Administrator badge and one tab per area. Each tab's screen loads its own data when opened,
// so the dashboard costs only the open tab's requests.
import { ShieldCheckIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
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

const TAB_SCREENS: Record<AdminTab, () => React.ReactNode> = {
  overview: OverviewTab,
  users: UsersTab,
  finances: FinancesTab,
  credits: CreditsTab,
  security: SecurityTab,
  support: SupportTab,
  database: DatabaseTab,
  payments: PaymentsTab,
  domain: DomainTab,
};

export function AdminDashboard({ tab, onTabChange }: { tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Admin dashboard</h1>
        <Badge>
          <ShieldCheckIcon className="size-3.5" aria-hidden />
          Administrator
        </Badge>
      </header>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as AdminTab)}>
        <TabsList className="flex flex-wrap justify-start overflow-x-auto">
          {ADMIN_TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {ADMIN_TAB_LABELS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map((name) => {
          const Screen = TAB_SCREENS[name];
          return (
            <TabsContent key={name} value={name}>
              {name === tab && <Screen />}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
