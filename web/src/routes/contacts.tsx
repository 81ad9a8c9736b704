// /contacts: the signed-in user's contacts. The view (search, list, page) lives in the address bar.
// Only what matching and warming the cache need is here; the screen is in ./contacts.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
// The feature's modules are side-effect free ("sideEffects" in web/package.json), so this brings the prefetch into the
// main chunk without the rest of the feature's index (the screen, papaparse).
import { type ContactsView, prefetchContactsPage } from "@/features/contacts";
import { signedInRoute } from "./_signed-in";

const contactsSearchSchema = z.object({
  q: z.string().trim().max(254).optional().catch(undefined),
  listId: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().positive().optional().catch(undefined),
});

export const contactsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/contacts",
  // Signed out, the page itself asks the visitor to sign in rather than sending them away.
  staticData: { signedOutScreen: "Sign in to keep the contacts you find in lists." },
  validateSearch: contactsSearchSchema,
  // The screen reads its view from these deps too (useLoaderDeps), so page and loader ask for the same thing.
  loaderDeps: ({ search }) => viewOf(search),
  // Not awaited: the page renders at once (its loading state) while the warmed queries come in.
  loader: ({ context, deps }) => void prefetchContactsPage(context.queryClient, deps),
}).lazy(() => import("./contacts.lazy").then((module) => module.contactsLazyRoute));

function viewOf(search: z.output<typeof contactsSearchSchema>): ContactsView {
  return { q: search.q || undefined, listId: search.listId, page: search.page ?? 1 };
}
