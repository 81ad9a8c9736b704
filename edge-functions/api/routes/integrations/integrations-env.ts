// What the sub-app's middleware decides once per request and its routes read.
import type { SignedIn } from "../../../_shared/auth/index.ts";
import type { ApiKeyHolder } from "../../../_shared/integrations/index.ts";

export type IntegrationsEnv = {
  Variables: {
    /** The key's owner, as whom the routes work (asUser(owner.claims, …)): set once the key is accepted. */
    owner: SignedIn;
    /** Names the call in X-Request-Id and in its error body. */
    requestId: string;
    /** The key the call was made with, once recognised (whatever its state): the call is logged against it. */
    apiKey: ApiKeyHolder | undefined;
    /** Addresses the call validated, for the key's usage: set by the routes that validate. */
    apiKeyEmails: number | undefined;
  };
};
