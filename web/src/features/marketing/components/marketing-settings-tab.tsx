// The Settings tab: the switches delivery and sends honour, saved together. A/B testing is shown, off, until it exists.
import { type MarketingSettings } from "@contracts/marketing";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { LabelledSwitch } from "@/components/ui/form-controls";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useMarketingSettings } from "../api/get-marketing-settings";
import { useUpdateMarketingSettings } from "../api/update-marketing-settings";

type Toggle = Exclude<keyof MarketingSettings, "abTesting">;

const TOGGLES: { key: Toggle; label: string; hint: string }[] = [
  { key: "marketingEnabled", label: "Enable marketing", hint: "Off: nothing is shown to visitors and sends wait." },
  { key: "respectDoNotDisturb", label: "Respect do not disturb", hint: "No popup within a day of a dismissal." },
  { key: "clickTracking", label: "Click tracking", hint: "Count clicks on campaigns." },
  { key: "conversionTracking", label: "Conversion tracking", hint: "Count sign-ups and payments after a click." },
  { key: "userSegmentation", label: "User segmentation", hint: "Break analytics down by the visitor's segment." },
];

export function MarketingSettingsTab() {
  const settings = useMarketingSettings();
  if (settings.isError) return <ErrorNotice onRetry={() => void settings.refetch()}>Could not load the marketing settings.</ErrorNotice>;
  if (!settings.data) {
    return (
      <div role="status">
        <span className="sr-only">Loading settings</span>
        <Skeleton className="h-80" />
      </div>
    );
  }
  return <SettingsForm saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: MarketingSettings }) {
  const [draft, setDraft] = useState(saved);
  const update = useUpdateMarketingSettings();

  async function save() {
    try {
      setDraft(await update.mutateAsync(draft));
      toast({ title: "Success", description: "Marketing settings saved" });
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, "Failed to save marketing settings"), variant: "destructive" });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Marketing settings</CardTitle>
        <CardDescription>Delivery and sends follow these as soon as they are saved.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {TOGGLES.map(({ key, label, hint }) => (
          <LabelledSwitch key={key} label={label} hint={hint} checked={draft[key]} onCheckedChange={(on) => setDraft({ ...draft, [key]: on })} />
        ))}
        <LabelledSwitch label="A/B testing" hint="Not available yet" checked={false} disabled onCheckedChange={() => {}} />
        <div>
          <Button onClick={() => void save()} disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
