// The campaign forms validate with the contract's own input schemas, so they say what the server would. Form fields
// hold text: before the contract reads them, blank optional fields become null (no date, no link) and datetime-local
// fields become the UTC instants the contract takes.
import { z } from "zod";
import { toInstant } from "@/lib/form-fields";

type FormShape = { blank?: readonly string[]; instants?: readonly string[] };

export function campaignFormSchema<Output, FormValues>(
  contract: z.ZodType<Output>,
  { blank = [], instants = [] }: FormShape,
): z.ZodType<Output, FormValues> {
  return z.preprocess((values) => {
    if (typeof values !== "object" || values === null) return values;
    const input: Record<string, unknown> = { ...values };
    for (const key of blank) if (typeof input[key] === "string" && input[key].trim() === "") input[key] = null;
    for (const key of instants) {
      const local = input[key];
      input[key] = typeof local === "string" && local !== "" ? toInstant(local) : null;
    }
    return input;
  }, contract) as unknown as z.ZodType<Output, FormValues>;
}
