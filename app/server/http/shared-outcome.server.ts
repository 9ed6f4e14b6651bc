/**
 * One outcome awaited by several callers (a single-flight call, a check shared by a page's loaders):
 * the value as it is, an error as it is, but a thrown `Response` never as the same object. A
 * response's body can be read once: the second request (or loader) handed the same 503 would fail
 * with "Body is unusable: Body has already been read" and answer 500. The response is kept as its
 * parts (status, headers, body bytes), read once, and each caller throws a new `Response` of its own.
 */
interface ResponseParts {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown } | { ok: false; response: ResponseParts };

async function partsOf(response: Response): Promise<ResponseParts> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: response.body === null ? null : await response.arrayBuffer(),
  };
}

function responseOf(parts: ResponseParts): Response {
  const headers = new Headers();
  // Set-Cookie may come more than once: append keeps each.
  for (const [name, value] of parts.headers) headers.append(name, value);
  return new Response(parts.body === null ? null : parts.body.slice(0), {
    status: parts.status,
    statusText: parts.statusText,
    headers,
  });
}

/**
 * Settles `pending` once and answers a function that each caller calls for its own promise of the
 * outcome: the same value, the same error, or a new `Response` made from the thrown one.
 */
export function shareOutcome<T>(pending: Promise<T>): () => Promise<T> {
  const settled: Promise<Outcome<T>> = pending.then(
    (value) => ({ ok: true, value }),
    (error: unknown): Outcome<T> | Promise<Outcome<T>> =>
      error instanceof Response && !error.bodyUsed
        ? partsOf(error).then(
            (response) => ({ ok: false, response }),
            () => ({ ok: false, error }),
          )
        : { ok: false, error },
  );
  return async () => {
    const outcome = await settled;
    if (outcome.ok) return outcome.value;
    if ('response' in outcome) throw responseOf(outcome.response);
    throw outcome.error;
  };
}
