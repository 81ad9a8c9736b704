// /admin/marketing/push-notifications: pushes to the signed-in audience's inboxes and devices, with delivered,
// clicks and CTR by delivered; Send once it is active and not yet sent, with its progress live.
import { type PushNotification, pushNotificationInputSchema, USER_TYPES } from "@contracts/marketing";
import type { z } from "zod";
import { TextareaField, TextField } from "@/components/ui/form";
import { SelectField, SwitchField } from "@/components/ui/form-controls";
import { instantToLocal } from "@/lib/form-fields";
import { pushNotifications } from "../api/push-notifications";
import { labelOf } from "../labels";
import { useSendProgress } from "../live/send-progress";
import { choiceColumn, countColumn, rateColumn } from "./figure-columns";
import { campaignFormSchema } from "./form-schema";
import { ManagerPage } from "./manager-page";
import { ScheduledForField, sendColumn } from "./send-control";

type PushFormValues = {
  title: string;
  message: string;
  icon: string;
  actionUrl: string;
  targetAudience: string;
  isActive: boolean;
  scheduledFor: string;
};

const pushFormSchema = campaignFormSchema<z.output<typeof pushNotificationInputSchema>, PushFormValues>(
  pushNotificationInputSchema,
  { instants: ["scheduledFor"] },
);

export function PushNotificationsPage() {
  useSendProgress();
  return (
    <ManagerPage
      title="Push Notifications"
      description="Notifications to people's inboxes and to the devices they allowed, sent once."
      noun="push notification"
      resource={pushNotifications}
      itemName={(push) => push.title}
      columns={[
        choiceColumn("Audience", (push: PushNotification) => push.targetAudience),
        countColumn("Delivered", (push: PushNotification) => push.deliveredCount),
        countColumn("Clicks", (push: PushNotification) => push.clickCount),
        rateColumn("CTR", (push: PushNotification) => push.ctr),
        sendColumn(pushNotifications.path, "push notification", (push: PushNotification) => push.title),
      ]}
      formSchema={pushFormSchema}
      formValues={(push) => ({
        title: push?.title ?? "",
        message: push?.message ?? "",
        icon: push?.icon ?? "",
        actionUrl: push?.actionUrl ?? "",
        targetAudience: push?.targetAudience ?? "all",
        isActive: push?.isActive ?? false,
        scheduledFor: instantToLocal(push?.scheduledFor),
      })}
      fields={({ register, control, formState: { errors } }) => (
        <>
          <TextField label="Title" registration={register("title")} error={errors.title} />
          <TextareaField label="Message" registration={register("message")} error={errors.message} />
          <TextField label="Icon URL" registration={register("icon")} error={errors.icon} />
          <TextField label="Action URL" registration={register("actionUrl")} error={errors.actionUrl} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Audience" options={USER_TYPES} optionLabel={labelOf} control={control} name="targetAudience" />
            <ScheduledForField registration={register("scheduledFor")} error={errors.scheduledFor} />
          </div>
          <SwitchField label="Active" control={control} name="isActive" />
        </>
      )}
    />
  );
}
