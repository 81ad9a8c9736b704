// The admin's campaign resources (marketing campaigns and the four managers) are the same four calls on different
// paths: GET the list, POST a new one, PUT /{id} the whole of it, DELETE /{id}. One definition of those calls, given
// each resource's path and schemas; a change invalidates the list and the marketing figures that count it.
import {
  queryOptions,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { marketingFiguresQueryKey } from "./get-marketing-stats";

type ApiPath = `/api/${string}`;

export type AdminResource<Item extends { id: string }, Input, Path extends ApiPath = ApiPath> = {
  path: Path;
  queryKey: readonly [string];
  useList: () => UseQueryResult<Item[]>;
  useCreate: () => UseMutationResult<Item, Error, Input>;
  useUpdate: () => UseMutationResult<Item, Error, { id: string; values: Input }>;
  useDelete: () => UseMutationResult<void, Error, string>;
};

function listQueryOptions<Item>(path: ApiPath, itemSchema: z.ZodType<Item>) {
  return queryOptions({
    meta: userScoped,
    queryKey: [path] as const,
    queryFn: async ({ signal }) => readJson(await apiFetch(path, { signal }), z.array(itemSchema)),
  });
}

export function adminResource<Item extends { id: string }, Input, Path extends ApiPath = ApiPath>(
  path: Path,
  itemSchema: z.ZodType<Item>,
): AdminResource<Item, Input, Path> {
  const queryKey = [path] as const;
  const base: ApiPath = path;

  function useChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      onSettled: async () => {
        await queryClient.invalidateQueries({ queryKey });
        await queryClient.invalidateQueries({ queryKey: marketingFiguresQueryKey });
      },
    });
  }

  return {
    path,
    queryKey,
    useList: () => useQuery(listQueryOptions(path, itemSchema)),
    useCreate: () =>
      useChange(async (values: Input) => readJson(await apiFetch(path, { method: "POST", body: values }), itemSchema)),
    useUpdate: () =>
      useChange(async ({ id, values }: { id: string; values: Input }) =>
        readJson(await apiFetch(`${base}/${id}`, { method: "PUT", body: values }), itemSchema),
      ),
    useDelete: () =>
      useChange(async (id: string) => {
        await apiFetch(`${base}/${id}`, { method: "DELETE" });
      }),
  };
}
