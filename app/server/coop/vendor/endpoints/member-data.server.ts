import { kepPdfFileName, pdfResponse, renderKepPdf } from '../../../member/kep-pdf.server';
import { CoopAuthError } from '../../types';
import { vendorChangePassword } from '../account.server';
import {
  embeddedBackend,
  field,
  memberRoute,
  notFound,
  pathOf,
  refuseStaff,
  refuseToken,
  statementQuery,
  termsGate,
  tokenRefused,
  vendorJson,
} from '../api.server';
import { SAVED_MESSAGE } from '../board.server';
import type { Endpoint } from '../endpoints.server';
import {
  depStatementBody,
  loanStatementBody,
  memberCollBody,
  memberCremBody,
  memberDepBody,
  memberDivBody,
  memberGianBody,
  memberKepBody,
  memberLoanBody,
  memberShareBody,
  memberStatusBody,
  memberWelfareBody,
} from '../member.server';
import { vendorUpload } from '../photo.server';

/** Vendor API (ADR 019): `POST /api/member/member_status`: the member (`data1[0]`) and its totals. */
export const memberStatus: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) => {
      const [profile, share, loans, accounts] = await Promise.all([
        backend.getMemberProfile(cred),
        backend.getShareSummary(cred),
        backend.getLoans(cred),
        backend.getDepositAccounts(cred),
      ]);
      return vendorJson(memberStatusBody(profile, { share, loans, accounts }));
    });
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_share?page=N`: the head and a statement page of 10. */
export const memberShare: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) => {
      const { from: _from, to: _to, ...query } = statementQuery(request, {});
      const [summary, page] = await Promise.all([
        backend.getShareSummary(cred),
        backend.getShareStatement(cred, query),
      ]);
      return vendorJson(memberShareBody(summary, page, pathOf(request)));
    });
  },
};

/**
 * Vendor API (ADR 019): `POST /api/member/searchMember_share?page=N` with `inputdatepickerstart` /
 * `inputdatepickerend` (Buddhist-era `DD/MM/BBBB`). Without dates the vendor's controller builds
 * nothing and answers an empty body: so does this one.
 */
export const searchMemberShare: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred, body }) => {
      const query = statementQuery(request, body);
      if (!query.from && !query.to) {
        return new Response('', {
          status: 200,
          headers: { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' },
        });
      }
      const [summary, page] = await Promise.all([
        backend.getShareSummary(cred),
        backend.getShareStatement(cred, query),
      ]);
      return vendorJson(memberShareBody(summary, page, pathOf(request)));
    });
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_loan`: the loans still owing and their collateral. */
export const memberLoan: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) => vendorJson(memberLoanBody(await backend.getLoans(cred))));
  },
};

/**
 * Vendor API (ADR 019): `POST /api/member/member_loan_statement/{contract}?page=N`. A contract that
 * is not the token's member's gets the vendor's 401 `{error}` (not a token refusal).
 */
export const loanStatement: Endpoint = {
  action({ request, params }) {
    return memberRoute(request, async ({ backend, cred, body }) => {
      const contractNo = params.no ?? '';
      const query = statementQuery(request, body);
      const [loan, page] = await Promise.all([
        backend.getLoan(cred, contractNo),
        backend.getLoanStatement(cred, contractNo, query),
      ]);
      if (!loan || !page) return vendorJson({ error: 'สัญญาเงินกู้ ไม่ถูกต้อง' }, 401);
      return vendorJson(loanStatementBody(loan, page, pathOf(request)));
    });
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_dep`: the open deposit accounts. */
export const memberDep: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) =>
      vendorJson(memberDepBody(await backend.getDepositAccounts(cred))),
    );
  },
};

/**
 * Vendor API (ADR 019): `POST /api/member/member_dep_statement/{account}?page=N`. An account that is
 * not the token's member's gets the vendor's 401 `{error}` (not a token refusal).
 */
export const depStatement: Endpoint = {
  action({ request, params }) {
    return memberRoute(request, async ({ backend, cred, body }) => {
      const accountNo = params.no ?? '';
      const query = statementQuery(request, body);
      const [account, page] = await Promise.all([
        backend.getDepositAccount(cred, accountNo),
        backend.getDepositStatement(cred, accountNo, query),
      ]);
      if (!account || !page) return vendorJson({ error: 'บัญชีเงินฝาก ไม่ถูกต้อง' }, 401);
      return vendorJson(depStatementBody(account, page, pathOf(request)));
    });
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_kep`: the monthly collections and their lines. */
export const memberKep: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) =>
      vendorJson(memberKepBody(await backend.getCollections(cred, 'kep'))),
    );
  },
};

/**
 * Sahakorn API (ADR 025; not in the vendor's web API): `POST /api/member/member_kepcrem`: the
 * cremation association's monthly bills, in the shape of `member_kep`.
 */
export const memberKepcrem: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) =>
      vendorJson(memberKepBody(await backend.getCollections(cred, 'crem'))),
    );
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_coll`: loans of others this member guarantees. */
export const memberColl: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) =>
      vendorJson(memberCollBody(await backend.getGuarantees(cred))),
    );
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_crem`: the member's cremation-association record. */
export const memberCrem: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) => {
      const [profile, bills] = await Promise.all([
        backend.getMemberProfile(cred),
        backend.getCollections(cred, 'crem'),
      ]);
      return vendorJson(memberCremBody(profile, bills));
    });
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_gian`: the beneficiaries. */
export const memberGian: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) => {
      const [profile, beneficiaries] = await Promise.all([
        backend.getMemberProfile(cred),
        backend.getBeneficiaries(cred),
      ]);
      return vendorJson(memberGianBody(profile.membershipNo, beneficiaries));
    });
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_div`: dividends and average returns by year. */
export const memberDiv: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) =>
      vendorJson(memberDivBody(await backend.getDividends(cred))),
    );
  },
};

