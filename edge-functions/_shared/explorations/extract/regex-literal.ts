// Two readings of a fingerprint's regular expression that let thousands of them run over a page in milliseconds:
// pieces of plain text one of which every match must contain (so a pattern runs only where its text occurs), and the
// same expression with unbounded repeats capped at 250 (as the fingerprints' own engine does), so no pattern can
// backtrack across a 2 MB page.

/** Characters an escape stands for, and how many characters follow the letter of an escape sequence. */
function escapeLength(source: string, index: number): number {
  const letter = source[index + 1] ?? "";
  const rest = source.slice(index + 2);
  if (letter === "x") return 4;
  if (letter === "u") return rest.startsWith("{") ? 3 + rest.indexOf("}") + 1 : 6;
  if (letter === "c") return 3;
  if ((letter === "p" || letter === "P") && rest.startsWith("{")) return 3 + rest.indexOf("}") + 1;
  if (letter === "k" && rest.startsWith("<")) return 3 + rest.indexOf(">") + 1;
  if (/\d/.test(letter)) return 2 + (/^\d*/.exec(rest)?.[0].length ?? 0);
  return 2;
}

function classEnd(source: string, index: number): number {
  let position = index + 1;
  if (source[position] === "^") position++;
  if (source[position] === "]") position++;
  while (position < source.length && source[position] !== "]") position += source[position] === "\\" ? 2 : 1;
  return position + 1;
}

/**
 * The longest run (3+ characters, lower-cased) of literal text outside groups and classes that every match contains,
 * or null when there is none (or an alternation at the top level makes every piece optional).
 */
function requiredLiteral(source: string): string | null {
  let best = "";
  let current = "";
  let depth = 0;
  const flush = () => {
    if (current.length > best.length) best = current;
    current = "";
  };
  for (let index = 0; index < source.length;) {
    const char = source[index]!;
    if (char === "\\") {
      const next = source[index + 1] ?? "";
      if (/[A-Za-z0-9]/.test(next)) {
        flush();
        index += escapeLength(source, index);
      } else {
        if (depth === 0) current += next.toLowerCase();
        index += 2;
      }
    } else if (char === "[") {
      flush();
      index = classEnd(source, index);
    } else if (char === "(" || char === ")") {
      depth += char === "(" ? 1 : -1;
      flush();
      index++;
    } else if (char === "|") {
      if (depth === 0) return null;
      flush();
      index++;
    } else if (".^$".includes(char)) {
      flush();
      index++;
    } else if ("?*+{".includes(char)) {
      // The quantifier applies to the previous atom: optional ("?", "*", "{0,") drops it from the run.
      const optional = char === "?" || char === "*" || /^\{0\s*[,}]/.test(source.slice(index));
      if (optional && depth === 0) current = current.slice(0, -1);
      flush();
      index = char === "{" ? Math.max(source.indexOf("}", index), index) + 1 : index + 1;
      if (source[index] === "?") index++;
    } else {
      if (depth === 0) current += char.toLowerCase();
      index++;
    }
  }
  flush();
  return best.length >= 3 ? best : null;
}

/** The top-level alternatives of an expression ("a|b(c|d)" → "a", "b(c|d)"). */
function alternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < source.length;) {
    const char = source[index]!;
    if (char === "\\") index += 2;
    else if (char === "[") index = classEnd(source, index);
    else {
      if (char === "(") depth++;
      else if (char === ")") depth--;
      else if (char === "|" && depth === 0) {
        parts.push(source.slice(start, index));
        start = index + 1;
      }
      index++;
    }
  }
  parts.push(source.slice(start));
  return parts;
}

/** The inside of an expression that is one group as a whole ("(?:a|b)" → "a|b"), else null. */
function wholeGroup(source: string): string | null {
  const open = /^\((?:\?:|\?<[A-Za-z]\w*>)?/.exec(source);
  if (open === null || !source.endsWith(")")) return null;
  const inner = source.slice(open[0].length, -1);
  return balanced(inner) ? inner : null;
}

function balanced(source: string): boolean {
  let depth = 0;
  for (let index = 0; index < source.length;) {
    const char = source[index]!;
    if (char === "\\") index += 2;
    else if (char === "[") index = classEnd(source, index);
    else {
      if (char === "(") depth++;
      if (char === ")" && --depth < 0) return false;
      index++;
    }
  }
  return depth === 0;
}

/**
 * Pieces of text (lower-cased, 3+ characters) one of which every match of the expression contains: one per
 * top-level alternative ("googletagmanager\.com|gtm\.js" → both), or null when some alternative needs none.
 */
export function requiredLiterals(source: string): string[] | null {
  const group = wholeGroup(source);
  if (group !== null) return requiredLiterals(group);
  const parts = alternatives(source);
  if (parts.length === 1) {
    const literal = requiredLiteral(source);
    return literal === null ? null : [literal];
  }
  const found: string[] = [];
  for (const part of parts) {
    const literals = requiredLiterals(part);
    if (literals === null) return null;
    found.push(...literals);
  }
  return found;
}

/** The expression with "+" and "*" repeats (outside classes, not escaped) capped at 250. */
export function boundRepeats(source: string): string {
  let out = "";
  for (let index = 0; index < source.length;) {
    const char = source[index]!;
    if (char === "\\") {
      out += source.slice(index, index + 2);
      index += 2;
    } else if (char === "[") {
      const end = classEnd(source, index);
      out += source.slice(index, end);
      index = end;
    } else {
      out += char === "+" ? "{1,250}" : char === "*" ? "{0,250}" : char;
      index++;
    }
  }
  return out;
}
