// The domain scraper form: a domain, normalised as the spec says (case, protocol, "www." and path
// go), and two options: website scraping (on) and comprehensive data collection (off). While a scrape runs every
// input is disabled. The submit button stays disabled while the domain is empty or not a domain; the hint says why
// as the person types, and becomes an error once the field has lost focus.
import { domainInputSchema, INVALID_DOMAIN_MESSAGE, normaliseDomainInput, type ScrapeDomainRequest } from "@contracts/explorations";
import { LoaderCircleIcon, ScanSearchIcon } from "lucide-react";
import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Form, TextField } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

export const scraperFormSchema = z.object({
  domain: domainInputSchema,
  enableScraping: z.boolean(),
  fullDataCollection: z.boolean(),
});

type ScraperFormProps = {
  busy: boolean;
  onScrape: (request: Required<ScrapeDomainRequest>) => void;
};

export function ScraperForm({ busy, onScrape }: ScraperFormProps) {
  const [revealed, setRevealed] = useState(false);

  return (
    <Form
      aria-label="Domain scraper"
      mode="all"
      schema={scraperFormSchema}
      defaultValues={{ domain: "", enableScraping: true, fullDataCollection: false }}
      onSubmit={(request) => {
        if (!busy) onScrape(request);
      }}
    >
      {({ register, watch, control, formState }) => {
        const typed = watch("domain");
        const empty = typed.trim() === "";
        const domain = normaliseDomainInput(typed);
        return (
          // One disabled fieldset disables the field, both switches and the button while a scrape runs.
          <fieldset disabled={busy} className="grid min-w-0 gap-4">
            <legend className="sr-only">Domain and options</legend>
            <TextField
              label="Domain to explore"
              placeholder="example.com"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              registration={register("domain", {
                onBlur: (event: { target: HTMLInputElement }) => {
                  if (event.target.value !== "") setRevealed(true);
                },
                onChange: (event: { target: HTMLInputElement }) => {
                  if (event.target.value === "") setRevealed(false);
                },
              })}
              error={revealed ? formState.errors.domain : undefined}
              hint={hintFor(typed, domain)}
            />
            <Controller
              control={control}
              name="enableScraping"
              render={({ field }) => (
                <OptionSwitch
                  label="Website scraping"
                  description="Read the website's pages for addresses, names, titles and phones. Off: registration facts only."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="fullDataCollection"
              render={({ field }) => (
                <OptionSwitch
                  label="Comprehensive data collection"
                  description="Explore the site afresh instead of reusing what was found in the last 24 hours."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Button type="submit" size="lg" variant="secondary" className="w-full" disabled={empty || !domain || busy}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <ScanSearchIcon aria-hidden />}
              {busy ? "Scraping..." : "Scrape Domain"}
            </Button>
          </fieldset>
        );
      }}
    </Form>
  );
}

/** While typing: why the button is disabled, or which domain a URL-like entry stands for. */
function hintFor(typed: string, domain: string | null): string | undefined {
  if (typed.trim() === "") return undefined;
  if (!domain) return INVALID_DOMAIN_MESSAGE;
  return domain === typed.trim() ? undefined : `Explores ${domain}`;
}

type OptionSwitchProps = {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

function OptionSwitch({ label, description, checked, onCheckedChange }: OptionSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={checked}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
