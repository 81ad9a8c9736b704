// The JSON bodies of the fakes' /_fake/ controls, parsed like every request body: a clear 400 for anything else.
import type { Context } from "hono";
import { z } from "zod";

export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

export async function controlBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ControlError(400, "The body must be JSON.");
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ControlError(400, `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return parsed.data;
}
