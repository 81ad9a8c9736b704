// The marketing campaign form: every field of the campaign's contract, validated by it (so with the server's own
// messages). Lists are typed as text (pages separated by commas) or ticked (audiences); blank dates and no "after"
// action mean none.
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  type CampaignType,
  type MarketingCampaign,
  marketingCampaignInputSchema,
  SHOW_AFTER_ACTIONS,
  SUBSCRIPTION_TYPES,
  USER_TYPES,
} from "@contracts/marketing";
import { type FieldError, type UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { Form, FormActions, TextareaField, TextField } from "@/components/ui/form";
import { SelectField } from "@/components/ui/form-controls";
import { labelOf } from "../labels";

export type CampaignOutput = z.output<typeof marketingCampaignInputSchema>;

type CampaignFormValues = {
  name: string;
  type: string;
  status: string;
  title: string;
  content: string;
  actionText: string;
  actionUrl: string;
  imageUrl: string;
  targetAudience: { userTypes: string[]; validationThreshold: string; subscriptionTypes: string[] };
  displayRules: { maxShowsPerUser: string; daysBetweenShows: string; showOnPages: string; showAfterAction: string; priority: string };
  scheduling: { startDate: string; endDate: string; timezone: string; activeHours: { start: string; end: string } };
};

const blankAsNull = (value: unknown) => (value === "" ? null : value);
const ticked = (value: unknown) => (Array.isArray(value) ? value : typeof value === "string" ? [value] : []);

function toInput(values: CampaignFormValues) {
  const { targetAudience, displayRules, scheduling } = values;
  return {
    ...values,
    targetAudience: { ...targetAudience, userTypes: ticked(targetAudience.userTypes), subscriptionTypes: ticked(targetAudience.subscriptionTypes) },
    displayRules: {
      ...displayRules,
      showOnPages: displayRules.showOnPages.split(",").map((page) => page.trim()).filter(Boolean),
      showAfterAction: blankAsNull(displayRules.showAfterAction),
    },
    scheduling: { ...scheduling, startDate: blankAsNull(scheduling.startDate), endDate: blankAsNull(scheduling.endDate) },
  };
}

const campaignFormSchema = z.preprocess(
  (values) => toInput(values as CampaignFormValues),
  marketingCampaignInputSchema,
) as unknown as z.ZodType<CampaignOutput, CampaignFormValues>;

function formValues(campaign: MarketingCampaign | undefined, type: CampaignType | undefined): CampaignFormValues {
  const defaults = marketingCampaignInputSchema.parse({ name: "-", title: "-", content: "-", actionText: "-", type });
  const c = campaign ?? { ...defaults, name: "", title: "", content: "", actionText: "" };
  return {
    name: c.name,
    type: c.type,
    status: c.status,
    title: c.title,
    content: c.content,
    actionText: c.actionText,
    actionUrl: c.actionUrl ?? "",
    imageUrl: c.imageUrl ?? "",
    targetAudience: {
      userTypes: c.targetAudience.userTypes,
      validationThreshold: String(c.targetAudience.validationThreshold),
      subscriptionTypes: c.targetAudience.subscriptionTypes,
    },
    displayRules: {
      maxShowsPerUser: String(c.displayRules.maxShowsPerUser),
      daysBetweenShows: String(c.displayRules.daysBetweenShows),
      showOnPages: c.displayRules.showOnPages.join(", "),
      showAfterAction: c.displayRules.showAfterAction ?? "",
      priority: String(c.displayRules.priority),
    },
    scheduling: {
      startDate: c.scheduling.startDate ?? "",
      endDate: c.scheduling.endDate ?? "",
      timezone: c.scheduling.timezone,
      activeHours: { ...c.scheduling.activeHours },
    },
  };
}

/** The first message among a field's errors (a list's errors are per item). */
function firstError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string") return error as FieldError;
  for (const item of Object.values(error)) {
    const found = firstError(item);
    if (found) return found;
  }
  return undefined;
}

type CampaignFormProps = {
  campaign: MarketingCampaign | undefined;
  /** The type a new campaign starts with (an Overview card chose it). */
  type: CampaignType | undefined;
  /** Resolves to whether it was saved; a new campaign's form then starts again. */
  onSubmit: (values: CampaignOutput) => Promise<boolean>;
  onCancel: () => void;
};

