// The one password rule, for every place a password is chosen: /api/register (Deno) and devstack's Auth sign-up and
// password change (Node, which imports this file as it is). Length, bytes and "not your username or email" come from
// the shared contract; "not common" is zxcvbn-ts's estimate over its common-password and name dictionaries, which
// are too large for the SPA's bundle, so only servers ask it.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import {
  PASSWORD_IS_IDENTITY,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  characterCount,
  passwordIsIdentity,
  utf8Length,
  PASSWORD_MAX_BYTES,
} from "./contract.ts";

/**
 * zxcvbn's scores run 0 to 4; 3 ("safely unguessable: moderate protection from offline slow-hash scenario", about
 * 10^8 guesses) refuses dictionary words, common passwords with digits or symbols added ("P@ssw0rd!", "letmein123")
 * and keyboard walks, and accepts any passphrase of a few words.
 */
export const MINIMUM_PASSWORD_SCORE = 3;

export const PASSWORD_TOO_COMMON = "Password is too common or easy to guess: add words or characters that aren't a pattern";

export type PasswordProblem =
  | { reason: "length"; message: string }
  | { reason: "bytes"; message: string }
  | { reason: "identity"; message: string }
  | { reason: "common"; message: string };

let estimator: ZxcvbnFactory | undefined;

function strengthEstimator(): ZxcvbnFactory {
  // Built on first use: loading the dictionaries takes a moment that only a sign-up should pay.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator;
}

/** Why a new password is refused, or null when it may be used. The username and email count against it. */
export function passwordProblem(password: string, identity: { username?: string; email?: string }): PasswordProblem | null {
  if (characterCount(password) < PASSWORD_MIN_LENGTH) return { reason: "length", message: PASSWORD_TOO_SHORT };
  if (utf8Length(password) > PASSWORD_MAX_BYTES) return { reason: "bytes", message: PASSWORD_TOO_LONG };
  if (passwordIsIdentity(password, identity)) return { reason: "identity", message: PASSWORD_IS_IDENTITY };
  const inputs = [identity.username, identity.email, identity.email?.split("@")[0]].filter(
    (input): input is string => Boolean(input),
  );
  if (strengthEstimator().check(password, inputs).score < MINIMUM_PASSWORD_SCORE) {
    return { reason: "common", message: PASSWORD_TOO_COMMON };
  }
  return null;
}
