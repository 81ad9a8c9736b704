import { EMAIL_MAX_LENGTH, loginRequestSchema, type User } from "@contracts/auth";
import { z } from "zod";
import { Form, TextField } from "@/components/ui/form";
import { useAuth } from "../auth-provider";
import { SubmitButton } from "./submit-button";

/**
 * Both forms accept a username or an email address. The spec words the empty-field message by where the form is:
 * the auth page asks for the username first, the modal for the email.
 */
const identifierPrompts = {
  username: {
    schema: loginRequestSchema,
    label: "Username or email",
    placeholder: "Your username or email address",
  },
  email: {
    schema: loginRequestSchema.extend({
      username: z.string().trim().min(1, "Email is required").max(EMAIL_MAX_LENGTH),
    }),
    label: "Email or username",
    placeholder: "you@company.com",
  },
} as const;

type LoginFormProps = {
  identifier: keyof typeof identifierPrompts;
  onSignedIn: (user: User) => void;
};

export function LoginForm({ identifier, onSignedIn }: LoginFormProps) {
  const { login } = useAuth();
  const prompt = identifierPrompts[identifier];

  return (
    <Form
      aria-label="Login"
      schema={prompt.schema}
      defaultValues={{ username: "", password: "" }}
      onSubmit={async (credentials, form) => {
        // A lockout stays on the form with its wait, where the toast would fade: the person needs it to come back.
        const user = await login(credentials, (message) => form.setError("root.lockedOut", { message }));
        if (!user) return; // the failure toast has told the person why; keep what they typed
        form.reset();
        onSignedIn(user);
      }}
    >
      {({ register, formState }) => (
        <>
          <TextField
            label={prompt.label}
            placeholder={prompt.placeholder}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            registration={register("username")}
            error={formState.errors.username}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            registration={register("password")}
            error={formState.errors.password}
          />
          {formState.errors.root?.lockedOut && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {formState.errors.root.lockedOut.message}
            </p>
          )}
          <SubmitButton pending={formState.isSubmitting} label="Login" pendingLabel="Logging in..." />
        </>
      )}
    </Form>
  );
}
