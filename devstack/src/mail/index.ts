// devstack's mail catcher, its Mailpit: one SMTP port for Auth, one HTTP port with Resend's sending API for the
// product (EMAIL_API_URL), Mailpit's read API for tests and a page for people. Messages live in memory only.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { inboxPageRoutes } from "./inbox-page.ts";
import { mailpitRoutes } from "./mailpit-api.ts";
import { resendRoutes } from "./resend-api.ts";
import { startSmtpServer } from "./smtp.ts";
import { DEFAULT_CAPACITY, MailStore } from "./store.ts";

export { MailStore } from "./store.ts";

/** The key the catcher's Resend API accepts: public knowledge, like devstack's other local keys. */
export const LOCAL_EMAIL_API_KEY = "re_devstack_local_key";

export interface MailCatcherOptions {
  /** 0 picks a free port (unit tests). */
  httpPort: number;
  smtpPort: number;
  apiKey?: string;
  capacity?: number;
  log?: (line: string) => void;
}

export interface RunningMailCatcher {
  store: MailStore;
  /** http://127.0.0.1:PORT: the page, the read API, and the value for EMAIL_API_URL. */
  url: string;
  httpPort: number;
  smtpPort: number;
  apiKey: string;
  /** The settings that send the product's mail here. */
  settings: { EMAIL_API_URL: string; EMAIL_API_KEY: string };
  stop(): Promise<void>;
}

export function mailCatcherApp(store: MailStore, apiKey: string): Hono {
  const app = new Hono();
  app.route("/", resendRoutes(store, apiKey));
  app.route("/", mailpitRoutes(store));
  app.route("/", inboxPageRoutes(store));
  return app;
}

export async function startMailCatcher(options: MailCatcherOptions): Promise<RunningMailCatcher> {
  const log = options.log ?? (() => {});
  const apiKey = options.apiKey ?? LOCAL_EMAIL_API_KEY;
  const store = new MailStore(options.capacity ?? DEFAULT_CAPACITY);
  const smtp = await startSmtpServer(store, options.smtpPort, log);
  let http: Server;
  try {
    http = await listen(mailCatcherApp(store, apiKey), options.httpPort);
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  const httpPort = (http.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${httpPort}`;
  return {
    store,
    url,
    httpPort,
    smtpPort: smtp.port,
    apiKey,
    settings: { EMAIL_API_URL: url, EMAIL_API_KEY: apiKey },
    async stop() {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      await smtp.stop();
    },
  };
}

function listen(app: Hono, port: number): Promise<Server> {
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`The mail catcher cannot listen on 127.0.0.1:${port}: ${error.message}`));
    server.once("error", onError);
    // Loopback only: the inbox holds every confirmation link the stack sent.
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      resolve(server);
    });
  });
}
