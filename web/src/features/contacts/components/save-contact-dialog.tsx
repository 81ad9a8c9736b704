// The Save Contact dialog, opened from a valid validation result and from each discovered address: the
// address and its domain read-only, the person's details editable (prefilled from what discovery found), a list.
// Fields reset every time it opens. Only signed-in people save contacts: for anyone else the button is
// not shown at all.
import { type ContactSource, contactFieldsSchema } from "@contracts/contacts";
import { BookmarkCheckIcon, BookmarkPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormActions, TextareaField, TextField } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { useAuth } from "@/features/auth";
import { messageOf } from "@/lib/api";
import { savedContactMessage, useCreateContact } from "../api/create-contact";
import { useContactLists } from "../api/get-contact-lists";
import { useIsSavedContact } from "../api/get-contacts";
import { ListSelect } from "./list-select";

export type SaveContactCandidate = {
  email: string;
  name?: string | null;
  position?: string | null;
  phone?: string | null;
  /** The page the address was found on, kept as the contact's source URL when it is a web address. */
  foundOn?: string | null;
};

const saveFormSchema = contactFieldsSchema.extend({
  listId: z.string().transform((value) => (value === "" ? null : Number(value))),
});

export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

function webAddress(value: string | null | undefined): string | null {
  return value && /^https?:\/\//i.test(value) ? value : null;
}

type SaveContactButtonProps = {
  candidate: SaveContactCandidate;
  source: Extract<ContactSource, "validation" | "discovery">;
  /** "card": a small button that becomes an Already saved to contacts mark; "full": a full-size button. */
  look?: "card" | "full";
};

export function SaveContactButton({ candidate, source, look = "full" }: SaveContactButtonProps) {
  const { isAuthenticated } = useAuth();
  const saved = useIsSavedContact(candidate.email, isAuthenticated);
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) return null;

  const isSaved = saved.data === true;
  if (isSaved && look === "card") {
    return (
      <Button variant="ghost" size="sm" disabled className="text-success">
        <BookmarkCheckIcon aria-hidden />
        Already saved to contacts
      </Button>
    );
  }
  return (
    <>
      <Button
        variant={look === "card" ? "ghost" : "outline"}
        size={look === "card" ? "sm" : "default"}
        disabled={isSaved || saved.isPending}
        aria-label={look === "card" ? `Save ${candidate.email} to contacts` : undefined}
        onClick={() => setOpen(true)}
      >
        {isSaved ? <BookmarkCheckIcon aria-hidden /> : <BookmarkPlusIcon aria-hidden />}
        {isSaved ? "Saved to Contacts" : "Save to Contacts"}
      </Button>
      <SaveContactDialog
        open={open}
        onOpenChange={setOpen}
        candidate={candidate}
        source={source}
        alreadySaved={isSaved}
      />
    </>
  );
}

type SaveContactDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  candidate: SaveContactCandidate;
  source: Extract<ContactSource, "validation" | "discovery">;
  alreadySaved: boolean;
};

export function SaveContactDialog({ open, onOpenChange, candidate, source, alreadySaved }: SaveContactDialogProps) {
  const lists = useContactLists(open);
  const create = useCreateContact();
  const emailId = useId();
  const domainId = useId();
  const listId = useId();
  const general = lists.data?.find((list) => list.isDefault);
  const { firstName, lastName } = splitName(candidate.name);

  async function submit(values: z.output<typeof saveFormSchema>) {
    try {
      const created = await create.mutateAsync({
        email: candidate.email,
        ...values,
        source,
        sourceUrl: webAddress(candidate.foundOn),
      });
      toast({ title: "Success", description: savedContactMessage(created) });
      onOpenChange(false);
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, "Failed to save contact"), variant: "destructive" });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save Contact</DialogTitle>
          <DialogDescription>Keep this address in one of your contact lists.</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so every field starts again from what was found. */}
        {open && (
          <Form
            schema={saveFormSchema}
            defaultValues={{
              position: candidate.position ?? "",
              firstName,
              lastName,
              company: "",
              phone: candidate.phone ?? "",
              notes: "",
              listId: general ? String(general.id) : "",
            }}
            onSubmit={submit}
          >
            {(form) => {
              const pending = form.formState.isSubmitting;
              const { errors } = form.formState;
              return (
                <>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <div className="grid gap-2">
                      <Label htmlFor={emailId}>Email</Label>
                      <Input id={emailId} value={candidate.email} readOnly className="bg-muted" />
                    </div>
                    <div className="grid gap-2">
                      <Label htmlFor={domainId}>Domain</Label>
                      <Input id={domainId} value={domainOf(candidate.email)} readOnly className="bg-muted" />
                    </div>
                  </div>
                  <TextField label="Position" registration={form.register("position")} error={errors.position} />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField label="First name" registration={form.register("firstName")} error={errors.firstName} />
                    <TextField label="Last name" registration={form.register("lastName")} error={errors.lastName} />
                    <TextField label="Company" registration={form.register("company")} error={errors.company} />
                    <TextField label="Phone" type="tel" registration={form.register("phone")} error={errors.phone} />
                  </div>
                  <TextareaField label="Notes" registration={form.register("notes")} error={errors.notes} />
                  <div className="grid gap-2">
                    <Label htmlFor={listId}>List</Label>
                    <ListSelect
                      id={listId}
                      lists={lists.data ?? []}
                      disabled={lists.isPending}
                      {...form.register("listId")}
                    />
                  </div>
                  <FormActions onCancel={() => onOpenChange(false)} disabled={pending || alreadySaved}>
                    {alreadySaved ? "Saved to Contacts" : pending ? "Saving..." : "Save to Contacts"}
                  </FormActions>
                </>
              );
            }}
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
