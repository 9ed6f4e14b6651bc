/**
 * A rendered document leaves the server in one piece (entry.server renders and compresses it whole).
 * Remix hands it on as a `Response`, whose body the Express adapter would read back chunk by chunk
 * through a stream. `documentResponse` keeps the bytes beside the Response, and server.js sends them
 * with one `res.end(bytes)` (which also gives the response its Content-Length). The Response still
 * has a body for anyone else who reads it: a stream that hands over the same bytes when first read.
 */
const wholeBodies = new WeakMap<Response, Buffer>();

export function documentResponse(body: Buffer, init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(body);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(stream, init);
  wholeBodies.set(response, body);
  return response;
}

/** The bytes of a Response made by `documentResponse` whose body nobody has read yet. */
export function wholeBody(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : wholeBodies.get(response);
}
