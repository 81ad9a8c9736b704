// How the domain builds its people's addresses, learnt from the names found next to them: with "Ann Lee" at
// ann.lee@ and "Bo Chen" at bo.chen@, the pattern is {first}.{last}. Only the domain's own, personal addresses with
// a first and a last name count (not info@, not addresses at other domains). The confidence is the share of those
// addresses that follow the winning pattern; a tie goes to the pattern listed first (the more common one).
import type { EmailPattern } from "../contract.ts";
import { isRoleAccount } from "../../validation/index.ts";
import { spellings } from "./person-words.ts";

interface NameParts {
  first: string;
  last: string;
}

/** Patterns in the order companies use them most, each building a mailbox from a first and last name. */
const PATTERNS: readonly [string, (name: NameParts) => string][] = [
  ["{first}.{last}", ({ first, last }) => `${first}.${last}`],
  ["{first}", ({ first }) => first],
  ["{f}{last}", ({ first, last }) => `${first[0]}${last}`],
  ["{first}{last}", ({ first, last }) => `${first}${last}`],
  ["{first}_{last}", ({ first, last }) => `${first}_${last}`],
  ["{f}.{last}", ({ first, last }) => `${first[0]}.${last}`],
  ["{last}", ({ last }) => last],
  ["{first}-{last}", ({ first, last }) => `${first}-${last}`],
  ["{last}.{first}", ({ first, last }) => `${last}.${first}`],
  ["{first}{l}", ({ first, last }) => `${first}${last[0]}`],
  ["{last}{f}", ({ first, last }) => `${last}${first[0]}`],
  ["{last}{first}", ({ first, last }) => `${last}${first}`],
  ["{first}.{l}", ({ first, last }) => `${first}.${last[0]}`],
  ["{f}{l}", ({ first, last }) => `${first[0]}${last[0]}`],
  ["{last}_{first}", ({ first, last }) => `${last}_${first}`],
  ["{f}_{last}", ({ first, last }) => `${first[0]}_${last}`],
  ["{last}.{f}", ({ first, last }) => `${last}.${first[0]}`],
];

/** Lower-case particles that join the family name ("Ana de la Cruz" → last "delacruz" or "cruz"). */
const PARTICLE = /^(?:van|von|der|den|de|del|della|da|di|du|la|le|dos|das|bin|al|ten|ter|zu|y)$/;

/** The ways a name may be split into first and last in a mailbox: accents folded, umlauts both ways. */
function nameVariants(name: string): NameParts[] {
  const words = name.split(" ").filter((word) => word !== "");
  if (words.length < 2) return [];
  const firstWord = words[0]!;
  // "Fatima El Idrissi" may be elidrissi@ as well as idrissi@.
  const lastWords = words.length >= 3 ? [words.at(-1)!, words.slice(-2).join("")] : [words.at(-1)!];
  const particleStart = words.findIndex((word, index) => index > 0 && PARTICLE.test(word));
  if (particleStart > 0) lastWords.push(words.slice(particleStart).join(""));
  const variants: NameParts[] = [];
  for (const first of spellings(firstWord)) {
    for (const lastWord of lastWords) {
      for (const last of spellings(lastWord)) {
        if (first !== "" && last !== "") variants.push({ first, last });
        // "Smith-Jones" is written smith-jones or smithjones; spellings() drops the hyphen, keep it too.
        if (lastWord.includes("-")) variants.push({ first, last: lastWord.toLowerCase() });
      }
    }
  }
  return variants;
}

export interface NamedAddress {
  /** The mailbox (local part), lower-cased. */
  local: string;
  name: string;
}

export function inferEmailPattern(addresses: readonly NamedAddress[]): EmailPattern | null {
  const counts = new Map<string, number>();
  let samples = 0;
  for (const { local, name } of addresses) {
    const mailbox = local.split("+")[0]!.toLowerCase();
    const variants = nameVariants(name);
    if (variants.length === 0 || isRoleAccount(mailbox)) continue;
    samples++;
    for (const [pattern, build] of PATTERNS) {
      if (variants.some((variant) => build(variant) === mailbox)) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
    }
  }
  let best: [string, number] | null = null;
  for (const [pattern] of PATTERNS) {
    const count = counts.get(pattern) ?? 0;
    if (count > 0 && (best === null || count > best[1])) best = [pattern, count];
  }
  return best === null ? null : {
    pattern: best[0],
    confidence: Math.round((best[1] / samples) * 100) / 100,
    samples,
  };
}
