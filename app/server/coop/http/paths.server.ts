/**
 * The core's endpoints and Sahakorn's own additions (ADR 018, 025). No imports: the environment
 * schema checks `COOP_PATHS` and `COOP_EXTENSIONS` against these.
 */

/**
 * The vendor endpoints, relative to `COOP_API_URL`. `{name}` is filled with one encoded path segment.
 * Paths the contract marks as inferred (`termsStatus`, `smartSearch`, `memberPhoto`) can be
 * overridden per deployment through `HttpBackendConfig.paths`.
 */
export const DEFAULT_PATHS = {
  login: 'api/member/auth/login',
  logout: 'api/member/auth/logout',
  getAuthUser: 'api/member/auth/getAuthUser',
  refresh: 'api/member/auth/refresh',
  register: 'api/member/auth/register',
  forget: 'api/member/auth/forget',
  /** [inferred] spec §7 `POST /api/member/termofconditional`: rc_code '1' = accepted. */
  termsStatus: 'api/member/termofconditional',
  memberStatus: 'api/member/member_status',
  memberShare: 'api/member/member_share',
  searchMemberShare: 'api/member/searchMember_share',
  memberLoan: 'api/member/member_loan',
  loanStatement: 'api/member/member_loan_statement/{no}',
  memberDep: 'api/member/member_dep',
  depStatement: 'api/member/member_dep_statement/{no}',
  memberKep: 'api/member/member_kep',
  memberColl: 'api/member/member_coll',
  memberGian: 'api/member/member_gian',
  memberDiv: 'api/member/member_div',
  memberPass: 'api/member/member_pass',
  upload: 'api/member/wwwupload',
  /** Where `wwwupload` leaves the picture: a file of the core's web site, not an API route. */
  memberPhoto: 'member/profile/{no}.jpg',
  infoManu: 'api/info/manu',
  infoHome: 'api/info/home',
  infoList: 'api/info/list/{category}',
  infoShow: 'api/info/show/{no}',
  /** [inferred] spec §7 `POST /api/info/list/smartsearch`. */
  smartSearch: 'api/info/list/smartsearch',
  board: 'api/info/board',
  boardShow: 'api/info/board_show/{no}',
  boardCreate: 'api/info/board_create',
  boardAnswer: 'api/info/board_ans',
  /** Sahakorn's own endpoints (ADR 025), called only when `COOP_EXTENSIONS` names them. */
  demand: 'api/info/demand',
  demandShow: 'api/info/demand_show/{no}',
  memberWelfare: 'api/member/member_welfare',
  memberKepcrem: 'api/member/member_kepcrem',
  termsAccept: 'api/member/termofconditional_accept',
  impersonate: 'api/member/auth/impersonate',
  /** What `/readyz` asks: cheap, public, and it counts no visit. */
  ready: 'api/info/manu',
} as const;
export type Endpoint = keyof typeof DEFAULT_PATHS;

/**
 * Sahakorn's own endpoints for what the contract leaves open (ADR 025): a core that is another
 * Sahakorn serves them all; a vendor core none.
 */
export const COOP_EXTENSIONS = ['welfare', 'kepcrem', 'demand', 'terms', 'impersonate'] as const;
export type CoopExtension = (typeof COOP_EXTENSIONS)[number];
