// Create list (core.md §5): name required, description optional, colour defaulting to #3B82F6.
import { createContactListRequestSchema, DEFAULT_LIST_COLOR } from "@contracts/contacts";
import { useId, useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, TextField } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useCreateContactList } from "../api/create-contact-list";

const listFormSchema = createContactListRequestSchema.omit({ isDefault: true });

export function CreateListDialog({ onCreated }: { onCreated?: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  const create = useCreateContactList();
  const colorId = useId();

  async function submit(values: z.output<typeof listFormSchema>) {
    try {
      const list = await create.mutateAsync(values);
      toast({ title: "Success", description: "Contact list created successfully" });
      setOpen(false);
      onCreated?.(list.id);
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to create contact list: ${messageOf(error, error instanceof Error ? error.message : "")}`,
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        New List
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Contact List</DialogTitle>
          <DialogDescription>Group contacts into a list of their own.</DialogDescription>
        </DialogHeader>
        {open && (
          <Form schema={listFormSchema} defaultValues={{ name: "", description: "", color: DEFAULT_LIST_COLOR }} onSubmit={submit}>
            {(form) => {
              const pending = form.formState.isSubmitting;
              const nameEmpty = (form.watch("name") ?? "").trim() === "";
              return (
                <>
                  <TextField label="Name" registration={form.register("name")} error={form.formState.errors.name} />
                  <TextField
                    label="Description"
                    registration={form.register("description")}
                    error={form.formState.errors.description}
                  />
                  <div className="grid gap-2">
                    <Label htmlFor={colorId}>Colour</Label>
                    <input
                      id={colorId}
                      type="color"
                      className="h-10 w-20 cursor-pointer rounded-lg border border-input bg-card p-1"
                      {...form.register("color")}
                    />
                  </div>
                  <div className="flex justify-end gap-2">
                    <Button variant="outline" onClick={() => setOpen(false)}>
                      Cancel
                    </Button>
                    <Button type="submit" disabled={pending || nameEmpty}>
                      {pending ? "Creating..." : "Create List"}
                    </Button>
                  </div>
                </>
              );
            }}
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
