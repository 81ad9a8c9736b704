import assert from "node:assert/strict";
import { userSchema } from "./contract.ts";
import { profileColumns, profileRowSchema, userFromProfile } from "./profile.ts";

const row = {
  id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
  username: "ada",
  email: "ada@example.com",
  first_name: "Ada",
  last_name: null,
  is_admin: false,
  subscription_status: "free",
  created_at: new Date("2026-01-02T03:04:05.678Z"),
};

Deno.test("a profile row becomes the API's camelCase user", () => {
  const user = userFromProfile(profileRowSchema.parse(row));
  assert.deepEqual(user, {
    id: row.id,
    username: "ada",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: null,
    isAdmin: false,
    subscriptionStatus: "free",
    createdAt: "2026-01-02T03:04:05.678Z",
  });
  assert.deepEqual(userSchema.parse(user), user);
});

Deno.test("the API reads exactly the columns it maps", () => {
  assert.deepEqual(profileColumns, [
    "id",
    "username",
    "email",
    "first_name",
    "last_name",
    "is_admin",
    "subscription_status",
    "created_at",
  ]);
});

Deno.test("a row missing a column or with a wrong type is refused, not passed on", () => {
  const { is_admin: _, ...withoutIsAdmin } = row;
  assert.equal(profileRowSchema.safeParse(withoutIsAdmin).success, false);
  assert.equal(profileRowSchema.safeParse({ ...row, created_at: "2026-01-02" }).success, false);
});
