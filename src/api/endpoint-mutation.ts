import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { EndpointAnswer, EndpointDeclaration } from '../../contract/endpoint';
import { call, type CallInput, type RequestOptions } from './http';
import { applyMutationStaleness, mutationStaleness } from './staleness';
import type { MutationName } from './staleness/entry';

/** An endpoint that changes something: it has its entry in the staleness map. */
type MutationDeclaration = EndpointDeclaration & { readonly name: MutationName };

/** What the staleness entry of a mutation reads: what was sent (the hook's variables) and what was answered. */
type StalenessOutcome<E extends MutationDeclaration> = Parameters<(typeof mutationStaleness)[E['name']]['effects']>[0];

/**
 * The endpoint, when the hook's variables and its answer are what its staleness entry reads; else a type no
 * declaration has, so that the call fails `tsc` with this name in the message.
 */
type ReadByItsStaleness<E extends MutationDeclaration, V> = [{ sent: V; answer: EndpointAnswer<E> }] extends [StalenessOutcome<E>]
  ? unknown
  : { readonly 'the staleness entry of this endpoint reads other variables or another answer': never };

/** Without `input`, the variables are the call's input; an endpoint that takes none is called as `mutate()`. */
type DefaultVariables<E extends EndpointDeclaration> = E extends { params: unknown } | { query: unknown } | { body: unknown }
  ? CallInput<E>
  : void;

export interface EndpointMutationOptions<E extends EndpointDeclaration, V> extends Pick<
  UseMutationOptions<EndpointAnswer<E>, Error, V>,
  'onSuccess' | 'onError'
> {
  /** The call's path parameters, query and body from the hook's variables (`mutate(variables)`). */
  input?: (variables: V) => CallInput<E>;
  /** ky options of the call (a generation's longer timeout). */
  request?: RequestOptions;
  /**
   * Whether the mutation settles only once the queries it left stale are refetched (the default); `false` settles it
   * at the answer and lets the lists catch up behind (the exclusions' toasts).
   */
  awaitRefetch?: boolean;
}

/**
 * The mutation options of an endpoint (docs/decisions/0007-one-staleness-map.md): the call as its declaration says,
 * then its entry of the staleness map, applied after a success or after any outcome as the entry's `when` says. The
 * hook's variables are what the entry receives as `sent`; `tsc` checks that they, and the answer, are what it reads.
 */
export function endpointMutationOptions<E extends MutationDeclaration, V = DefaultVariables<E>>(
  queryClient: QueryClient,
  endpoint: E & ReadByItsStaleness<E, V>,
  { input, request, awaitRefetch = true, onSuccess, onError }: EndpointMutationOptions<E, V> = {},
): UseMutationOptions<EndpointAnswer<E>, Error, V> {
  const { when } = mutationStaleness[endpoint.name];
  const applyStaleness = async (answer: EndpointAnswer<E> | undefined, sent: V) => {
    const applied = applyMutationStaleness(queryClient, endpoint.name, { sent, answer } as never);
    if (awaitRefetch) await applied;
  };
  return {
    mutationFn: (variables) => call(endpoint, input ? input(variables) : ((variables ?? {}) as CallInput<E>), request),
    onSuccess: async (answer, variables, ...rest) => {
      await onSuccess?.(answer, variables, ...rest);
      if (when === 'success') await applyStaleness(answer, variables);
    },
    ...(onError ? { onError } : {}),
    ...(when === 'settled'
      ? { onSettled: (answer: EndpointAnswer<E> | undefined, _error: Error | null, variables: V) => applyStaleness(answer, variables) }
      : {}),
  };
}

/** The mutation hook of an endpoint: `useMutation` with its endpointMutationOptions (above). */
export function useEndpointMutation<E extends MutationDeclaration, V = DefaultVariables<E>>(
  endpoint: E & ReadByItsStaleness<E, V>,
  options?: EndpointMutationOptions<E, V>,
) {
  return useMutation(endpointMutationOptions<E, V>(useQueryClient(), endpoint, options));
}
