// The home page's Share This Tool card: a word on why, and the button that opens the share dialog.
import { Share2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ShareDialog } from "./share-dialog";

export function ShareToolCard() {
  const [open, setOpen] = useState(false);
  // Sharing the tool means sharing its home page, wherever this copy of MailScout is served.
  const message = {
    url: `${window.location.origin}/`,
    title: "MailScout: free email validation and contact discovery",
    text: "I use MailScout to check whether an email address is real and to find more contacts at its domain. Free to try:",
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Share This Tool</CardTitle>
        <CardDescription>Found it useful? Pass it on to a colleague who works with email lists.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
          <Share2Icon aria-hidden />
          Share
        </Button>
        <ShareDialog open={open} onOpenChange={setOpen} message={message} />
      </CardContent>
    </Card>
  );
}
