import { PASSWORD_RULE, registerRequestSchema, USERNAME_RULE, type User } from "@contracts/auth";
import { z } from "zod";
import { Form, TextField } from "@/components/ui/form";
import { useAuth } from "../auth-provider";
import { confirmPasswordField, passwordsMatch } from "./password-confirmation";
import { SubmitButton } from "./submit-button";

/** The modal's registration form also asks for the password twice. */
const withConfirmation = registerRequestSchema
  // safeExtend: the contract's schema carries a refinement (the password is not the username), which extend refuses.
  .safeExtend({ confirmPassword: confirmPasswordField })
  .refine(...passwordsMatch);

type RegisterFormValues = z.input<typeof withConfirmation> | z.input<typeof registerRequestSchema>;

type RegisterFormProps = {
  confirmPassword: boolean;
  onRegistered: (user: User) => void;
};

export function RegisterForm({ confirmPassword, onRegistered }: RegisterFormProps) {
  const { register: createAccount } = useAuth();
  const schema: z.ZodType<RegisterFormValues, RegisterFormValues> = confirmPassword
    ? withConfirmation
    : registerRequestSchema;

  return (
    <Form
      aria-label="Register"
      schema={schema}
      defaultValues={{ username: "", email: "", password: "", ...(confirmPassword ? { confirmPassword: "" } : {}) }}
      onSubmit={async ({ username, email, password }, form) => {
        // A rule only the server can check (a common password) comes back pinned to its field.
        const user = await createAccount({ username, email, password }, (field, message) =>
          form.setError(field, { type: "server", message }, { shouldFocus: true }),
        );
        if (!user) return; // the failure toast has told the person why; keep what they typed
        form.reset();
        onRegistered(user);
      }}
    >
      {({ register, formState }) => (
        <>
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint={USERNAME_RULE}
            registration={register("username")}
            error={formState.errors.username}
          />
          <TextField
            label="Email"
            type="email"
            placeholder="you@company.com"
            autoComplete="email"
            registration={register("email")}
            error={formState.errors.email}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_RULE}
            registration={register("password")}
            error={formState.errors.password}
          />
          {confirmPassword && (
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              registration={register("confirmPassword")}
              error={"confirmPassword" in formState.errors ? formState.errors.confirmPassword : undefined}
            />
          )}
          <SubmitButton pending={formState.isSubmitting} label="Create account" pendingLabel="Creating account..." />
        </>
      )}
    </Form>
  );
}
