// GET /health and GET /settings: what GoTrue reports about itself, for the gateway's health check and for clients
// that ask which sign-in methods are on.
import { Hono } from "hono";

export function metaRoutes() {
  return new Hono()
    .get("/health", (c) =>
      c.json({
        version: "devstack",
        name: "GoTrue",
        description: "GoTrue is a user registration and authentication API",
      }),
    )
    .get("/settings", (c) =>
      // Email and password only, confirmed at once: the Supabase CLI's local defaults.
      c.json({
        external: { anonymous_users: false, email: true, phone: false },
        disable_signup: false,
        mailer_autoconfirm: true,
        phone_autoconfirm: false,
        sms_provider: "",
        saml_enabled: false,
      }),
    );
}
