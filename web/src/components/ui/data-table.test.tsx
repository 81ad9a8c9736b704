import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type ColumnDef, DataTable, type DataTablePagination } from "./data-table";
import { EmptyState } from "./empty-state";

type Person = { id: number; name: string; city: string };

const people: Person[] = [
  { id: 1, name: "Carla", city: "Berlin" },
  { id: 2, name: "Ann", city: "Lisbon" },
  { id: 3, name: "Bob", city: "Berlin" },
  { id: 4, name: "Dan", city: "Oslo" },
  { id: 5, name: "Eve", city: "Rome" },
];

const columns: ColumnDef<Person>[] = [
  { accessorKey: "name", header: "Name" },
  { accessorKey: "city", header: "City" },
];


function Selectable({ onSelected }: { onSelected: (ids: string[]) => void }) {
  const [selected, setSelected] = useState({});
  return (
    <DataTable
      columns={columns}
      data={people}
      getRowId={(person) => String(person.id)}
      selection={{
        value: selected,
        onChange: (update) => {
          const next = typeof update === "function" ? update(selected) : update;
          setSelected(next);
          onSelected(Object.keys(next).filter((id) => next[id as keyof typeof next]));
        },
        rowLabel: (person) => person.name,
      }}
    />
  );
}

describe("DataTable", () => {
  it("sorts by a column from its header, by mouse or keyboard, and says how on the column", async () => {
    const user = userEvent.setup();
    render(<DataTable columns={columns} data={people} />);
    const nameHeader = screen.getByRole("columnheader", { name: "Name" });
    expect(nameHeader).not.toHaveAttribute("aria-sort");

    await user.click(within(nameHeader).getByRole("button", { name: "Name" }));
    expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual([
      "Ann", "Bob", "Carla", "Dan", "Eve",
    ]);

    within(nameHeader).getByRole("button").focus();
    await user.keyboard("{Enter}");
    expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("Eve");
  });

  it("shows only the rows that contain the filter's text", () => {
    render(<DataTable columns={columns} data={people} filter="berlin" />);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual(["Carla", "Bob"]);
  });

  it("selects rows one by one or all at once, with a named checkbox each", async () => {
    const user = userEvent.setup();
    const onSelected = vi.fn();
    render(<Selectable onSelected={onSelected} />);

    await user.click(screen.getByRole("checkbox", { name: "Select Ann" }));
    expect(onSelected).toHaveBeenLastCalledWith(["2"]);
    expect(screen.getByRole("checkbox", { name: "Select all rows" })).toHaveAttribute("aria-checked", "mixed");

    await user.click(screen.getByRole("checkbox", { name: "Select all rows" }));
    expect(onSelected).toHaveBeenLastCalledWith(["1", "2", "3", "4", "5"]);
    expect(screen.getByRole("checkbox", { name: "Select Eve" })).toHaveAttribute("aria-checked", "true");
  });

  it("pages the rows it holds", async () => {
    const user = userEvent.setup();
    render(<DataTable columns={columns} data={people} pagination={{ mode: "client", pageSize: 2 }} />);
    expect(screen.getByText("Showing 1–2 of 5")).toBeVisible();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Showing 5–5 of 5")).toBeVisible();
    expect(screen.getAllByRole("row")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("asks for another page of rows a server pages, and does not sort a page of them", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const pagination: DataTablePagination = { mode: "server", page: 2, pageSize: 2, total: 5, onPageChange };
    render(<DataTable columns={columns} data={people.slice(2, 4)} pagination={pagination} />);

    expect(screen.getByText("Showing 3–4 of 5")).toBeVisible();
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(within(screen.getByRole("columnheader", { name: "Name" })).queryByRole("button")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it("says it is loading, and shows its empty state instead of an empty table", () => {
    const { rerender } = render(<DataTable columns={columns} data={[]} isLoading loadingLabel="Loading people" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading people");
    expect(screen.queryByRole("table")).toBeNull();

    rerender(<DataTable columns={columns} data={[]} empty={<EmptyState title="No people yet." />} />);
    expect(screen.getByText("No people yet.")).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
