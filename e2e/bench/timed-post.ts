/** POSTs `body` (or nothing) to `url` as the operator of `token`, and answers the milliseconds it took with the answer. */
export async function timedPost(url: string, token: string, body?: unknown): Promise<{ ms: number; answer: Record<string, unknown> }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  const ms = Math.round(performance.now() - started);
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(answer)}`);
  return { ms, answer };
}
