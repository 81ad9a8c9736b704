// How users read on the admin screens: a name to call them by, their plan, limits and suspension in words.
import type { AdminUserRow, GrantType, Plan } from "@contracts/admin";

export const PLAN_LABELS: Record<Plan, string> = {
  free: "Free",
  starter: "Starter",
  professional: "Professional",
  business: "Business",
};

export const GRANT_TYPE_LABELS: Record<GrantType, string> = {
  bonus: "Bonus",
  compensation: "Compensation",
  promotional: "Promotional",
  trial_extension: "Trial extension",
};

/** The email address where there is one (what admins search by), else the username. */
export function userLabel(user: Pick<AdminUserRow, "email" | "username">): string {
  return user.email ?? user.username;
}

export function fullName(user: Pick<AdminUserRow, "firstName" | "lastName">): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
}

export function planLabel(plan: string): string {
  return PLAN_LABELS[plan as Plan] ?? plan;
}

/** "5 requests per minute (50% of 10)": what a throttle lets through, as the limiter applies it. */
export function throttleText(throttle: AdminUserRow["throttle"]): string {
  const allowed = Math.floor((throttle.maxRequestsPerMinute * throttle.currentThrottleLevel) / 100);
  const perMinute = `${allowed.toLocaleString()} ${allowed === 1 ? "request" : "requests"} per minute`;
  if (throttle.currentThrottleLevel === 100) return perMinute;
  return `${perMinute} (${throttle.currentThrottleLevel}% of ${throttle.maxRequestsPerMinute.toLocaleString()})`;
}

/** Whether a suspension is in force at `now`: one whose end has passed no longer holds the user back. */
export function isSuspended(user: Pick<AdminUserRow, "suspendedUntil">, now = Date.now()): boolean {
  return user.suspendedUntil !== null && Date.parse(user.suspendedUntil) > now;
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** The throttle in words, or that there is none. */
export function userThrottleText(user: Pick<AdminUserRow, "throttle">): string {
  return user.throttle.throttleEnabled ? throttleText(user.throttle) : "Not throttled";
}

/** "Until 12/3/2026, 10:00:00 AM: Abusive scraping", or that there is no suspension in force. */
export function suspensionText(user: Pick<AdminUserRow, "suspendedUntil" | "suspensionReason">): string {
  if (!isSuspended(user) || user.suspendedUntil === null) return "Not suspended";
  return `Until ${formatWhen(user.suspendedUntil)}${user.suspensionReason ? `: ${user.suspensionReason}` : ""}`;
}
