import { PASSWORD_IS_IDENTITY, PASSWORD_RULE, passwordIsIdentity, passwordSchema, type User } from "@contracts/auth";
import { useState } from "react";
import { z } from "zod";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Form, TextField } from "@/components/ui/form";
import { PasswordChangeError, useChangePassword } from "../api/change-password";
import { confirmPasswordField, passwordsMatch } from "./password-confirmation";
import { SubmitButton } from "./submit-button";

function changePasswordSchema(user: User) {
  return z
    .object({ password: passwordSchema, confirmPassword: confirmPasswordField })
    .refine((values) => !passwordIsIdentity(values.password, user), { message: PASSWORD_IS_IDENTITY, path: ["password"] })
    .refine(...passwordsMatch);
}

/**
 * A new password for the signed-in account. Every other session of the account ends with it, which the form says
 * before and after, so a person who changes it because a device was lost knows that device is signed out.
 */
export function ChangePasswordForm({ user }: { user: User }) {
  const changePassword = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <section aria-labelledby="change-password-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="change-password-heading" className="text-sm font-semibold">
          Change password
        </h3>
        <p className="text-sm text-muted-foreground">
          Changing your password signs you out on every other device and browser; this one stays signed in.
        </p>
      </div>
      {changePassword.isSuccess && (
        <p role="status" className="rounded-xl border bg-muted/40 p-4 text-sm font-medium">
          Your password has been changed, and your other sessions have been signed out.
        </p>
      )}
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <Form
        aria-label="Change password"
        schema={changePasswordSchema(user)}
        defaultValues={{ password: "", confirmPassword: "" }}
        onSubmit={async ({ password }, form) => {
          setFailure(null);
          try {
            await changePassword.mutateAsync(password);
            form.reset();
          } catch (error) {
            setFailure(
              error instanceof PasswordChangeError ? error.message : "The password could not be changed. Please try again.",
            );
          }
        }}
      >
        {({ register, formState }) => (
          <>
            {/* Lets password managers pair the new password with the account. */}
            <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={PASSWORD_RULE}
              registration={register("password")}
              error={formState.errors.password}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              registration={register("confirmPassword")}
              error={formState.errors.confirmPassword}
            />
            <SubmitButton pending={formState.isSubmitting} label="Change password" pendingLabel="Changing password..." />
          </>
        )}
      </Form>
    </section>
  );
}
