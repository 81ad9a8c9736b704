// The person's names and username. The rules and messages are the contract's, the same registration applies; a name
// the server refuses (taken, or a rule it checks) comes back on the field.
import { type User, updateProfileRequestSchema, USERNAME_RULE } from "@contracts/auth";
import { Button } from "@/components/ui/button";
import { Form, TextField } from "@/components/ui/form";
import { toast } from "@/components/ui/toast-store";
import { useUpdateProfile } from "@/features/auth";
import { ApiError, messageOf } from "@/lib/api";

const FIELD_REFUSAL = /^(username|firstName|lastName): (.+)$/s;

export function ProfileForm({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  return (
    <Form
      aria-label="Profile"
      schema={updateProfileRequestSchema}
      defaultValues={{ firstName: user.firstName ?? "", lastName: user.lastName ?? "", username: user.username }}
      onSubmit={async (changes, form) => {
        try {
          const saved = await updateProfile.mutateAsync(changes);
          form.reset({ firstName: saved.firstName ?? "", lastName: saved.lastName ?? "", username: saved.username });
          toast({ title: "Profile saved" });
        } catch (error) {
          const message = messageOf(error, "Your profile could not be saved. Please try again.");
          const field = message.match(FIELD_REFUSAL);
          if (field) return form.setError(field[1] as "username", { type: "server", message: field[2] }, { shouldFocus: true });
          if (error instanceof ApiError && error.status === 409) {
            return form.setError("username", { type: "server", message }, { shouldFocus: true });
          }
          toast({ title: "Profile not saved", description: message, variant: "destructive" });
        }
      }}
    >
      {({ register, formState }) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" registration={register("firstName")} error={formState.errors.firstName} />
            <TextField label="Last name" autoComplete="family-name" registration={register("lastName")} error={formState.errors.lastName} />
          </div>
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint={`${USERNAME_RULE} You sign in with it.`}
            registration={register("username")}
            error={formState.errors.username}
          />
          <div>
            <Button type="submit" disabled={formState.isSubmitting || !formState.isDirty}>
              {formState.isSubmitting ? "Saving..." : "Save profile"}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
