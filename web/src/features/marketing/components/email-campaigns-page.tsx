// /admin/marketing/email-campaigns: emails to an audience, with sent, opens, clicks, unsubscribes and the open and
// click rates by sent. The content is HTML, previewed as typed in a sandboxed frame; a saved campaign's Preview shows
// it as recipients get it. Send once it is active and not yet sent, with its progress live.
import { EMAIL_AUDIENCES, EMAIL_TEMPLATES, type EmailCampaign, emailCampaignInputSchema } from "@contracts/marketing";
import { EyeIcon } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextareaField, TextField } from "@/components/ui/form";
import { SelectField, SwitchField } from "@/components/ui/form-controls";
import { instantToLocal } from "@/lib/form-fields";
import { emailCampaigns } from "../api/email-campaigns";
import { labelOf } from "../labels";
import { useSendProgress } from "../live/send-progress";
import { EmailPreviewDialog } from "./email-preview-dialog";
import { choiceColumn, countColumn, rateColumn } from "./figure-columns";
import { campaignFormSchema } from "./form-schema";
import { ManagerPage } from "./manager-page";
import { SandboxedHtml } from "./sandboxed-html";
import { ScheduledForField, sendColumn } from "./send-control";

type EmailFormValues = {
  name: string;
  subject: string;
  content: string;
  templateType: string;
  targetAudience: string;
  isActive: boolean;
  scheduledFor: string;
};

const emailFormSchema = campaignFormSchema<z.output<typeof emailCampaignInputSchema>, EmailFormValues>(
  emailCampaignInputSchema,
  { instants: ["scheduledFor"] },
);

export function EmailCampaignsPage() {
  useSendProgress();
  const [previewing, setPreviewing] = useState<string | undefined>();
  return (
    <>
      <ManagerPage
        title="Email Campaigns"
        description="Emails to all confirmed addresses, new accounts or returning ones, sent in batches once."
        noun="email campaign"
        resource={emailCampaigns}
        itemName={(email) => email.name}
        columns={[
          choiceColumn("Audience", (email: EmailCampaign) => email.targetAudience),
          countColumn("Sent", (email: EmailCampaign) => email.sentCount),
          countColumn("Opens", (email: EmailCampaign) => email.openCount),
          countColumn("Clicks", (email: EmailCampaign) => email.clickCount),
          countColumn("Unsubscribes", (email: EmailCampaign) => email.unsubscribeCount),
          rateColumn("Open rate", (email: EmailCampaign) => email.openRate),
          rateColumn("Click rate", (email: EmailCampaign) => email.clickRate),
          sendColumn(emailCampaigns.path, "email campaign", (email: EmailCampaign) => email.name),
        ]}
        formSchema={emailFormSchema}
        formValues={(email) => ({
          name: email?.name ?? "",
          subject: email?.subject ?? "",
          content: email?.content ?? "",
          templateType: email?.templateType ?? "custom",
          targetAudience: email?.targetAudience ?? "all",
          isActive: email?.isActive ?? false,
          scheduledFor: instantToLocal(email?.scheduledFor),
        })}
        rowActions={(email) => (
          <Button variant="outline" size="sm" aria-label={`Preview ${email.name}`} onClick={() => setPreviewing(email.id)}>
            <EyeIcon aria-hidden />
            Preview
          </Button>
        )}
        fields={({ register, control, watch, formState: { errors } }) => (
          <>
            <TextField label="Name" registration={register("name")} error={errors.name} />
            <TextField label="Subject" registration={register("subject")} error={errors.subject} />
            <TextareaField label="Content (HTML)" rows={8} className="font-mono" registration={register("content")} error={errors.content} />
            <SandboxedHtml title="Content preview" html={watch("content")} className="h-48" />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Template" options={EMAIL_TEMPLATES} optionLabel={labelOf} control={control} name="templateType" />
              <SelectField label="Audience" options={EMAIL_AUDIENCES} optionLabel={labelOf} control={control} name="targetAudience" />
              <ScheduledForField registration={register("scheduledFor")} error={errors.scheduledFor} />
            </div>
            <SwitchField label="Active" control={control} name="isActive" />
          </>
        )}
      />
      <EmailPreviewDialog campaignId={previewing} onClose={() => setPreviewing(undefined)} />
    </>
  );
}
