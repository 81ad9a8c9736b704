// The edit form of one popup beside its live preview: title, button text and link, content, the feature rows (each a
// text and a highlight switch; blank rows are dropped before sending), the three pricing texts (upgrade popup only)
// and the Active switch. The contract's schema and its rules for the popup's type judge the form, so it refuses what
// the server would, in the same words.
import {
  type AdminSystemPopup,
  checkPopupForType,
  POPUP_FEATURES_MAX,
  type PopupType,
  type UpdateSystemPopup,
  type UpdateSystemPopupRequest,
  updateSystemPopupRequestSchema,
} from "@contracts/popups";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { type Control, Controller, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardTitle } from "@/components/ui/card";
import { LabelledSwitch, SwitchField } from "@/components/ui/form-controls";
import { Form, FormActions, TextareaField, TextField } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useUpdateSystemPopup } from "../api/update-system-popup";
import { POPUP_TAB_LABELS } from "../labels";
import { PopupPreview, type PreviewValues } from "./popup-preview";

const PRICING_FIELDS = [
  ["monthly", "Monthly price"],
  ["payPerUse", "Pay-per-use price"],
  ["annual", "Annual price"],
] as const;

const formValuesSchema = z.object({
  title: z.string(),
  content: z.string(),
  buttonText: z.string(),
  buttonUrl: z.string(),
  features: z.array(z.object({ text: z.string(), highlight: z.boolean() })),
  pricing: z.object({ monthly: z.string(), payPerUse: z.string(), annual: z.string() }),
  isActive: z.boolean(),
});
type PopupFormValues = z.infer<typeof formValuesSchema>;

/** What is sent: blank feature rows dropped, and pricing (upgrade popup only) without its empty texts. */
function requestOf(values: PopupFormValues, popupType: PopupType): UpdateSystemPopupRequest {
  const pricing = popupType === "upgrade_limit"
    ? Object.fromEntries(Object.entries(values.pricing).filter(([, text]) => text.trim() !== ""))
    : {};
  return { ...values, features: values.features.filter((feature) => feature.text.trim() !== ""), pricing };
}

function popupFormSchema(popupType: PopupType) {
  return formValuesSchema
    .transform((values) => requestOf(values, popupType))
    .pipe(updateSystemPopupRequestSchema)
    .superRefine((popup, context) => {
      for (const { field, message } of checkPopupForType(popupType, popup)) {
        context.addIssue({ code: "custom", path: field.split("."), message });
      }
    });
}

function formValuesOf(popup: AdminSystemPopup): PopupFormValues {
  const { title, content, buttonText, buttonUrl, features, isActive } = popup;
  const { monthly = "", payPerUse = "", annual = "" } = popup.pricing;
  return { title, content, buttonText, buttonUrl, features, pricing: { monthly, payPerUse, annual }, isActive };
}

/** The fields a 400 can name that the form shows its error on; the others are told in the toast. */
const SERVER_FIELDS = ["title", "content", "buttonText", "buttonUrl"] as const;

