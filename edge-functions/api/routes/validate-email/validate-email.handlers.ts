// A signed-in user validates freely. An anonymous visitor's validation is counted first, against their session when
// they send X-Session-ID (the SPA always does) and always against their network; without the header it counts against
// the network alone. Past either allowance the answer is 429 with what the upgrade dialog needs.
import type { Context } from "hono";
import {
  countValidation,
  noteSignedInValidation,
} from "../../../_shared/anonymous/index.ts";
import {
  emailValidator,
  recordValidation,
  type validateEmailRequestSchema,
} from "../../../_shared/validation/index.ts";
import type { CallerEnv } from "../../lib/caller.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import {
  anonymousVisitor,
  sessionIdHeader,
  signedInOrNull,
} from "../../lib/visitor.ts";

export async function validateEmail(
  c: Context<CallerEnv, string, JsonInput<typeof validateEmailRequestSchema>>,
) {
  const { email } = c.req.valid("json");
  const sessionId = sessionIdHeader(c);
  const signedIn = signedInOrNull(c);
  if (signedIn) {
    if (sessionId) await noteSignedInValidation(sessionId);
  } else {
    await countValidation(anonymousVisitor(c, sessionId));
  }
  const result = await emailValidator()(email);
  await recordValidation(result, {
    userId: signedIn?.userId ?? null,
    sessionId,
  });
  return c.json(result, 200);
}
