// The actions on one user (/api/admin/users/{id} and below) all answer with the user as they are now.
import { type AdminUserRow, adminUserAnswerSchema } from "@contracts/admin";
import { apiFetch, readJson } from "@/lib/api";

export async function actOnUser(
  id: string,
  action: { path: "" | "/credits" | "/throttle" | "/suspension"; method: "POST" | "PATCH" | "DELETE"; body?: unknown },
): Promise<AdminUserRow> {
  const response = await apiFetch(`/api/admin/users/${encodeURIComponent(id)}${action.path}`, {
    method: action.method,
    body: action.body,
  });
  return (await readJson(response, adminUserAnswerSchema)).user;
}
