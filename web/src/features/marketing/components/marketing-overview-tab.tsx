// The Overview: four figures over every kind of campaign, and the ways to the managers and the neighbouring admin
// screens. In-App Messages and Affiliate Ads have no manager: their cards open the campaign form with that type.
import type { CampaignType } from "@contracts/marketing";
import { Link } from "@tanstack/react-router";
import {
  BellIcon,
  type LucideIcon,
  MailIcon,
  MegaphoneIcon,
  MessageSquareIcon,
  PanelTopIcon,
  SearchIcon,
  SquareStackIcon,
  UsersIcon,
  WindIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { focusRing } from "@/components/ui/focus";
import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/features/admin";
import { cn } from "@/lib/cn";
import { formatCount, formatUsd } from "@/lib/format";
import { useMarketingStats } from "../api/get-marketing-stats";
import { formatRate } from "../labels";

const shortcutClass = cn(
  "grid gap-1 rounded-2xl border bg-card p-4 text-left shadow-sm transition-colors hover:bg-accent",
  focusRing,
);

type ShortcutProps = { icon: LucideIcon; title: string; description: string };

const MANAGERS: (ShortcutProps & { to: "/admin/marketing/banner-ads" | "/admin/marketing/popup-campaigns" | "/admin/marketing/push-notifications" | "/admin/marketing/email-campaigns" })[] = [
  { to: "/admin/marketing/banner-ads", icon: PanelTopIcon, title: "Banner Ads", description: "Banners by placement" },
  { to: "/admin/marketing/popup-campaigns", icon: SquareStackIcon, title: "Pop-up Campaigns", description: "Popups by trigger" },
  { to: "/admin/marketing/push-notifications", icon: BellIcon, title: "Push Notifications", description: "Inbox and device notifications" },
  { to: "/admin/marketing/email-campaigns", icon: MailIcon, title: "Email Campaigns", description: "Emails to an audience" },
];

const TYPE_CARDS: (ShortcutProps & { type: CampaignType })[] = [
  { type: "in_app_message", icon: MessageSquareIcon, title: "In-App Messages", description: "A campaign of this type" },
  { type: "affiliate_ad", icon: MegaphoneIcon, title: "Affiliate Ads", description: "A campaign of this type" },
];

const NEIGHBOURS: (ShortcutProps & { href: string })[] = [
  { href: "/admin/seo", icon: SearchIcon, title: "SEO", description: "Landing pages and keywords" },
  { href: "/admin/system-popups", icon: WindIcon, title: "System Popups", description: "The product's own popups" },
];

export function MarketingOverviewTab({ onChooseType }: { onChooseType: (type: CampaignType) => void }) {
  return (
    <div className="grid gap-8">
      <MarketingStats />
      <section aria-label="Campaign tools" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {MANAGERS.map(({ to, ...shortcut }) => (
          <Link key={to} to={to} className={shortcutClass}>
            <Shortcut {...shortcut} />
          </Link>
        ))}
        {TYPE_CARDS.map(({ type, ...shortcut }) => (
          <button key={type} type="button" className={shortcutClass} onClick={() => onChooseType(type)}>
            <Shortcut {...shortcut} />
          </button>
        ))}
        {/* Screens of their own, outside this feature: a plain link, whatever holds them. */}
        {NEIGHBOURS.map(({ href, ...shortcut }) => (
          <a key={href} href={href} className={shortcutClass}>
            <Shortcut {...shortcut} />
          </a>
        ))}
      </section>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <UsersIcon className="size-4" aria-hidden />
        <Link to="/admin/crm-affiliates" className="text-primary underline-offset-4 hover:underline">
          CRM affiliate ads
        </Link>
      </p>
    </div>
  );
}

function Shortcut({ icon: Icon, title, description }: ShortcutProps) {
  return (
    <>
      <span className="flex items-center gap-2 font-medium">
        <Icon className="size-4 text-primary" aria-hidden />
        {title}
      </span>
      <span className="text-sm text-muted-foreground">{description}</span>
    </>
  );
}

function MarketingStats() {
  const stats = useMarketingStats();
  if (stats.isError) return <ErrorNotice onRetry={() => void stats.refetch()}>Could not load the marketing figures.</ErrorNotice>;
  const data = stats.data;
  const figure = (value: string, note: string): ReactNode =>
    data ? (
      <>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </>
    ) : (
      <Skeleton className="h-10" />
    );
  return (
    <section aria-label="Marketing figures" aria-busy={stats.isPending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Campaigns">
        {figure(formatCount(data?.totalCampaigns ?? 0), `${formatCount(data?.activeCampaigns ?? 0)} active`)}
      </StatCard>
      <StatCard label="Impressions">{figure(formatCount(data?.totalImpressions ?? 0), "Displays, deliveries and emails sent")}</StatCard>
      <StatCard label="Click Rate">
        {figure(formatRate(data?.avgClickRate ?? 0), `${formatCount(data?.totalClicks ?? 0)} clicks`)}
      </StatCard>
      <StatCard label="Revenue">
        {figure(formatUsd(data?.revenue ?? 0), `${formatCount(data?.totalConversions ?? 0)} conversions`)}
      </StatCard>
    </section>
  );
}
