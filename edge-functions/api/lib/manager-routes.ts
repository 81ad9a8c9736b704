// The four campaign managers share their list, create, replace and delete: one shape of route and handler for each,
// over the manager's rows (the domain's adminRows). A path id that is no uuid is answered like an unknown one.
import { type Context, Hono } from "hono";
import type { z } from "zod";
import {
  type AdminRows,
  audienceSize,
  type NotFoundReason,
  type SendKind,
  startSend,
} from "../../_shared/marketing/index.ts";
import { type JsonInput, jsonBody } from "./json-body.ts";
import { pathUuid } from "./path-id.ts";
import type { SignedInEnv } from "./require-user.ts";

export interface Manager<Item, Schema extends z.ZodType> {
  /** The collection's path under its prefix, such as /banner-ads. */
  path: string;
  rows: AdminRows<Item, z.output<Schema>>;
  input: Schema;
  notFound: NotFoundReason;
}

/** The manager row's id from the path. */
export function managerId(c: Context, notFound: NotFoundReason): string {
  return pathUuid(c.req.param("id"), notFound);
}

// The routes are added one statement at a time, so the group's type stays a plain Hono<SignedInEnv>: a chain would
// carry every route's schema in its type, which tsc cannot always follow through four managers and their mounts.
export function managerRoutes<Item, Schema extends z.ZodType>(manager: Manager<Item, Schema>): Hono<SignedInEnv> {
  const { path, rows, input, notFound } = manager;
  type WithBody = Context<SignedInEnv, string, JsonInput<Schema>>;
  const routes = new Hono<SignedInEnv>();
  routes.get(path, async (c) => c.json(await rows.list(c.var.signedIn.claims), 200));
  routes.post(
    path,
    jsonBody(input),
    async (c: WithBody) => c.json(await rows.create(c.var.signedIn.claims, c.req.valid("json")), 201),
  );
  routes.put(
    `${path}/:id`,
    jsonBody(input),
    async (c: WithBody) =>
      c.json(await rows.change(c.var.signedIn.claims, managerId(c, notFound), c.req.valid("json")), 200),
  );
  routes.delete(`${path}/:id`, async (c) => {
    await rows.delete(c.var.signedIn.claims, managerId(c, notFound));
    return c.body(null, 204);
  });
  return routes;
}

/** A push or email manager's routes, with the send of a row and the size of its audience. */
export function sendingManagerRoutes<Item, Schema extends z.ZodType>(
  manager: Manager<Item, Schema>,
  kind: SendKind,
): Hono<SignedInEnv> {
  const { path, rows, notFound } = manager;
  const routes = managerRoutes(manager);
  routes.post(`${path}/:id/send`, async (c) =>
    c.json(await startSend(c.var.signedIn.claims, rows, kind, managerId(c, notFound)), 202));
  routes.get(`${path}/:id/audience`, async (c) =>
    c.json({ recipients: await audienceSize(c.var.signedIn.claims, rows, kind, managerId(c, notFound)) }, 200));
  return routes;
}
