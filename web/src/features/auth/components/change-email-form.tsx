import { emailSchema } from "@contracts/auth";
import { useState } from "react";
import { z } from "zod";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Form, TextField } from "@/components/ui/form";
import { EmailChangeError, requestEmailChange } from "../api/change-email";
import { SubmitButton } from "./submit-button";

const changeEmailSchema = z.object({ email: emailSchema });

/**
 * The account's email, changed the secure way: nothing changes until the person follows the links mailed to the new
 * address and to the current one, so the form says where to look instead of claiming the change is done.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <section aria-labelledby="change-email-heading" className="grid gap-3">
      <h3 id="change-email-heading" className="text-sm font-semibold">
        Change email
      </h3>
      {awaiting && (
        <div role="status" className="grid gap-1 rounded-xl border bg-muted/40 p-4 text-sm">
          <p className="font-medium">Check {awaiting} to confirm the change.</p>
          <p className="text-muted-foreground">
            We also sent a link to {currentEmail}. Your email changes once both links have been followed; until then you
            keep signing in with {currentEmail}.
          </p>
        </div>
      )}
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <Form
        aria-label="Change email"
        schema={changeEmailSchema}
        defaultValues={{ email: "" }}
        onSubmit={async ({ email }, form) => {
          setFailure(null);
          if (email.toLowerCase() === currentEmail.toLowerCase()) {
            form.setError("email", { message: "This is already your email address" });
            return;
          }
          try {
            setAwaiting(await requestEmailChange(email));
            form.reset();
          } catch (error) {
            setFailure(error instanceof EmailChangeError ? error.message : "The email could not be changed. Please try again.");
          }
        }}
      >
        {({ register, formState }) => (
          <>
            <TextField
              label="New email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              registration={register("email")}
              error={formState.errors.email}
            />
            <SubmitButton pending={formState.isSubmitting} label="Change email" pendingLabel="Sending links..." />
          </>
        )}
      </Form>
    </section>
  );
}
