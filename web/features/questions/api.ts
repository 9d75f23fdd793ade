import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionRequest, QuestionResponse } from '../../../common/questions';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

export const questionsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.questions.list(eventId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: QuestionResponse[] }>(`/events/${eventId}/questions`, { signal }).then((r) => r.data),
    ...whileLoggedIn,
  });

export const useQuestions = (eventId: number) => useQuery(questionsQuery(eventId));

/** A change to one question: the list is out of date, and so is the event (hidden questions setting). */
function useQuestionMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) }),
  });
}

export const useCreateQuestion = (eventId: number) =>
  useQuestionMutation(eventId, (body: QuestionRequest) =>
    apiFetch<QuestionResponse>(`/events/${eventId}/questions`, { method: 'POST', body }),
  );

export const useUpdateQuestion = (eventId: number) =>
  useQuestionMutation(eventId, ({ id, body }: { id: number; body: QuestionRequest }) =>
    apiFetch<QuestionResponse>(`/events/${eventId}/questions/${id}`, { method: 'PUT', body }),
  );

export const useDeleteQuestion = (eventId: number) =>
  useQuestionMutation(eventId, (id: number) =>
    apiFetch<void>(`/events/${eventId}/questions/${id}`, { method: 'DELETE' }),
  );

/**
 * The event's own questions in a new order. The list moves at once; if the API refuses, it
 * goes back to the order it had and the caller says why.
 */
export function useSortQuestions(eventId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.questions.list(eventId);
  return useMutation({
    mutationFn: (ordered: QuestionResponse[]) =>
      apiFetch<{ data: QuestionResponse[] }>(`/events/${eventId}/questions/sort`, {
        method: 'POST',
        body: { question_ids: ordered.filter((q) => !q.is_default).map((q) => q.id) },
      }).then((r) => r.data),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<QuestionResponse[]>(key);
      queryClient.setQueryData(key, ordered);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (questions) => queryClient.setQueryData(key, questions),
  });
}

/** The whole list with one question moved by `step` places among those of its own group. */
export function moveQuestion(all: QuestionResponse[], id: number, step: -1 | 1): QuestionResponse[] {
  const moving = all.find((q) => q.id === id);
  if (!moving) return all;
  const group = all.filter((q) => !q.is_default && q.scope === moving.scope);
  const from = group.findIndex((q) => q.id === id);
  const to = from + step;
  if (to < 0 || to >= group.length) return all;
  const reordered = [...group];
  reordered.splice(from, 1);
  reordered.splice(to, 0, moving);
  // The group's questions take the group's places in the whole list, in their new order.
  let next = 0;
  return all.map((q) => (!q.is_default && q.scope === moving.scope ? (reordered[next++] ?? q) : q));
}