export function CampaignForm({ campaign, type, onSubmit, onCancel }: CampaignFormProps) {
  const editing = campaign !== undefined;
  return (
    <Form
      aria-label={editing ? "Edit campaign" : "New campaign"}
      schema={campaignFormSchema}
      defaultValues={formValues(campaign, type)}
      onSubmit={async (values, form) => {
        if ((await onSubmit(values)) && !editing) form.reset(formValues(undefined, type));
      }}
    >
      {({ register, control, formState: { errors, isSubmitting } }) => (
        <>
          <TextField label="Campaign name" registration={register("name")} error={errors.name} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Type" options={CAMPAIGN_TYPES} optionLabel={labelOf} control={control} name="type" />
            <SelectField label="Status" options={CAMPAIGN_STATUSES} optionLabel={labelOf} control={control} name="status" />
          </div>
          <TextField label="Title" registration={register("title")} error={errors.title} />
          <TextareaField label="Content" registration={register("content")} error={errors.content} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Action text" registration={register("actionText")} error={errors.actionText} />
            <TextField label="Action URL" registration={register("actionUrl")} error={errors.actionUrl} />
          </div>
          <TextField label="Image URL" registration={register("imageUrl")} error={errors.imageUrl} />

          <fieldset className="grid gap-4 rounded-xl border p-4">
            <legend className="px-1 text-sm font-semibold">Audience</legend>
            <CheckboxGroup
              legend="User types"
              options={USER_TYPES}
              registration={register("targetAudience.userTypes")}
              error={firstError(errors.targetAudience?.userTypes)}
            />
            <CheckboxGroup
              legend="Subscription types"
              options={SUBSCRIPTION_TYPES}
              registration={register("targetAudience.subscriptionTypes")}
              error={firstError(errors.targetAudience?.subscriptionTypes)}
            />
            <TextField
              label="Validations before it shows"
              inputMode="numeric"
              registration={register("targetAudience.validationThreshold")}
              error={errors.targetAudience?.validationThreshold}
            />
          </fieldset>

          <fieldset className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">Display rules</legend>
            <TextField label="Max shows per user" inputMode="numeric" registration={register("displayRules.maxShowsPerUser")} error={errors.displayRules?.maxShowsPerUser} />
            <TextField label="Days between shows" inputMode="numeric" registration={register("displayRules.daysBetweenShows")} error={errors.displayRules?.daysBetweenShows} />
            <TextField
              label="Pages"
              hint="Paths separated by commas, such as /, /pricing"
              registration={register("displayRules.showOnPages")}
              error={firstError(errors.displayRules?.showOnPages)}
            />
            <TextField label="Priority" inputMode="numeric" hint="1 to 10; 10 shows first" registration={register("displayRules.priority")} error={errors.displayRules?.priority} />
            <SelectField
              label="Show after"
              options={["", ...SHOW_AFTER_ACTIONS] as const}
              optionLabel={(action) => (action === "" ? "Any time" : labelOf(action))}
              control={control} name="displayRules.showAfterAction"
            />
          </fieldset>

          <fieldset className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">Schedule</legend>
            <TextField label="Start date" type="date" registration={register("scheduling.startDate")} error={errors.scheduling?.startDate} />
            <TextField label="End date" type="date" registration={register("scheduling.endDate")} error={errors.scheduling?.endDate} />
            <TextField label="Time zone" registration={register("scheduling.timezone")} error={errors.scheduling?.timezone} />
            <div className="grid grid-cols-2 gap-2">
              <TextField label="Active from" type="time" registration={register("scheduling.activeHours.start")} error={errors.scheduling?.activeHours?.start} />
              <TextField label="Active until" type="time" registration={register("scheduling.activeHours.end")} error={errors.scheduling?.activeHours?.end} />
            </div>
          </fieldset>

          <FormActions onCancel={onCancel} disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : editing ? "Update Campaign" : "Create Campaign"}
          </FormActions>
        </>
      )}
    </Form>
  );
}

type CheckboxGroupProps = { legend: string; options: readonly string[]; registration: UseFormRegisterReturn; error?: FieldError };

/** Ticks for a list field; the browser's own checkboxes, so the form library reads them as one list. */
function CheckboxGroup({ legend, options, registration, error }: CheckboxGroupProps) {
  return (
    <fieldset className="grid gap-2" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={option} className="size-4 accent-primary" {...registration} />
            {labelOf(option)}
          </label>
        ))}
      </div>
      {error && <p className="text-sm font-medium text-destructive">{error.message}</p>}
    </fieldset>
  );
}
