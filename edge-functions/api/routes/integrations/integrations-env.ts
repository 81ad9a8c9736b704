// What the sub-app's middleware decides once per request and its routes read.
import type { ApiKeyHolder } from "../../../_shared/integrations/index.ts";
import type { CallerEnv } from "../../lib/caller.ts";

export type IntegrationsEnv = {
  Variables: CallerEnv["Variables"] & {
    /** Names the call in X-Request-Id and in its error body. */
    requestId: string;
    /** The key the call was made with, once recognised (whatever its state): the call is logged against it. */
    apiKey: ApiKeyHolder | undefined;
    /** Addresses the call validated, for the key's usage: set by the routes that validate. */
    apiKeyEmails: number | undefined;
  };
};
