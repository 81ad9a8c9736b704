// Warms the contacts page's cache from its route loader: the lists and the page in view start loading with the
// navigation (or when a pointer rests on a link to it), side by side with the signed-in check, not after it.
import type { QueryClient } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";
import { type ContactsView, contactsPageQuery } from "../contacts-view";
import { contactListsQueryOptions } from "./get-contact-lists";
import { contactsQueryOptions } from "./get-contacts";

export async function prefetchContactsPage(queryClient: QueryClient, view: ContactsView): Promise<void> {
  // Signed out, the page asks the visitor to sign in and loads nothing.
  const { data } = await supabase.auth.getSession();
  if (!data.session) return;
  await Promise.all([
    queryClient.prefetchQuery(contactListsQueryOptions()),
    queryClient.prefetchQuery(contactsQueryOptions(contactsPageQuery(view))),
  ]);
}
