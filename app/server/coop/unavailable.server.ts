import { json } from '@remix-run/node';

import { UNAVAILABLE_MESSAGE } from '~/lib/messages';

import { log } from '../log.server';
import { diskFullResponse, isDiskFull, reportDiskFull } from '../ops/disk-full.server';
import {
  BoardTopicClosedError,
  CoopAuthError,
  CoopThrottledError,
  CoopUnavailableError,
  type CoopBackend,
  type MemberCredentials,
} from './types';

/** Postings whose throttling the board tells the visitor about (ADR 042) instead of "cannot connect". */
const TELLS_THROTTLING = new Set<PropertyKey>(['createBoardTopic', 'createBoardAnswer']);

/**
 * Did a backend call fail because the data could not be fetched: the backend's own
 * `CoopUnavailableError`, or the 503 answer `degradeGracefully` throws for any failure.
 */
export function isUnavailable(error: unknown): boolean {
  return error instanceof CoopUnavailableError || (error instanceof Response && error.status === 503);
}

/** The response that ends the session of these credentials (ADR 066), or null for any other argument. */
function sessionEndFor(credentials: unknown): Promise<Response> | null {
  if (typeof credentials !== 'object' || credentials === null || !('perRequest' in credentials)) return null;
  return (credentials as MemberCredentials).perRequest?.endSession?.() ?? null;
}

/**
 * Wraps a backend so that a failing call (core system down, database error) becomes an HTTP 503
 * response with the spec's Thai message, which the nearest error boundary shows inside the page's
 * layout — never a crash page and never a stack trace. A token refusal ends the session instead:
 * for credentials `requireMember` handed out, the wrapper throws its redirect to /member/logon with
 * the expiry notice; otherwise (the session check itself, login) the refusal passes through.
 */
export function degradeGracefully(backend: CoopBackend): CoopBackend {
  return new Proxy(backend, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (error instanceof CoopAuthError) {
            // Refused after the session check passed: end the session as that check would have.
            const ended = sessionEndFor(args[0]);
            throw ended ? await ended : error;
          }
          if (error instanceof Response) throw error;
          if (error instanceof CoopThrottledError && TELLS_THROTTLING.has(property)) throw error;
          // A refusal the visitor is told about (ADR 062), not a failure.
          if (error instanceof BoardTopicClosedError) throw error;
          // The store could not save for a full disk: said as that, not as "cannot connect" (ADR 098).
          if (isDiskFull(error)) {
            reportDiskFull(String(property), error);
            throw diskFullResponse();
          }
          log.error('backend call failed', {
            call: String(property),
            error: error instanceof Error ? error.message : String(error),
          });
          throw json(
            { message: UNAVAILABLE_MESSAGE },
            { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '30' } },
          );
        }
      };
    },
  });
}
