import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { adminUser, demoUser } from "@/test/network";
import { userScoped } from "@/lib/user-scoped";
import { currentUserQueryKey, setCurrentUser } from "./get-current-user";

function cacheOf(user: typeof demoUser | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  // What the person has seen: their contacts (user-scoped), and something anyone may see.
  queryClient.setQueryDefaults(["/api/contacts"], { meta: userScoped });
  queryClient.setQueryData(["/api/contacts", { limit: 50, offset: 0 }], { contacts: ["theirs"], total: 1 });
  queryClient.setQueryData(["/api/system-popups"], ["for everyone"]);
  return queryClient;
}

const contactsOf = (queryClient: QueryClient) => queryClient.getQueryData(["/api/contacts", { limit: 50, offset: 0 }]);

describe("setCurrentUser", () => {
  it("drops the previous person's data when someone else signs in, and on sign-out", () => {
    const switching = cacheOf(demoUser);
    setCurrentUser(switching, adminUser);
    expect(contactsOf(switching)).toBeUndefined();
    expect(switching.getQueryData(["/api/system-popups"])).toEqual(["for everyone"]);
    expect(switching.getQueryData(currentUserQueryKey)).toEqual(adminUser);

    const leaving = cacheOf(demoUser);
    setCurrentUser(leaving, null);
    expect(contactsOf(leaving)).toBeUndefined();
    expect(leaving.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it("keeps it when the same person signs in again", () => {
    const queryClient = cacheOf(demoUser);
    setCurrentUser(queryClient, { ...demoUser });
    expect(contactsOf(queryClient)).toEqual({ contacts: ["theirs"], total: 1 });
  });
});
