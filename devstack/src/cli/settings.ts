// The project's settings: the variables .env.example lists, given to every edge function the way `supabase secrets`
// reach them in production. Each takes its value from the environment of `npm start` / `npm test`, else from a .env
// file at the repository root, else from .env.example's default.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { withMachineSecretsKey, withMachineVapidKeys } from "./machine-secrets-key.ts";
import { paths } from "./paths.ts";

export interface SettingsSources {
  /** The text of .env.example: which settings exist and their defaults. */
  example: string;
  /** The text of .env, when there is one. */
  dotenv: string | undefined;
  environment: NodeJS.ProcessEnv;
}

export function settingsFromSources(sources: SettingsSources): Record<string, string> {
  const defaults = parseEnv(sources.example);
  const local = sources.dotenv === undefined ? {} : parseEnv(sources.dotenv);
  return Object.fromEntries(
    Object.keys(defaults).map((name) => [name, sources.environment[name] ?? local[name] ?? defaults[name] ?? ""]),
  );
}

/** The settings, with this machine's own secrets key and VAPID keys when none are set (machine-secrets-key.ts). */
export function resolveSettings(environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const settings = settingsFromSources({
    example: readFileSync(paths.envExample, "utf8"),
    dotenv: existsSync(paths.envFile) ? readFileSync(paths.envFile, "utf8") : undefined,
    environment,
  });
  return withMachineVapidKeys(withMachineSecretsKey(settings, paths.secretsKeyFile), paths.vapidKeysFile);
}
