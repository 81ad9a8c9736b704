// The /contacts screen, downloaded with the route's own chunk; the route (search schema, loader) is in ./contacts.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { type ContactsView, ContactsPage, ExportContactsButton, ImportContactsDialog } from "@/features/contacts";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/contacts");

export const contactsLazyRoute = createLazyRoute("/_signed-in/contacts")({
  component: ContactsRoute,
});

function ContactsRoute() {
  usePageTitle("Contacts");
  // The route's loader deps are the view the address bar describes, normalised (page 1 when absent).
  const view = routeApi.useLoaderDeps();
  const navigate = routeApi.useNavigate();
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