export function PopupEditor({ popup, onDone }: { popup: AdminSystemPopup; onDone: () => void }) {
  const update = useUpdateSystemPopup();
  const popupType = popup.popupType as PopupType;
  return (
    <Card>
      <CardContent>
        <Form
          aria-label={`Edit ${POPUP_TAB_LABELS[popupType]}`}
          className="gap-6 lg:grid-cols-2"
          schema={popupFormSchema(popupType)}
          defaultValues={formValuesOf(popup)}
          onSubmit={async (values: UpdateSystemPopup, form) => {
            try {
              await update.mutateAsync({ id: popup.id, popup: values });
              toast({ title: "Popup saved" });
              onDone();
            } catch (error) {
              const message = messageOf(error, "Failed to update system popup");
              const field = SERVER_FIELDS.find((name) => message.startsWith(`${name}: `));
              if (field) {
                form.setError(field, { type: "server", message: message.slice(field.length + 2) }, { shouldFocus: true });
              }
              toast({ title: "Error", description: message, variant: "destructive" });
            }
          }}
        >
          {({ register, control, formState }) => (
            <>
              <div className="grid content-start gap-4">
              <CardTitle>Edit {POPUP_TAB_LABELS[popupType]}</CardTitle>
              <TextField label="Title" registration={register("title")} error={formState.errors.title} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Button text" registration={register("buttonText")} error={formState.errors.buttonText} />
                <TextField
                  label="Button URL"
                  hint="A path on this site (/pricing) or an https address"
                  registration={register("buttonUrl")}
                  error={formState.errors.buttonUrl}
                />
              </div>
              <TextareaField
                label="Content"
                rows={3}
                hint={popupType === "discount_offer" ? "Shown as plain text. {percent} and {expiresIn} are filled in." : "Shown as plain text."}
                registration={register("content")}
                error={formState.errors.content}
              />
              <FeatureRows control={control} register={register} errors={formState.errors} />
              {popupType === "upgrade_limit" && (
                <fieldset className="grid gap-4 sm:grid-cols-3">
                  <legend className="mb-2 text-sm font-medium">Pricing</legend>
                  {PRICING_FIELDS.map(([name, label]) => (
                    <TextField key={name} label={label} registration={register(`pricing.${name}`)} error={formState.errors.pricing?.[name]} />
                  ))}
                </fieldset>
              )}
              <SwitchField label="Active" hint="Only active popups are shown to visitors" control={control} name="isActive" />
              <FormActions onCancel={onDone} disabled={formState.isSubmitting}>
                {formState.isSubmitting ? "Saving..." : "Save Changes"}
              </FormActions>
              </div>
              <LivePreview control={control} popupType={popupType} />
            </>
          )}
        </Form>
      </CardContent>
    </Card>
  );
}

type FormControl = Control<PopupFormValues, unknown, UpdateSystemPopup>;

type FeatureRowsProps = {
  control: FormControl;
  register: UseFormRegister<PopupFormValues>;
  errors: FieldErrors<PopupFormValues>;
};

function FeatureRows({ control, register, errors }: FeatureRowsProps) {
  const rows = useFieldArray({ control, name: "features" });
  const problem = errors.features?.message ??
    errors.features?.root?.message ??
    (Array.isArray(errors.features) ? errors.features.find((row) => row?.text)?.text?.message : undefined);
  return (
    <fieldset className="grid gap-3" aria-describedby={problem ? "popup-features-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">Features</legend>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="flex items-center gap-3">
          <Input aria-label={`Feature ${index + 1}`} className="flex-1" {...register(`features.${index}.text`)} />
          <Controller
            control={control}
            name={`features.${index}.highlight`}
            render={({ field }) => (
              <LabelledSwitch label={`Highlight feature ${index + 1}`} checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <Button variant="ghost" size="icon" aria-label={`Remove feature ${index + 1}`} onClick={() => rows.remove(index)}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
      {problem && (
        <p id="popup-features-error" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <Button
        variant="outline"
        className="w-fit"
        disabled={rows.fields.length >= POPUP_FEATURES_MAX}
        onClick={() => rows.append({ text: "", highlight: false })}
      >
        <PlusIcon aria-hidden />
        Add Feature
      </Button>
    </fieldset>
  );
}

/** Follows every keystroke: the preview shows what visitors would see if the form were saved now. */
function LivePreview({ control, popupType }: { control: FormControl; popupType: PopupType }) {
  const values = useWatch({ control }) as PopupFormValues;
  const { title, content = "", features, buttonText = "", pricing = {} } = requestOf(values, popupType);
  const preview: PreviewValues = {
    title,
    content,
    buttonText,
    pricing,
    features: features.map((feature) => ({ text: feature.text, highlight: feature.highlight ?? false })),
  };
  return <PopupPreview popupType={popupType} popup={preview} />;
}
