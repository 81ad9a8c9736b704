// Secrets at rest: an AES-GCM envelope under keys that live in the functions' environment, never in the database, and
// the masks screens show instead of a secret. Other folders reach secrets through this file only.
export { type Keyring, keyBytes, keyringOf, open, SealedTextError, seal, sealedUnderOlderKey } from "./envelope.ts";
export { secretsKeyring } from "./keyring.ts";
export { MASK, masked } from "./masking.ts";
