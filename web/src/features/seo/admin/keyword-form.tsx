// The add form of Keyword Targets: the contract's defaults (search volume 0, difficulty 50, cpc 0.00, informational,
// priority 5) and its bounds, judged by the contract's own schema, so the form says what the server would. A keyword
// that exists for the page type (409) is said on the keyword field.
import { KEYWORD_INTENTS, newKeywordTargetSchema, SEO_DEFAULTS, SEO_PAGE_TYPES } from "@contracts/seo";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/form-controls";
import { Form, TextField } from "@/components/ui/form";
import { toast } from "@/components/ui/toast-store";
import { ApiError, messageOf } from "@/lib/api";
import { numberField } from "@/lib/form-fields";
import { useCreateKeywordTarget } from "../api/create-keyword-target";
import { PAGE_TYPE_LABELS, SAMPLE_PATHS } from "./labels";

const fields = newKeywordTargetSchema.shape;

const keywordFormSchema = z.object({
  keyword: fields.keyword,
  pageType: fields.pageType,
  searchVolume: numberField(fields.searchVolume.unwrap()),
  difficulty: numberField(fields.difficulty.unwrap()),
  cpc: fields.cpc,
  intent: fields.intent,
  priority: numberField(fields.priority.unwrap()),
});
type KeywordFormValues = z.input<typeof keywordFormSchema>;
type FieldName = keyof KeywordFormValues;

const FIELD_NAMES = Object.keys(keywordFormSchema.shape) as FieldName[];

const defaults: KeywordFormValues = {
  keyword: "",
  pageType: "email_validate",
  searchVolume: String(SEO_DEFAULTS.keywordSearchVolume),
  difficulty: String(SEO_DEFAULTS.keywordDifficulty),
  cpc: SEO_DEFAULTS.keywordCpc,
  intent: SEO_DEFAULTS.keywordIntent,
  priority: String(SEO_DEFAULTS.keywordPriority),
};

/** The field a 400's message names first ("difficulty must be between 0 and 100"). */
function fieldOf(message: string): FieldName | undefined {
  return FIELD_NAMES.find((name) => message.startsWith(`${name} `));
}

export function KeywordForm() {
  const create = useCreateKeywordTarget();
  return (
    <Form
      aria-label="Add keyword target"
      schema={keywordFormSchema}
      defaultValues={defaults}
      onSubmit={async (values, form) => {
        try {
          await create.mutateAsync(values);
          toast({ title: "Keyword Added", description: "New keyword target has been created" });
          form.reset(defaults);
        } catch (error) {
          const message = messageOf(error, "Failed to Add Keyword");
          const field = error instanceof ApiError && error.status === 409 ? "keyword" : fieldOf(message);
          if (field) form.setError(field, { type: "server", message }, { shouldFocus: true });
          toast({ title: "Failed to Add Keyword", description: message, variant: "destructive" });
        }
      }}
    >
      {({ register, control, formState, watch }) => (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Keyword" registration={register("keyword")} error={formState.errors.keyword} hint="An address or a domain, e.g. gmail.com mx records" />
            <SelectField
              label="Page type"
              control={control}
              name="pageType"
              options={SEO_PAGE_TYPES}
              optionLabel={(type) => PAGE_TYPE_LABELS[type]}
              hint={`Pages appear at ${SAMPLE_PATHS[watch("pageType")]}`}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <TextField label="Search volume" inputMode="numeric" registration={register("searchVolume")} error={formState.errors.searchVolume} />
            <TextField label="Difficulty" inputMode="numeric" registration={register("difficulty")} error={formState.errors.difficulty} />
            <TextField label="CPC" inputMode="decimal" registration={register("cpc")} error={formState.errors.cpc} />
            <SelectField label="Intent" control={control} name="intent" options={KEYWORD_INTENTS} />
            <TextField label="Priority" inputMode="numeric" registration={register("priority")} error={formState.errors.priority} hint="1 to 10; 10 first" />
          </div>
          <div>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Adding..." : "Add Keyword"}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
