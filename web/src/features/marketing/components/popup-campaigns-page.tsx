// /admin/marketing/popup-campaigns: popups by trigger and frequency, with shows, clicks, CTR and conversions.
import {
  POPUP_AUDIENCES,
  POPUP_FREQUENCIES,
  POPUP_TRIGGERS,
  type PopupCampaign,
  popupCampaignInputSchema,
} from "@contracts/marketing";
import type { z } from "zod";
import { TextareaField, TextField } from "@/components/ui/form";
import { SelectField, SwitchField } from "@/components/ui/form-controls";
import { popupCampaigns } from "../api/popup-campaigns";
import { labelOf } from "../labels";
import { choiceColumn, countColumn, rateColumn } from "./figure-columns";
import { campaignFormSchema } from "./form-schema";
import { ManagerPage } from "./manager-page";
import { PreviewLink } from "./preview-link";

type PopupFormValues = {
  title: string;
  content: string;
  buttonText: string;
  buttonUrl: string;
  triggerType: string;
  triggerValue: string;
  isActive: boolean;
  displayFrequency: string;
  targetAudience: string;
  backgroundColor: string;
  textColor: string;
};

const popupFormSchema = campaignFormSchema<z.output<typeof popupCampaignInputSchema>, PopupFormValues>(
  popupCampaignInputSchema,
  {},
);

export function PopupCampaignsPage() {
  return (
    <ManagerPage
      title="Pop-up Campaigns"
      description="Popups shown after a delay, a share of the page scrolled, or on leaving; at most one per page view."
      noun="popup campaign"
      resource={popupCampaigns}
      itemName={(popup) => popup.title}
      columns={[
        choiceColumn("Trigger", (popup: PopupCampaign) => popup.triggerType),
        countColumn("Shows", (popup: PopupCampaign) => popup.showCount),
        countColumn("Clicks", (popup: PopupCampaign) => popup.clickCount),
        rateColumn("CTR", (popup: PopupCampaign) => popup.ctr),
        countColumn("Conversions", (popup: PopupCampaign) => popup.conversionCount),
      ]}
      formSchema={popupFormSchema}
      formValues={(popup) => ({
        title: popup?.title ?? "",
        content: popup?.content ?? "",
        buttonText: popup?.buttonText ?? "Learn More",
        buttonUrl: popup?.buttonUrl ?? "",
        triggerType: popup?.triggerType ?? "time_delay",
        triggerValue: String(popup?.triggerValue ?? 5),
        isActive: popup?.isActive ?? false,
        displayFrequency: popup?.displayFrequency ?? "once_per_session",
        targetAudience: popup?.targetAudience ?? "all",
        backgroundColor: popup?.backgroundColor ?? "#ffffff",
        textColor: popup?.textColor ?? "#000000",
      })}
      rowActions={(popup) => <PreviewLink type="popup" id={popup.id} name={popup.title} />}
      fields={({ register, control, formState: { errors } }) => (
        <>
          <TextField label="Title" registration={register("title")} error={errors.title} />
          <TextareaField label="Content" registration={register("content")} error={errors.content} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Button text" registration={register("buttonText")} error={errors.buttonText} />
            <TextField label="Button URL" registration={register("buttonUrl")} error={errors.buttonUrl} />
            <SelectField label="Trigger" options={POPUP_TRIGGERS} optionLabel={labelOf} control={control} name="triggerType" />
            <TextField
              label="Trigger value"
              inputMode="numeric"
              hint="Seconds for a delay, percent for scrolling"
              registration={register("triggerValue")}
              error={errors.triggerValue}
            />
            <SelectField label="Frequency" options={POPUP_FREQUENCIES} optionLabel={labelOf} control={control} name="displayFrequency" />
            <SelectField label="Audience" options={POPUP_AUDIENCES} optionLabel={labelOf} control={control} name="targetAudience" />
            <TextField label="Background colour" type="color" registration={register("backgroundColor")} error={errors.backgroundColor} />
            <TextField label="Text colour" type="color" registration={register("textColor")} error={errors.textColor} />
          </div>
          <SwitchField label="Active" control={control} name="isActive" />
        </>
      )}
    />
  );
}
