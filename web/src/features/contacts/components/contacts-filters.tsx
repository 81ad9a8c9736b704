// The row above the contacts table: search (typed freely, asked of the server once typing pauses), the list filter,
// and what can be done to lists: create one, and edit or delete the one in view (never General, which keeps its name
// and can't go).
import type { ContactList } from "@contracts/contacts";
import { Trash2Icon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { SearchInput } from "@/components/ui/search-input";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { ContactsView } from "../contacts-view";
import { ListFormDialog } from "./list-form-dialog";
import { ListSelect } from "./list-select";

type ContactsFiltersProps = {
  view: ContactsView;
  onViewChange: (view: ContactsView) => void;
  lists: ContactList[];
  selectedList: ContactList | undefined;
  onDeleteList: () => void;
};

export function ContactsFilters({ view, onViewChange, lists, selectedList, onDeleteList }: ContactsFiltersProps) {
  const searchId = useId();
  const filterId = useId();
  const [search, setSearch] = useSearchAsYouType(view, onViewChange);
  const ownList = selectedList && !selectedList.isDefault ? selectedList : undefined;

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-56 flex-1 gap-1.5">
        <Label htmlFor={searchId}>Search contacts</Label>
        <SearchInput
          id={searchId}
          placeholder="Email, name, company or position"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="grid w-56 gap-1.5">
        <Label htmlFor={filterId}>List</Label>
        <ListSelect
          id={filterId}
          lists={lists}
          allOption="All lists"
          value={view.listId === undefined ? "" : String(view.listId)}
          onChange={(event) =>
            onViewChange({ ...view, listId: event.target.value ? Number(event.target.value) : undefined, page: 1 })
          }
        />
      </div>
      <ListFormDialog onCreated={(id) => onViewChange({ ...view, listId: id, page: 1 })} />
      {ownList && <ListFormDialog key={ownList.id} list={ownList} />}
      {ownList && (
        <Button variant="outline" onClick={onDeleteList}>
          <Trash2Icon aria-hidden />
          Delete List
        </Button>
      )}
    </div>
  );
}

/** The search box's text, and the view's q following it once the typing pauses (back to page 1). */
function useSearchAsYouType(view: ContactsView, onViewChange: (view: ContactsView) => void) {
  const [search, setSearch] = useState(view.q ?? "");
  const settled = useDebouncedValue(search.trim());
  // The view as it is when the typing settles, not as it was when it started.
  const latest = useRef({ view, onViewChange });
  latest.current = { view, onViewChange };
  useEffect(() => {
    const { view: current, onViewChange: change } = latest.current;
    if (settled === (current.q ?? "")) return;
    change({ ...current, q: settled || undefined, page: 1 });
  }, [settled]);
  return [search, setSearch] as const;
}
