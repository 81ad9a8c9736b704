import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TextField } from "./form";
import { FormDialog } from "./form-dialog";

const schema = z.object({
  name: z.string().trim().min(1, "Name is required").max(10, "At most 10 characters"),
  seats: z.string().transform((value) => Number(value)),
});

function Harness({ onSubmit, canSubmit }: { onSubmit: (values: z.output<typeof schema>) => Promise<void>; canSubmit?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? "open" : "closed"}</p>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Create Team"
        description="A team of its own."
        schema={schema}
        defaultValues={{ name: "", seats: "3" }}
        onSubmit={async (values) => {
          await onSubmit(values);
          setOpen(false);
        }}
        submitLabel="Create Team"
        pendingLabel="Creating..."
        canSubmit={canSubmit === undefined ? undefined : () => canSubmit}
      >
        {(form) => (
          <>
            <TextField label="Name" registration={form.register("name")} error={form.formState.errors.name} />
            <TextField label="Seats" registration={form.register("seats")} error={form.formState.errors.seats} />
          </>
        )}
      </FormDialog>
    </>
  );
}

describe("FormDialog", () => {
  it("shows the schema's message on the field and sends nothing while the input is invalid", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    render(<Harness onSubmit={onSubmit} />);
    const dialog = screen.getByRole("dialog", { name: "Create Team" });

    await user.type(within(dialog).getByLabelText("Name"), "far too long a name");
    await user.click(within(dialog).getByRole("button", { name: "Create Team" }));

    expect(await within(dialog).findByText("At most 10 characters")).toBeVisible();
    expect(within(dialog).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("hands over the parsed values, says it is working meanwhile, and closes when the caller does", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onSubmit={onSubmit} />);
    const dialog = screen.getByRole("dialog", { name: "Create Team" });

    await user.type(within(dialog).getByLabelText("Name"), "  Sales ");
    await user.click(within(dialog).getByRole("button", { name: "Create Team" }));

    expect(await within(dialog).findByRole("button", { name: "Creating..." })).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({ name: "Sales", seats: 3 });
    finish();
    await waitFor(() => expect(screen.getByText("closed")).toBeInTheDocument());
  });

  it("keeps the submit button off until canSubmit allows it, and Cancel closes", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn(async () => {})} canSubmit={false} />);
    const dialog = screen.getByRole("dialog", { name: "Create Team" });

    expect(within(dialog).getByRole("button", { name: "Create Team" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("closed")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
