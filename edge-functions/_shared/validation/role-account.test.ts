import assert from "node:assert/strict";
import { isRoleAccount } from "./role-account.ts";

const roles = [
  "info",
  "admin",
  "sales",
  "support",
  "noreply",
  "no-reply",
  "postmaster",
  "abuse",
  "webmaster",
  "billing",
  "contact",
  "hostmaster",
  "marketing",
];

for (const local of roles) {
  Deno.test(`${local}@ is a role account`, () => assert.equal(isRoleAccount(local), true));
}

const variants: [string, string][] = [
  ["INFO", "case is ignored"],
  ["Support", "mixed case"],
  ["support+billing", "a +tag sub-address is dropped"],
  ["Sales+2026", "tag and case together"],
  ["no_reply", "underscore for hyphen"],
  ["no.reply", "dot for hyphen"],
  ["do-not-reply", "listed with hyphens"],
  ["donotreply", "listed without separators"],
  ["do_not_reply+x", "separator variant with a tag"],
  ["customer_service", "listed as customerservice"],
  ["customer.service", "listed with a dot"],
];
for (const [local, why] of variants) {
  Deno.test(`${local}@ is a role account: ${why}`, () => assert.equal(isRoleAccount(local), true));
}

const people: [string, string][] = [
  ["ann", "a first name"],
  ["ann.lee", "first and last name"],
  ["j.smith", "initial and surname"],
  ["annlee+info", "a role word only in the tag"],
  ["+info", "nothing before the tag"],
  ["information.officer.jane", "a role word as a prefix"],
  ["josé", "Unicode name"],
];
for (const [local, why] of people) {
  Deno.test(`${local}@ is not a role account: ${why}`, () => assert.equal(isRoleAccount(local), false));
}