/**
 * Sahakorn API (ADR 025; not in the vendor's web API): `POST /api/member/member_welfare`: the
 * welfare received (`welfare_receive`) and the welfare the member is entitled to (`welfare_right`).
 */
export const memberWelfare: Endpoint = {
  action({ request }) {
    return memberRoute(request, async ({ backend, cred }) =>
      vendorJson(memberWelfareBody(await backend.getWelfare(cred))),
    );
  },
};

/** Vendor API (ADR 019): `POST /api/member/member_pass`: the member's password change. */
export const memberPass: Endpoint = {
  action({ request, context }) {
    return memberRoute(request, (call) => vendorChangePassword(call, context.clientAddress));
  },
};

/** Vendor API (ADR 019, 024): `POST /api/member/wwwupload` sets the token's member's profile photo. */
export const upload: Endpoint = {
  action({ request }) {
    return memberRoute(request, ({ backend, cred }) => vendorUpload(request, backend, cred), { readBody: false });
  },
};

/**
 * Vendor API (ADR 019): `POST /api/member/termofconditional`: `rc_code` "1" when the member has
 * accepted the current terms, "0" with the terms' text when not; 404 `{rc_code: "0"}` when none are
 * published.
 */
export const termsStatus: Endpoint = {
  action({ request }) {
    return memberRoute(
      request,
      async ({ backend, cred }) => {
        const [status, terms] = await Promise.all([backend.getTermsStatus(cred), backend.getTerms()]);
        if (!terms) return vendorJson({ rc_code: '0' }, 404);
        return vendorJson(status.accepted ? { rc_code: '1' } : { rc_code: '0', data: terms.html });
      },
      { terms: 'skip' },
    );
  },
};

/** The longest `agent` a client may name for the member's browser. */
const MAX_AGENT_LENGTH = 500;

/**
 * Sahakorn API (ADR 025; the vendor accepts the terms only at registration):
 * `POST /api/member/termofconditional_accept` with `{agent?}` records that the member accepted the
 * current terms (HTTP 403 `{error}`, audited, for a token staff hold through an impersonation
 * link), with the address this server sees and the browser the front names (`agent`, else
 * the request's own User-Agent). HTTP 404 `{rc_code: "0"}` when no terms are published.
 */
export const termsAccept: Endpoint = {
  action({ request, context }) {
    return memberRoute(
      request,
      async ({ backend, cred, body }) => {
        // Consent is the member's own (ADR 010): a token staff hold through a link cannot give it.
        const refused = await refuseStaff(cred, 'accept_terms', context.clientAddress);
        if (refused) return refused;
        if (!(await backend.getTerms())) return vendorJson({ rc_code: '0' }, 404);
        const agent = field(body, 'agent');
        const userAgent =
          agent.trim() && agent.length <= MAX_AGENT_LENGTH ? agent : request.headers.get('User-Agent') || null;
        await backend.acceptTerms(cred, { ip: context.clientAddress ?? null, userAgent });
        return vendorJson({ rc_code: '1', rc_des: SAVED_MESSAGE });
      },
      { terms: 'skip' },
    );
  },
};

/**
 * Vendor API (docs/vendor-api.md): `GET /api/member/print_pdf/{year}/{month}?token=…`, the vendor
 * client's print button for a billing month: the bill, or the receipt once the month is posted, as a
 * PDF (ADR 051). The year is Gregorian as in `member_kep`. The client opens it in a new tab, where
 * it cannot set a header, so the token may come in the query string (as the vendor's core reads it);
 * the request log never records query strings.
 */
export const printPdf: Endpoint = {
  async loader({ request, params }) {
    const backend = await embeddedBackend();
    if (!backend) return notFound();
    const url = new URL(request.url);
    const token =
      /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? url.searchParams.get('token');
    if (!token) return tokenRefused('token absent');
    const cred = { token };
    if (!(await backend.getAuthUser(cred))) return refuseToken(token);
    const year = /^\d{4}$/.test(params.year ?? '') ? Number(params.year) : NaN;
    const month = /^\d{1,2}$/.test(params.month ?? '') ? Number(params.month) : NaN;
    if (!Number.isInteger(year) || !(month >= 1 && month <= 12)) return notFound();
    try {
      const gated = await termsGate(backend, cred);
      if (gated) return gated;
      const [months, profile] = await Promise.all([
        backend.getCollections(cred, 'kep'),
        backend.getMemberProfile(cred),
      ]);
      const collection = months.find((m) => m.year === year && m.month === month);
      if (!collection) return notFound();
      const bytes = await renderKepPdf({
        collection,
        memberName: `${profile.prename}${profile.firstName} ${profile.lastName}`,
        membershipNo: profile.membershipNo,
      });
      return pdfResponse(bytes, kepPdfFileName(collection), 'inline');
    } catch (error) {
      if (error instanceof CoopAuthError) return refuseToken(token);
      throw error;
    }
  },
};
