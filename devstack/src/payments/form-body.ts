// Stripe's request bodies are application/x-www-form-urlencoded with nested keys in bracket notation, the way its
// clients encode them: line_items[0][price_data][unit_amount]=1200, metadata[user_id]=..., expand[]=customer.
// This turns such a body back into the nested objects and arrays the API reads, as Stripe's own parser does.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class FormBodyError extends Error {}

/** The key's path: `a[b][0][]` is ["a", "b", "0", ""] (an empty segment appends to an array). */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new FormBodyError(`Invalid parameter name: ${key}`);
  const segments = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "");
  return [match[1]!, ...segments];
}

const isIndex = (segment: string) => segment === "" || /^\d+$/.test(segment);

function child(container: FormValue[] | FormObject, segment: string, next: string, key: string): FormValue[] | FormObject {
  const wanted = isIndex(next) ? "array" : "object";
  const existing = Array.isArray(container) ? container[Number(segment)] : container[segment];
  if (existing === undefined) {
    const made: FormValue[] | FormObject = wanted === "array" ? [] : {};
    assign(container, segment, made, key);
    return made;
  }
  if (typeof existing === "string" || (wanted === "array") !== Array.isArray(existing)) {
    throw new FormBodyError(`Invalid parameter: ${key} mixes a value with nested parameters`);
  }
  return existing;
}

function assign(container: FormValue[] | FormObject, segment: string, value: FormValue, key: string): void {
  if (!Array.isArray(container)) {
    if (container[segment] !== undefined) throw new FormBodyError(`Duplicate parameter: ${key}`);
    container[segment] = value;
    return;
  }
  if (segment === "") {
    container.push(value);
    return;
  }
  const index = Number(segment);
  // Stripe's clients number array items from 0 without gaps; anything else is a malformed request.
  if (index > container.length) throw new FormBodyError(`Invalid array index in ${key}: items must be numbered from 0`);
  if (index < container.length && typeof value === "string") throw new FormBodyError(`Duplicate parameter: ${key}`);
  container[index] = value;
}

/** Parses a form-encoded body with bracket-notation keys into nested objects and arrays. */
export function parseFormBody(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let container: FormValue[] | FormObject = root;
    for (let i = 0; i < path.length - 1; i++) container = child(container, path[i]!, path[i + 1]!, key);
    assign(container, path[path.length - 1]!, value, key);
  }
  return root;
}
