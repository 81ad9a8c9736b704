import { create as contentDisposition } from "content-disposition";
import { formatISO } from "date-fns";
import { UTCDate } from "@date-fns/utc";
import type { Context } from "hono";
import { exportDatabase, exportUsers } from "../../../../_shared/admin/index.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

function download(c: Context, body: ReadableStream<Uint8Array>, contentType: string, fileName: string) {
  return c.body(body, 200, {
    "content-type": contentType,
    "content-disposition": contentDisposition(fileName),
    // Every user's data: kept by no cache on the way.
    "cache-control": "private, no-store",
  });
}

export async function database(c: Context<SignedInEnv>) {
  const now = new Date();
  const body = await exportDatabase(c.var.signedIn.claims, now);
  return download(c, body, "application/json; charset=utf-8", `mailscout-database-${day(now)}.json`);
}

export async function users(c: Context<SignedInEnv>) {
  const now = new Date();
  return download(c, await exportUsers(c.var.signedIn.claims), "text/csv; charset=utf-8", `mailscout-users-${day(now)}.csv`);
}

function day(date: Date): string {
  return formatISO(new UTCDate(date), { representation: "date" });
}
