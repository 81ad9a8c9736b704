// A select of the user's contact lists, on the kit's native select.
import type { ContactList } from "@contracts/contacts";
import type { ComponentProps } from "react";
import { NativeSelect } from "@/components/ui/native-select";

type ListSelectProps = ComponentProps<"select"> & { lists: ContactList[]; allOption?: string };

export function ListSelect({ lists, allOption, ...props }: ListSelectProps) {
  return (
    <NativeSelect {...props}>
      {allOption !== undefined && <option value="">{allOption}</option>}
      {lists.map((list) => (
        <option key={list.id} value={String(list.id)}>
          {list.name}
        </option>
      ))}
    </NativeSelect>
  );
}
