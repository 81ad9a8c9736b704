// Login and register differ only in path and body: both post, get the session back and make its user the current
// one, so one mutation serves both.
import type { User } from "@contracts/auth";
import type { VisitorAction } from "@contracts/marketing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { reportVisitorAction } from "@/features/campaigns";
import { apiFetch } from "@/lib/api";
import { startSession } from "../session";
import { setCurrentUser } from "./get-current-user";

/** Validates `body` with `schema`, posts it to `path` and starts the session the answer carries. */
export async function postForSession<S extends z.ZodType>(path: `/api/${string}`, schema: S, body: z.input<S>): Promise<User> {
  return startSession(await apiFetch(path, { method: "POST", body: schema.parse(body) }));
}

/** `action` is what a campaign shown "after" it waits for: a sign-in or a sign-up. */
export function useSessionMutation<T>(post: (body: T) => Promise<User>, action: Extract<VisitorAction, "login" | "signup">) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      reportVisitorAction(action);
    },
  });
}
