// A signed-in user's validation is paid for by the meter: one unit of their balance, charged after the limiter admitted
// the request and before the lookups run, given back if the validation fails on our side. Past their balance the
// answer is 402 with what the upgrade popup needs. An anonymous visitor's validation is counted first, against their session when
// they send X-Session-ID (the SPA always does) and always against their network; without the header it counts against
// the network alone. Past either allowance the answer is 429 with what the upgrade dialog needs.
import type { Context } from "hono";
import {
  countValidation,
  noteSignedInValidation,
} from "../../../_shared/anonymous/index.ts";
import type { validateEmailRequestSchema } from "../../../_shared/validation/index.ts";
import type { CallerEnv } from "../../lib/caller.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { validateAndRecord, validateForUser } from "../../lib/paid-work.ts";
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
  if (!signedIn) {
    await countValidation(anonymousVisitor(c, sessionId));
    return c.json(await validateAndRecord(email, { userId: null, sessionId }), 200);
  }
  if (sessionId) await noteSignedInValidation(sessionId);
  return c.json(await validateForUser(signedIn.userId, email, sessionId), 200);
}
