import type { LoaderFunctionArgs } from '@remix-run/node';

import { methodNotAllowed, notFound } from './api.server';
import * as board from './endpoints/board.server';
import * as info from './endpoints/info.server';
import * as auth from './endpoints/member-auth.server';
import * as member from './endpoints/member-data.server';
import { matchVendorPath, type VendorPattern } from './paths.server';

/**
 * What an endpoint's loader or action receives: what Remix gives a route (`request`, `context`),
 * with `params` the parameters of the endpoint's path (`{no}` for `/api/info/show/:no`).
 */
export type EndpointArgs = LoaderFunctionArgs;
export type EndpointHandler = (args: EndpointArgs) => Response | Promise<Response>;

/**
 * One endpoint of the vendor API: its loader answers GET and HEAD, its action the other methods, as
 * Remix calls a route's. A method the endpoint does not take is the vendor's 405 `{message}`, in
 * JSON: a feed is read with GET, a member endpoint is posted to.
 */
export interface Endpoint {
  loader?: EndpointHandler;
  action?: EndpointHandler;
}

/**
 * The vendor API (ADR 019, ADR 079): each path of `paths.server.ts` and its endpoint. One resource
 * route, `app/routes/api.$.ts`, serves them all (`callEndpoint`).
 */
export const VENDOR_ENDPOINTS: Readonly<Record<VendorPattern, Endpoint>> = {
  '/api/info/home': info.home,
  '/api/info/manu': info.manu,
  '/api/info/list/smartsearch': info.smartSearch,
  '/api/info/list/:category': info.list,
  '/api/info/download': info.download,
  '/api/info/auth/is_admin': info.isAdmin,
  '/api/info/show/:no': info.show,
  '/api/info/board': board.board,
  '/api/info/board_show/:no': board.boardShow,
  '/api/info/board_create': board.boardCreate,
  '/api/info/board_ans': board.boardAnswer,
  '/api/info/demand': board.demand,
  '/api/info/demand_show/:no': board.demandShow,
  '/api/member/auth/login': auth.login,
  '/api/member/auth/logout': auth.logout,
  '/api/member/auth/refresh': auth.refresh,
  '/api/member/auth/getAuthUser': auth.getAuthUser,
  '/api/member/auth/register': auth.register,
  '/api/member/auth/forget': auth.forget,
  '/api/member/auth/impersonate': auth.impersonate,
  '/api/member/member_status': member.memberStatus,
  '/api/member/member_share': member.memberShare,
  '/api/member/searchMember_share': member.searchMemberShare,
  '/api/member/member_loan': member.memberLoan,
  '/api/member/member_loan_statement/:no': member.loanStatement,
  '/api/member/member_dep': member.memberDep,
  '/api/member/member_dep_statement/:no': member.depStatement,
  '/api/member/member_kep': member.memberKep,
  '/api/member/member_kepcrem': member.memberKepcrem,
  '/api/member/member_coll': member.memberColl,
  '/api/member/member_crem': member.memberCrem,
  '/api/member/member_gian': member.memberGian,
  '/api/member/member_div': member.memberDiv,
  '/api/member/member_welfare': member.memberWelfare,
  '/api/member/member_pass': member.memberPass,
  '/api/member/wwwupload': member.upload,
  '/api/member/termofconditional': member.termsStatus,
  '/api/member/termofconditional_accept': member.termsAccept,
  '/api/member/print_pdf/:year/:month': member.printPdf,
};

/**
 * Answers a request below `/api/` as the route's `loader` or `action` (which Remix chose by the
 * method): the endpoint its path names, called with the path's parameters; the vendor's JSON 404
 * for a path the API does not serve, its 405 for a method the endpoint does not take.
 */
export async function callEndpoint(kind: 'loader' | 'action', args: EndpointArgs): Promise<Response> {
  // The request's own path, not the splat parameter: Remix decodes `%2F` in that into a `/`, which
  // would split a segment in two where a route of its own kept it whole.
  const found = matchVendorPath(new URL(args.request.url).pathname);
  if (!found) return notFound();
  const handler = VENDOR_ENDPOINTS[found.pattern][kind];
  if (!handler) return methodNotAllowed();
  return handler({ ...args, params: found.params });
}
