// The poll is counted per visitor: the signed-in user, else the browser's session (X-Session-ID), else the client's
// network, as the anonymous allowance tells them apart.
import type { Context } from "hono";
import { clientAddressFrom } from "../../../_shared/anonymous/index.ts";
import { DomainError } from "../../../_shared/errors.ts";
import { type mailboxProbeParamsSchema, pollMailboxProbe } from "../../../_shared/mailbox/index.ts";
import type { CallerEnv } from "../../lib/caller.ts";
import type { ParamInput } from "../../lib/query-params.ts";
import { sessionIdHeader, signedInOrNull } from "../../lib/visitor.ts";

function visitorSubject(c: Context<CallerEnv>): string {
  const signedIn = signedInOrNull(c);
  if (signedIn) return `user:${signedIn.userId}`;
  const sessionId = sessionIdHeader(c);
  if (sessionId) return `session:${sessionId}`;
  const network = clientAddressFrom(c.req.header("x-forwarded-for"));
  if (!network) throw new DomainError("unknown_client_address");
  return `network:${network}`;
}

export async function mailboxProbe(c: Context<CallerEnv, string, ParamInput<typeof mailboxProbeParamsSchema>>) {
  const answer = await pollMailboxProbe(c.req.valid("param").probeId, visitorSubject(c));
  // Each answer may be the last pending one: a cache would hide the probe finishing.
  c.header("Cache-Control", "no-store");
  return c.json(answer, 200);
}
