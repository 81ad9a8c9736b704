// Zoho's accounts server as an OAuth client meets it: the consent page (/oauth/v2/auth) whose Accept sends the browser
// back with ?code=&location=&accounts-server= (Deny: ?error=access_denied), the token endpoint's authorization_code and
// refresh_token grants (refusals are HTTP 200 with {error}, as Zoho answers them), and revocation.
import { Hono, type Context } from "hono";
import { PAGE_CSP, escapeHtml, fakePage } from "../payments/page.ts";
import { ZohoAccountsError } from "./errors.ts";
import { ACCESS_TOKEN_TTL_SECONDS, type ZohoState } from "./state.ts";

const page = (title: string, body: string) => fakePage(title, "Zoho", body, "test accounts, no real CRM is touched.");

/** The data centre the fake's users live in, as the redirect names it. */
const LOCATION = "us";

/** Zoho reads these parameters from the query string or a form body alike. */
async function params(c: Context): Promise<Record<string, string>> {
  const found: Record<string, string> = { ...c.req.query() };
  if (c.req.method === "POST" && (c.req.header("content-type") ?? "").includes("application/x-www-form-urlencoded")) {
    for (const [key, value] of Object.entries(await c.req.parseBody())) if (typeof value === "string") found[key] = value;
  }
  return found;
}

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

export function accountsRoutes(state: ZohoState, base: string): Hono {
  const app = new Hono();
  app.use("/oauth/v2/auth", async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", PAGE_CSP);
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });

  app.get("/oauth/v2/auth", (c) => {
    const query = c.req.query();
    if (query.client_id !== state.client.id) {
      return c.html(page("Invalid Client", "<h1>Invalid Client</h1><p>The client_id is not registered with Zoho.</p>"), 400);
    }
    if (query.response_type !== "code" || !query.redirect_uri || !URL.canParse(query.redirect_uri)) {
      return c.html(page("Invalid Request", "<h1>Invalid Request</h1><p>response_type=code and a redirect_uri are required.</p>"), 400);
    }
    const hidden = ["client_id", "redirect_uri", "scope", "state"]
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? "")}">`)
      .join("\n");
    return c.html(
      page(
        "Zoho Accounts: allow access",
        `<h1>MailScout would like to access your Zoho CRM</h1>
<p class="muted">Signed in as admin@zoho-test.example (a test user) in the ${LOCATION.toUpperCase()} data centre.</p>
<p>Scopes: ${escapeHtml((query.scope ?? "").split(",").join(", "))}</p>
<form method="post" action="/oauth/v2/auth">
${hidden}
<button type="submit" name="choice" value="accept">Accept</button>
<button type="submit" name="choice" value="deny" class="secondary">Deny</button>
</form>`,
      ),
    );
  });

  app.post("/oauth/v2/auth", async (c) => {
    const form = await params(c);
    if (form.client_id !== state.client.id || !form.redirect_uri || !URL.canParse(form.redirect_uri)) {
      return c.html(page("Invalid Request", "<h1>Invalid Request</h1>"), 400);
    }
    const stateParam: Record<string, string> = form.state ? { state: form.state } : {};
    if (form.choice !== "accept") return c.redirect(withQuery(form.redirect_uri, { ...stateParam, error: "access_denied" }), 302);
    const code = state.issueCode(form.client_id, form.redirect_uri, form.scope ?? "");
    return c.redirect(withQuery(form.redirect_uri, { ...stateParam, code, location: LOCATION, "accounts-server": base }), 302);
  });

  app.post("/oauth/v2/token", async (c) => {
    const input = await params(c);
    try {
      if (input.grant_type === "authorization_code") {
        state.count("authorize");
        state.checkClient(input.client_id, input.client_secret);
        const granted = state.exchangeCode({ code: input.code ?? "", clientId: input.client_id!, redirectUri: input.redirect_uri ?? "" });
        return c.json({
          access_token: granted.accessToken,
          refresh_token: granted.refreshToken,
          scope: granted.scope,
          api_domain: base,
          token_type: "Bearer",
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
        });
      }
      if (input.grant_type === "refresh_token") {
        state.count("refresh");
        state.checkClient(input.client_id, input.client_secret);
        const refreshed = state.refresh({ refreshToken: input.refresh_token ?? "", clientId: input.client_id! });
        return c.json({
          access_token: refreshed.accessToken,
          scope: refreshed.scope,
          api_domain: base,
          token_type: "Bearer",
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
        });
      }
      throw new ZohoAccountsError("unsupported_grant_type");
    } catch (error) {
      if (error instanceof ZohoAccountsError) return c.json({ error: error.error });
      throw error;
    }
  });

  app.post("/oauth/v2/token/revoke", async (c) => {
    state.count("revoke");
    state.revoke((await params(c)).token ?? "");
    return c.json({ status: "success" });
  });
  return app;
}
