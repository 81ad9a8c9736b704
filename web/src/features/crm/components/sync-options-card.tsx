// The options every sync from the screen is sent with: tag invalid addresses in Zoho (and untag them once valid), and
// overwrite Zoho's non-empty fields (off: only its empty fields are filled).
import { type SyncOptions, ZOHO_INVALID_TAG } from "@contracts/crm";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/** Tagging is on and overwriting off until changed, as a first sync should neither miss bad addresses nor clobber. */
export const DEFAULT_SYNC_OPTIONS: SyncOptions = { tagInvalidEmails: true, overwriteExisting: false };

const OPTIONS: { key: keyof SyncOptions; label: string; hint: string }[] = [
  { key: "tagInvalidEmails", label: "Tag invalid emails", hint: `Invalid addresses get the tag “${ZOHO_INVALID_TAG}” in Zoho.` },
  { key: "overwriteExisting", label: "Overwrite existing", hint: "Replace fields Zoho already has; off, only empty fields are filled." },
];

export function SyncOptionsCard({ options, onChange }: { options: SyncOptions; onChange: (options: SyncOptions) => void }) {
  const id = useId();
  return (
    <section aria-label="Sync options" className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2">
      {OPTIONS.map(({ key, label, hint }) => (
        <div key={key} className="flex items-start gap-3">
          <Switch
            id={`${id}-${key}`}
            aria-describedby={`${id}-${key}-hint`}
            checked={options[key]}
            onCheckedChange={(checked) => onChange({ ...options, [key]: checked })}
          />
          <div className="grid gap-0.5">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <p id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
        </div>
      ))}
    </section>
  );
}
