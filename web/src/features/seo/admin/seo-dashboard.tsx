// /admin/seo: the stat cards, then the tabs Landing Pages, Keyword Targets, Bulk Generation and Removals. The open tab
// lives in the address, so a view can be linked to and survives a reload.
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BulkGenerationTab } from "./bulk-generation-tab";
import { KeywordsTab } from "./keywords-tab";
import { SEO_TAB_LABELS, SEO_TABS, type SeoTab } from "./labels";
import { PagesTab } from "./pages-tab";
import { RemovalsTab } from "./removals-tab";
import { SeoStats } from "./seo-stats";

export type SeoDashboardView = { tab: SeoTab };

export function SeoDashboard({ view, onViewChange }: { view: SeoDashboardView; onViewChange: (view: SeoDashboardView) => void }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">SEO</h1>
        <p className="text-sm text-muted-foreground">Landing pages search engines read, the keywords they come from, and their results.</p>
      </div>
      <SeoStats />
      <Tabs value={view.tab} onValueChange={(tab) => onViewChange({ tab: tab as SeoTab })} activationMode="manual">
        <TabsList aria-label="SEO areas" className="flex h-auto flex-wrap justify-start gap-1">
          {SEO_TABS.map((name) => (
            <TabsTrigger key={name} value={name} className="flex-none">
              {SEO_TAB_LABELS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="pages">{view.tab === "pages" && <PagesTab />}</TabsContent>
        <TabsContent value="keywords">{view.tab === "keywords" && <KeywordsTab />}</TabsContent>
        <TabsContent value="bulk">{view.tab === "bulk" && <BulkGenerationTab />}</TabsContent>
        <TabsContent value="removals">{view.tab === "removals" && <RemovalsTab />}</TabsContent>
      </Tabs>
    </div>
  );
}
