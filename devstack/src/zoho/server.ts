// The fake Zoho on its loopback port, where the stack's functions and tests reach it.
import { closeFake, listenFake } from "../fake-server.ts";
import { zohoFake } from "./index.ts";

export interface RunningZohoFake {
  url: string;
  /** The functions' settings that point them at the fake: accounts server and CRM API alike. */
  settings: { ZOHO_ACCOUNTS_URL: string; ZOHO_API_URL: string };
  stop(): Promise<void>;
}

export async function startZohoFake(options: { port: number }): Promise<RunningZohoFake> {
  const { server, url } = await listenFake((base) => zohoFake({ base }).app, options.port, "Zoho");
  return { url, settings: { ZOHO_ACCOUNTS_URL: url, ZOHO_API_URL: url }, stop: () => closeFake(server) };
}
