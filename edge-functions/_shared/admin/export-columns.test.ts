import assert from "node:assert/strict";
import { EXPORT_COLUMN_RULES, exportedColumns, unclassifiedSecretColumns } from "./export-columns.ts";

Deno.test("the export leaves out the denied columns and keeps the rest in order", () => {
  assert.deepEqual(
    exportedColumns("payment_config", ["id", "provider", "credentials_sealed", "credential_hints", "is_active"]),
    ["id", "provider", "credential_hints", "is_active"],
  );
  assert.deepEqual(exportedColumns("anonymous_sessions", ["session_id", "discount_code", "validations_used"]), [
    "session_id",
    "validations_used",
  ]);
  assert.deepEqual(exportedColumns("contact_lists", ["id", "name"]), ["id", "name"]);
});

Deno.test("a column named like a secret must be denied or marked safe", () => {
  const tables = new Map([
    ["payment_config", ["provider", "credentials_sealed"]],
    ["admin_settings", ["setting_key", "setting_value"]],
    ["later_feature", ["id", "api_token", "webhook_secret", "password_hash", "signing_key", "invite_code", "Password"]],
  ]);
  assert.deepEqual(unclassifiedSecretColumns(tables), [
    "later_feature.api_token",
    "later_feature.webhook_secret",
    "later_feature.password_hash",
    "later_feature.signing_key",
    "later_feature.invite_code",
    "later_feature.Password",
  ]);
});

Deno.test("no column is both denied and marked safe", () => {
  for (const [table, rules] of Object.entries(EXPORT_COLUMN_RULES)) {
    const both = (rules.denied ?? []).filter((column) => rules.safe?.includes(column));
    assert.deepEqual(both, [], table);
  }
});
