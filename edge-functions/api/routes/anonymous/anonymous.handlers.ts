// Refusals (unknown session, no discount to give) are thrown by the allowance as DomainError and answered by the one
// table in lib/errors.ts.
import type { Context, Env } from "hono";
import { HTTPException } from "hono/http-exception";
import {
  checkLimits as readLimits,
  generateDiscount as issueDiscount,
  openSession,
  updateUsage as answerUsage,
  sessionIdSchema,
  type updateUsageRequestSchema,
} from "../../../_shared/anonymous/index.ts";
import { describeFirstIssue } from "../../../_shared/zod-issues.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { anonymousVisitor, sessionIdHeader } from "../../lib/visitor.ts";

/** GET /api/anonymous/session with X-Session-ID: the session, created on first sight. */
export async function session(c: Context) {
  const sessionId = sessionIdHeader(c);
  if (!sessionId) throw new HTTPException(400, { message: "X-Session-ID header is required" });
  return c.json(await openSession(sessionId, anonymousVisitor(c, sessionId)), 200);
}

export async function checkLimits(c: Context) {
  const sessionId = sessionIdParam(c);
  return c.json(await readLimits(sessionId, anonymousVisitor(c, sessionId)), 200);
}

/** The reported validationsUsed is read (the spec sends it) and ignored: the server counted already. */
export async function updateUsage(c: Context<Env, string, JsonInput<typeof updateUsageRequestSchema>>) {
  const { sessionId } = c.req.valid("json");
  return c.json(await answerUsage(sessionId, anonymousVisitor(c, sessionId)), 200);
}

/** 201 when this call issued the session's code, 200 when it answers the code issued before. */
export async function generateDiscount(c: Context) {
  const sessionId = sessionIdParam(c);
  const { discount, newlyIssued } = await issueDiscount(sessionId, anonymousVisitor(c, sessionId));
  return c.json(discount, newlyIssued ? 201 : 200);
}

function sessionIdParam(c: Context): string {
  const parsed = sessionIdSchema.safeParse(c.req.param("sessionId"));
  if (!parsed.success) throw new HTTPException(400, { message: describeFirstIssue(parsed.error) });
  return parsed.data;
}
