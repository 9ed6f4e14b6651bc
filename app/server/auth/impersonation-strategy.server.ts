import { Strategy } from 'remix-auth/strategy';

/** What the link strategy hands its `verify`: the link's token, and the request (for the cookie it replaces). */
export interface LinkVerifyOptions {
  /** The `t` value of `/member/impersonate?t=…`, as given ('' when absent); `verify` judges it. */
  token: string;
  request: Request;
}

/**
 * A remix-auth strategy for the staff impersonation link (ADR 010, 108): it reads the token from the
 * link's `t` parameter and hands it to `verify`, which redeems it. The strategy judges nothing itself:
 * a malformed, forged, expired or used link is refused by `verify` like any other.
 */
export class ImpersonationLinkStrategy<User> extends Strategy<User, LinkVerifyOptions> {
  name = 'impersonation-link';

  async authenticate(request: Request): Promise<User> {
    const token = new URL(request.url).searchParams.get('t') ?? '';
    return this.verify({ token, request });
  }
}
