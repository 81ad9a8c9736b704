// Access tokens and the Supabase clients: who a bearer token names, and the clients that talk to Auth. Other folders
// reach auth through this file only.
export { type AccessTokenClaims, decodeAccessTokenClaims } from "./claims.ts";
export { authAdminClient, newVisitorClient } from "./supabase-clients.ts";
export { forgetAccessToken, type SignedIn, verifyAccessToken } from "./verify-access-token.ts";
