// devstack's own controls (service-role key; nothing of the kind exists in production): a function restarted with a
// test's settings, to show what the product does when an operator left one unset.
import { expect, type APIRequestContext } from "@playwright/test";
import { LOCAL_SERVICE_ROLE_KEY } from "../../devstack/src/auth/keys.ts";

/**
 * Restarts every process of function `name` with `settings` over the stack's (null unsets one; {} restores the stack's
 * own). It answers once the new processes listen.
 */
export async function setFunctionSettings(
  request: APIRequestContext,
  name: string,
  settings: Record<string, string | null>,
): Promise<void> {
  const response = await request.put(`/_devstack/functions/${name}/settings`, {
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    data: settings,
  });
  expect(response.status(), await response.text()).toBe(200);
}
