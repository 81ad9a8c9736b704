// One payment provider's setup: what is stored (masked), and a form that replaces it. Secrets go into password fields
// the browser does not remember, and every field is emptied once saved: the stored values are only ever shown masked.
import {
  type MaskedPaymentConfig,
  PAYMENT_CREDENTIAL_FIELDS,
  PAYMENT_PROVIDER_LABELS,
  type PaymentProvider,
} from "@contracts/admin";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, TextField } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast-store";
import { refusalOf } from "@/lib/api";
import { providerTitle } from "../lib/payment-providers";
import { paymentConfigInputSchema, useSavePaymentConfig } from "./api/save-payment-config";
import { CREDENTIAL_FIELDS } from "./provider-fields";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function blankCredentials(provider: PaymentProvider): Record<string, string> {
  return Object.fromEntries(PAYMENT_CREDENTIAL_FIELDS[provider].map((field) => [field, ""]));
}

export function ProviderCard({ provider, config }: { provider: PaymentProvider; config: MaskedPaymentConfig | undefined }) {
  const titleId = useId();
  const switchId = useId();
  const save = useSavePaymentConfig();
  const label = PAYMENT_PROVIDER_LABELS[provider];
  const title = providerTitle(provider);
  const fields = PAYMENT_CREDENTIAL_FIELDS[provider];

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId}>{title}</CardTitle>
          {config?.updatedAt ? (
            <Badge variant={config.isActive ? "success" : "secondary"}>{config.isActive ? "Active" : "Inactive"}</Badge>
          ) : (
            <Badge variant="outline">Not configured</Badge>
          )}
        </div>
        {config?.updatedAt && (
          <CardDescription>Last saved {dateFormat.format(new Date(config.updatedAt))}</CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl aria-label={`${title}: stored values`} className="grid gap-2 text-sm">
          {fields.map((field) => {
            const masked = config?.credentials[field] ?? null;
            return (
              <div key={field} className="flex flex-wrap justify-between gap-x-4">
                <dt className="text-muted-foreground">{CREDENTIAL_FIELDS[provider][field]?.label ?? field}</dt>
                <dd className={masked === null ? "text-muted-foreground italic" : "font-mono"}>{masked ?? "Not set"}</dd>
              </div>
            );
          })}
        </dl>
        <Form
          aria-label={`${title} setup`}
          schema={paymentConfigInputSchema(provider)}
          // A provider never saved is listed as inactive, but setting one up is meant to offer it: its switch starts on.
          defaultValues={{ credentials: blankCredentials(provider), isActive: config?.updatedAt ? config.isActive : true }}
          onSubmit={async (values, form) => {
            try {
              await save.mutateAsync({ provider, values });
              form.reset({ credentials: blankCredentials(provider), isActive: values.isActive });
              toast({ title: "Configuration Saved", description: `${title} configuration saved.` });
            } catch (error) {
              toast({
                title: "Save Failed",
                description: refusalOf(error) ?? `Failed to save ${label} configuration. Please try again.`,
                variant: "destructive",
              });
            }
          }}
        >
          {({ register, formState, watch, setValue }) => {
            const errors = formState.errors.credentials as Record<string, { message?: string }> | undefined;
            // A rule over the fields together (crypto: at least one address) is reported on the group itself.
            const groupError = (formState.errors.credentials as { message?: string } | undefined)?.message;
            return (
              <>
                {fields.map((field) => {
                  const shape = CREDENTIAL_FIELDS[provider][field];
                  return (
                    <TextField
                      key={field}
                      label={shape?.label ?? field}
                      type={shape?.secret ? "password" : "text"}
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={shape?.placeholder}
                      registration={register(`credentials.${field}`)}
                      error={errors?.[field]?.message ? { type: "validate", message: errors[field].message } : undefined}
                    />
                  );
                })}
                {groupError && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {groupError}
                  </p>
                )}
                <div className="flex items-center gap-3">
                  <Switch
                    id={switchId}
                    checked={watch("isActive")}
                    onCheckedChange={(checked) => setValue("isActive", checked, { shouldDirty: true })}
                  />
                  <Label htmlFor={switchId}>Offer {title} at checkout</Label>
                </div>
                <div>
                  <Button type="submit" disabled={formState.isSubmitting}>
                    {formState.isSubmitting ? "Saving..." : `Save ${title}`}
                  </Button>
                </div>
              </>
            );
          }}
        </Form>
      </CardContent>
    </Card>
  );
}
