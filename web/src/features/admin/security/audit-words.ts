// The audit log in words: what an action was, and what it changed as a compact before → after.

const ACTION_WORDS: Record<string, string> = {
  "user.admin_granted": "Made admin",
  "user.admin_revoked": "Revoked admin",
  "credits.granted": "Granted credits",
  "credits.revoked": "Revoked a credit grant",
  "credits.expired": "Expired a credit grant",
  "user.throttle_changed": "Changed the throttle",
  "user.suspended": "Suspended a user",
  "user.unsuspended": "Lifted a suspension",
  "payment_config.saved": "Saved payment provider settings",
  "payment_config.resealed": "Re-encrypted payment provider settings",
  "settings.monthly_cost": "Set the monthly cost",
  "export.database": "Exported the database",
  "export.users": "Exported the users",
  "domain.purged": "Purged a domain",
  "domain.reexplored": "Re-explored a domain",
};

/** "Changed the throttle"; an action this screen does not know yet reads as its name in words ("user renamed"). */
export function actionWords(action: string): string {
  return ACTION_WORDS[action] ?? action.replace(/[._]+/g, " ");
}

export type AuditChange = { field: string | null; before: string; after: string };

/**
 * What changed between two snapshots: for records, each field whose value differs (fields that stayed the same say
 * nothing); for anything else, the whole value before and after.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return fields
      .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
      .map((field) => ({ field, before: valueWords(was[field]), after: valueWords(now[field]) }));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ field: null, before: valueWords(before), after: valueWords(after) }];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueWords(value: unknown): string {
  if (value === undefined || value === null) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}
