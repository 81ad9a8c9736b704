// Forms that set a password ask for it twice; the two must match, and the form says so on the second field.
import { z } from "zod";

export const confirmPasswordField = z.string().min(1, "Please confirm your password");

type WithConfirmation = { password: string; confirmPassword: string };

/** The refinement a schema with `password` and `confirmPassword` takes: the spec's message on the confirmation. */
export const passwordsMatch: [(values: WithConfirmation) => boolean, z.core.$ZodCustomParams] = [
  (values) => values.password === values.confirmPassword,
  {
    message: "Passwords don't match",
    path: ["confirmPassword"],
    // zod skips an object's refinements when any field failed; a mismatch is worth saying even while, say, the
    // username is still too short, as long as both passwords were typed.
    when: ({ value }) => {
      const { password, confirmPassword } = value as Partial<Record<keyof WithConfirmation, unknown>>;
      return typeof password === "string" && typeof confirmPassword === "string" && confirmPassword !== "";
    },
  },
];
