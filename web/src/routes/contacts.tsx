// /contacts (core.md §2): the signed-in user's contacts. The view (search, list, page) lives in the address bar.
import { createRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { z } from "zod";
import {
  type ContactsView,
  ContactsPage,
  ExportContactsButton,
  ImportContactsDialog,
  prefetchContactsPage,
} from "@/features/contacts";
import { usePageTitle } from "@/lib/page-title";
import { rootRoute } from "./root";

const contactsSearchSchema = z.object({
  q: z.string().trim().max(254).optional().catch(undefined),
  listId: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().positive().optional().catch(undefined),
});

export const contactsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/contacts",
  validateSearch: contactsSearchSchema,
  loaderDeps: ({ search }) => viewOf(search),
  // Not awaited: the page renders at once (its loading state) while the warmed queries come in.
  loader: ({ context, deps }) => void prefetchContactsPage(context.queryClient, deps),
  component: ContactsRoute,
});

function viewOf(search: z.output<typeof contactsSearchSchema>): ContactsView {
  return { q: search.q || undefined, listId: search.listId, page: search.page ?? 1 };
}

function ContactsRoute() {
  usePageTitle("Contacts");
  const search = contactsRoute.useSearch();
  const navigate = contactsRoute.useNavigate();
  const view = viewOf(search);
  const onViewChange = useCallback(
    (next: ContactsView) =>
      void navigate({
        search: { q: next.q || undefined, listId: next.listId, page: next.page > 1 ? next.page : undefined },
        replace: true,
      }),
    [navigate],
  );
  return (
    <ContactsPage
      view={view}
      onViewChange={onViewChange}
      renderActions={({ lists, view: current, total }) => (
        <>
          <ImportContactsDialog lists={lists} listId={current.listId} />
          <ExportContactsButton lists={lists} view={current} total={total} />
        </>
      )}
    />
  );
}
