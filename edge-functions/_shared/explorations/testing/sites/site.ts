// What a fixture web site is to the fixture proxy: something that answers a path. Most sites are a folder of files
// next to this one (staticSite); the rest are written as code where their behaviour is the point (a 503 for
// everything, redirects, pages that never answer, a body that never ends).

export interface FixtureResponse {
  status: number;
  headers?: Record<string, string>;
  /** A string, or a stream for bodies that are large or never end. */
  body?: string | (() => ReadableStream<Uint8Array>);
  /** Never answer: the proxy holds the request until the client gives up or the proxy stops. */
  hang?: true;
}

export interface FixtureSite {
  /** Milliseconds every response of this site waits before it is sent. */
  delayMs?: number;
  /** `path` is the request's path and query, e.g. "/about/team/" or "/?ts=Web+Hosting". */
  respond(path: string): Promise<FixtureResponse> | FixtureResponse;
}

const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  json: "application/json",
};

/**
 * Serves the files of `folder` the way a web server with pretty permalinks does: "/" is index.html, "/about/" and
 * "/about" are about.html or about/index.html, "/robots.txt" is robots.txt; anything else is the folder's 404.html.
 * Files are read when asked for, so editing one needs no restart. Like a server with server-side includes, an HTML
 * page's `<!--#include file="_part.html" -->` is replaced by that file of the folder, so parts every page shares (a
 * site footer) are written once; files whose name starts with "_" are parts, not pages, and are not served.
 */
export function staticSite(
  folder: URL,
  options: { headers?: Record<string, string>; delayMs?: number } = {},
): FixtureSite {
  const read = async (relative: string): Promise<FixtureResponse | null> => {
    try {
      const extension = relative.split(".").at(-1) ?? "";
      const text = await Deno.readTextFile(new URL(relative, folder));
      const body = extension === "html" ? await withIncludes(text, folder) : text;
      return {
        status: 200,
        headers: { "content-type": CONTENT_TYPES[extension] ?? "application/octet-stream", ...options.headers },
        body,
      };
    } catch (error) {
      if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.IsADirectory) return null;
      throw error;
    }
  };
  return {
    delayMs: options.delayMs,
    async respond(path) {
      const segments = decodeURIComponent(new URL(path, "http://fixture.invalid").pathname).split("/").filter(Boolean);
      if (segments.some((segment) => segment === ".." || segment.startsWith(".") || segment.startsWith("_"))) {
        return { status: 400, body: "bad path" };
      }
      const name = segments.join("/");
      const candidates = name === "" ? ["index.html"] : [name, `${name}.html`, `${name}/index.html`];
      for (const candidate of candidates) {
        if (!candidate.includes(".")) continue;
        const found = await read(candidate);
        if (found) return found;
      }
      const notFound = await read("404.html");
      return notFound ? { ...notFound, status: 404 } : { status: 404, body: "Not Found" };
    },
  };
}

const INCLUDE = /<!--#include file="([^"/]+)" -->\n?/g;

async function withIncludes(html: string, folder: URL): Promise<string> {
  const parts = new Map<string, string>();
  for (const [, name] of html.matchAll(INCLUDE)) {
    if (!parts.has(name!)) parts.set(name!, await Deno.readTextFile(new URL(name!, folder)));
  }
  return html.replace(INCLUDE, (_, name: string) => parts.get(name)!);
}

/** A site that answers every path by redirecting to the same path on `target` (an origin like https://www.x.test). */
export function redirectingSite(target: string, status = 301, headers: Record<string, string> = {}): FixtureSite {
  return {
    respond: (path) => ({
      status,
      headers: { location: new URL(path, target).href, "content-type": "text/html; charset=utf-8", ...headers },
      body: `<html><head><title>${status} Moved</title></head><body><a href="${
        new URL(path, target).href
      }">Moved</a></body></html>`,
    }),
  };
}
