// A row of public.profiles as the API shows it: the database speaks snake_case, the API the spec's camelCase, and
// this is the one place that translates.
import { z } from "zod";
import type { User } from "./contract.ts";
import type { Tables } from "../database.types.ts";

/**
 * The columns the API reads, as postgres.js returns them (timestamptz arrives as a Date, where the generated types,
 * written for PostgREST's JSON, say string). Checked against the generated types, so a column renamed or dropped by a
 * migration fails `deno check`. Every MailScout account signs up with an email, so email is not nullable here.
 */
export const profileRowSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  is_admin: z.boolean(),
  subscription_status: z.string(),
  created_at: z.date(),
} satisfies Partial<Record<keyof Tables<"profiles">, z.ZodType>>);
export type ProfileRow = z.infer<typeof profileRowSchema>;

export const profileColumns = Object.keys(profileRowSchema.shape) as (keyof ProfileRow)[];

export function userFromProfile(row: ProfileRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    subscriptionStatus: row.subscription_status,
    createdAt: row.created_at.toISOString(),
  };
}
