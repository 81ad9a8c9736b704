// One CRM partner's ad: its link, texts, image and when it shows, validated by the contract (the server's messages).
// The CRM type names the partner and is not changed here.
import { type AffiliateSetting, affiliateSettingInputSchema } from "@contracts/marketing";
import type { z } from "zod";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormActions, TextareaField, TextField } from "@/components/ui/form";
import { SwitchField } from "@/components/ui/form-controls";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useSaveAffiliateSetting } from "../api/save-affiliate-setting";
import { labelOf } from "../labels";
import { campaignFormSchema } from "./form-schema";

type AffiliateFormValues = {
  id: string;
  crmType: string;
  affiliateUrl: string;
  isActive: boolean;
  adTitle: string;
  adDescription: string;
  adButtonText: string;
  adImageUrl: string;
  displayConditions: {
    showAfterBulkValidation: boolean;
    showAfterValidationCount: string;
    maxShowsPerUser: string;
    daysBetweenShows: string;
  };
};

const affiliateFormSchema = campaignFormSchema<z.output<typeof affiliateSettingInputSchema>, AffiliateFormValues>(
  affiliateSettingInputSchema,
  {},
);

export function AffiliateSettingsForm({ setting, onDone }: { setting: AffiliateSetting; onDone: () => void }) {
  const save = useSaveAffiliateSetting();
  const { displayConditions: shown } = setting;

  async function submit(values: z.output<typeof affiliateSettingInputSchema>) {
    try {
      await save.mutateAsync(values);
      toast({ title: "Success", description: "Affiliate settings updated" });
      onDone();
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, "Failed to update settings"), variant: "destructive" });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{labelOf(setting.crmType)} settings</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          aria-label={`${labelOf(setting.crmType)} settings`}
          schema={affiliateFormSchema}
          defaultValues={{
            id: setting.id,
            crmType: setting.crmType,
            affiliateUrl: setting.affiliateUrl ?? "",
            isActive: setting.isActive,
            adTitle: setting.adTitle,
            adDescription: setting.adDescription,
            adButtonText: setting.adButtonText,
            adImageUrl: setting.adImageUrl ?? "",
            displayConditions: {
              showAfterBulkValidation: shown.showAfterBulkValidation,
              showAfterValidationCount: String(shown.showAfterValidationCount),
              maxShowsPerUser: String(shown.maxShowsPerUser),
              daysBetweenShows: String(shown.daysBetweenShows),
            },
          }}
          onSubmit={submit}
        >
          {({ register, control, formState: { errors, isSubmitting } }) => (
            <>
              <TextField label="CRM type" readOnly registration={register("crmType")} error={errors.crmType} />
              <TextField label="Affiliate URL" registration={register("affiliateUrl")} error={errors.affiliateUrl} />
              <TextField label="Ad title" registration={register("adTitle")} error={errors.adTitle} />
              <TextareaField label="Ad description" registration={register("adDescription")} error={errors.adDescription} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Button text" registration={register("adButtonText")} error={errors.adButtonText} />
                <TextField label="Ad image URL" registration={register("adImageUrl")} error={errors.adImageUrl} />
                <TextField
                  label="Validations before the ad"
                  inputMode="numeric"
                  registration={register("displayConditions.showAfterValidationCount")}
                  error={errors.displayConditions?.showAfterValidationCount}
                />
                <TextField
                  label="Max shows per user"
                  inputMode="numeric"
                  registration={register("displayConditions.maxShowsPerUser")}
                  error={errors.displayConditions?.maxShowsPerUser}
                />
                <TextField
                  label="Days between shows"
                  inputMode="numeric"
                  registration={register("displayConditions.daysBetweenShows")}
                  error={errors.displayConditions?.daysBetweenShows}
                />
              </div>
              <SwitchField label="Show after a bulk validation" control={control} name="displayConditions.showAfterBulkValidation" />
              <SwitchField label="Active" control={control} name="isActive" />
              <FormActions onCancel={onDone} disabled={isSubmitting}>
                {isSubmitting ? "Saving..." : "Save Settings"}
              </FormActions>
            </>
          )}
        </Form>
      </CardContent>
    </Card>
  );
}
