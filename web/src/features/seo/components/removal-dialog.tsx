// "Request removal": anyone may ask for a landing page to come down. The answer says what happens next (a link mailed
// to an address at the page's domain, or an admin's review); a refusal (too many requests, a field) says why.
import { LANDING_CLASSES, removalRequestSchema, SEO_REMOVAL_FRAGMENT } from "@contracts/seo";
import { useLocation } from "@tanstack/react-router";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormActions, TextareaField, TextField } from "@/components/ui/form";
import { messageOf } from "@/lib/api";
import { useRequestRemoval } from "../api/request-removal";

const FIELD_REFUSAL = /^(url|email|reason)\b/;

export function RemovalRequest({ url }: { url: string }) {
  const hash = useLocation({ select: (location) => location.hash });
  const [open, setOpen] = useState(hash === SEO_REMOVAL_FRAGMENT);
  const request = useRequestRemoval();
  return (
    <p className={LANDING_CLASSES.removal}>
      <Button
        variant="link"
        className="h-auto p-0 text-sm font-normal text-muted-foreground underline"
        onClick={() => {
          request.reset();
          setOpen(true);
        }}
      >
        Request removal
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Request removal</DialogTitle>
            <DialogDescription>
              Ask us to take this page down. An address at the page&apos;s domain gets a link that removes it at once;
              any other request is reviewed by our team.
            </DialogDescription>
          </DialogHeader>
          {request.isSuccess ? (
            <div className="grid gap-4">
              <p role="status">{request.data.message}</p>
              <div className="flex justify-end">
                <Button onClick={() => setOpen(false)}>Close</Button>
              </div>
            </div>
          ) : (
            <Form
              aria-label="Removal request"
              schema={removalRequestSchema}
              defaultValues={{ url, email: "", reason: "" }}
              onSubmit={async (values, form) => {
                try {
                  await request.mutateAsync(values);
                } catch (error) {
                  const message = messageOf(error, "The request could not be sent. Please try again.");
                  const field = message.match(FIELD_REFUSAL)?.[1] as "url" | "email" | "reason" | undefined;
                  form.setError(field ?? "root.server", { type: "server", message }, { shouldFocus: Boolean(field) });
                }
              }}
            >
              {({ register, formState }) => (
                <>
                  <TextField label="Page address" registration={register("url")} error={formState.errors.url} />
                  <TextField
                    label="Your email"
                    type="email"
                    autoComplete="email"
                    registration={register("email")}
                    error={formState.errors.email}
                    hint="At the page's domain, you get a link that removes the page."
                  />
                  <TextareaField label="Reason" registration={register("reason")} error={formState.errors.reason} />
                  {formState.errors.root?.server && (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {formState.errors.root.server.message}
                    </p>
                  )}
                  <FormActions onCancel={() => setOpen(false)} disabled={formState.isSubmitting}>
                    {formState.isSubmitting ? "Sending..." : "Send request"}
                  </FormActions>
                </>
              )}
            </Form>
          )}
        </DialogContent>
      </Dialog>
    </p>
  );
}
