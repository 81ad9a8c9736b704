// The Emails tab's name search: does a discovered address belong to the person typed? Only letters are
// compared, on both sides: case, accents ("José" finds jose@), digits and the separators . _ - never decide. An
// address matches when its local part is
//   - the typed words joined ("jane doe" → janedoe, jane.doe, jane_doe, jane-doe),
//   - the first word's initial plus the last word ("jane doe" → jdoe, j.doe, j_doe, j-doe), or,
//   - when the last word is a single letter, an initial: the local part's pieces (split at . _ -) correspond word for
//     word, a single letter standing for a piece's initial ("jane d" and "j d" → jane.doe).
// An empty search matches every address.

/** The letters of a word, lower-cased and without accents; anything else (digits, punctuation, separators) goes. */
function lettersOf(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}]/gu, "");
}

/** The words of a search, each reduced to its letters; words with no letters at all are not words. */
function searchWords(search: string): string[] {
  return search
    .split(/\s+/)
    .map(lettersOf)
    .filter((word) => word !== "");
}

export function matchesNameSearch(email: string, search: string): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const localPart = email.slice(0, Math.max(0, email.lastIndexOf("@"))) || email;
  const letters = lettersOf(localPart);
  if (letters === words.join("")) return true;
  if (words.length < 2) return false;

  const first = words[0]!;
  const last = words.at(-1)!;
  if (letters === first[0] + last) return true;
  if (last.length !== 1) return false;

  const pieces = localPart.split(/[._-]+/).map(lettersOf).filter((piece) => piece !== "");
  return (
    pieces.length === words.length &&
    words.every((word, index) => word === pieces[index] || (word.length === 1 && pieces[index]!.startsWith(word)))
  );
}
