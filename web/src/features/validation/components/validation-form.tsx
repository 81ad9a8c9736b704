// The home tool's validation form. The field judges only the shape of an address (something@
// domain.tld, no spaces); the server's verdict says precisely what is wrong with one, with reasons. Success or error
// styling appears once the field has lost focus (or the form was sent) and goes again when the field is cleared.
import { EMAIL_INPUT_MAX_LENGTH } from "@contracts/validation";
import { LoaderCircleIcon, MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Form, TextField } from "@/components/ui/form";

const INVALID_EMAIL = "Please enter a valid email address";

export const emailFieldSchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_INPUT_MAX_LENGTH, INVALID_EMAIL)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, INVALID_EMAIL),
});

type ValidationFormProps = {
  /** The address the field starts with (a suggestion the person accepted). */
  defaultEmail?: string;
  busy: boolean;
  onValidate: (email: string) => void;
};

export function ValidationForm({ defaultEmail = "", busy, onValidate }: ValidationFormProps) {
  const [revealed, setRevealed] = useState(false);

  return (
    <Form
      aria-label="Email validation"
      mode="all"
      schema={emailFieldSchema}
      defaultValues={{ email: defaultEmail }}
      onSubmitCapture={() => setRevealed(true)}
      onSubmit={({ email }) => {
        if (!busy) onValidate(email);
      }}
    >
      {({ register, watch, formState }) => {
        const email = watch("email");
        const empty = email.trim() === "";
        const error = revealed ? formState.errors.email : undefined;
        return (
          <>
            <TextField
              label="Enter an email address to validate"
              type="email"
              placeholder="someone@example.com"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              registration={register("email", {
                // Leaving the field empty is not a mistake worth pointing out; clearing it starts over.
                onBlur: (event: { target: HTMLInputElement }) => {
                  if (event.target.value !== "") setRevealed(true);
                },
                onChange: (event: { target: HTMLInputElement }) => {
                  if (event.target.value === "") setRevealed(false);
                },
              })}
              error={error}
              valid={revealed && !empty && !formState.errors.email}
            />
            <Button type="submit" size="lg" className="w-full" disabled={empty || busy}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <MailCheckIcon aria-hidden />}
              {busy ? "Processing..." : "Validate & Explore Domain"}
            </Button>
          </>
        );
      }}
    </Form>
  );
}
