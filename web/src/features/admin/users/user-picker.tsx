// Choosing a user by a part of their email address or username: the users endpoint searched as the person types
// (once typing pauses), the matches offered as radio buttons.
import type { AdminUserRow } from "@contracts/admin";
import { useId, useState } from "react";
import type { FieldError } from "react-hook-form";
import { FieldFrame } from "@/components/ui/form";
import { SearchInput } from "@/components/ui/search-input";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useAdminUsers } from "../api/get-admin-users";
import { userLabel } from "./user-labels";

/** How many matches are offered; a longer list is better narrowed by typing more. */
const PICKER_MATCHES = 8;

type UserPickerProps = {
  chosen: AdminUserRow | null;
  onChoose: (user: AdminUserRow) => void;
  error?: FieldError;
};

export function UserPicker({ chosen, onChoose, error }: UserPickerProps) {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim());
  const matches = useAdminUsers({ search: settled, pageSize: PICKER_MATCHES }, { enabled: settled !== "" });
  const users = matches.data?.users ?? [];
  const group = useId();

  return (
    <div className="grid gap-2">
      <FieldFrame label="User" error={error} hint="Search by email address or username">
        {(control) => <SearchInput {...control} value={search} onChange={(event) => setSearch(event.target.value)} />}
      </FieldFrame>
      {settled !== "" && (
        <fieldset className="grid gap-1 rounded-lg border p-2">
          <legend className="sr-only">Matching users</legend>
          {matches.isPending ? (
            <p role="status" className="p-1 text-sm text-muted-foreground">
              Searching...
            </p>
          ) : matches.isError ? (
            <p className="p-1 text-sm text-destructive">Failed to search users.</p>
          ) : users.length === 0 ? (
            <p className="p-1 text-sm text-muted-foreground">No users match “{settled}”.</p>
          ) : (
            users.map((user) => (
              <label key={user.id} className="flex cursor-pointer items-center gap-2 rounded-md p-1 text-sm hover:bg-accent">
                <input
                  type="radio"
                  name={group}
                  className="size-4 accent-primary"
                  checked={chosen?.id === user.id}
                  onChange={() => onChoose(user)}
                />
                {userLabel(user)}
                {user.email && <span className="text-muted-foreground">({user.username})</span>}
              </label>
            ))
          )}
        </fieldset>
      )}
    </div>
  );
}
