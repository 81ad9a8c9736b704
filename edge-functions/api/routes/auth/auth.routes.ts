// The account endpoints. Bodies are checked against the contract shared with the SPA before a handler runs.
import { Hono } from "hono";
import { loginRequestSchema, registerRequestSchema } from "../../../_shared/accounts/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { requireUser } from "../../lib/require-user.ts";
import * as handlers from "./auth.handlers.ts";

const accountRoutes = new Hono()
  .post("/register", jsonBody(registerRequestSchema), handlers.register)
  .post("/login", jsonBody(loginRequestSchema), handlers.login)
  .get("/user", requireUser, handlers.currentUser)
  .post("/logout", requireUser, handlers.logout);

// The spec names each account call under two paths, /api/register and /api/auth/register and so on (the SPA's
// current-user cache key is /api/auth/user), so the same routes answer at both.
export const authRoutes = new Hono()
  .route("/", accountRoutes)
  .route("/auth", accountRoutes);
