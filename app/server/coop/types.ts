/**
 * The CoopBackend boundary: everything the UI needs from the cooperative, in the cooperative's
 * vocabulary. Route modules call these methods and never touch SQL or the upstream API directly.
 * Two implementations: `embedded` (our SQL store) and `http` (the core system's API, ADR 018).
 */

/** What a member call is made with: the upstream token kept in the server-side session row. */
/** A bearer token as the account-security page lists it: an opaque id, never the token. */
export interface ApiToken {
  id: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface MemberCredentials {
  token: string;
  /**
   * The session's member (requireMember sets it): a backend that reads feeds naming a member refuses
   * one naming somebody else (http, ADR 042).
   */
  membershipNo?: string;
  /** Set on the credentials `requireMember` makes for one request (ADR 066); absent elsewhere. */
  perRequest?: PerRequestCredentials;
}

/** How the embedded backend's feeds learn whose token they were given: the member's number (or CoopAuthError). */
export type MemberOf = (cred: MemberCredentials) => Promise<string>;

/** What lives as long as one request's credentials (they are made afresh for every request). */
export interface PerRequestCredentials {
  /** Answers a backend already fetched with these credentials in this request (failures are dropped). */
  answers: Map<string, Promise<unknown>>;
  /** Ends the session when the backend refuses the token after the session check passed. */
  endSession?: () => Promise<Response>;
}

export interface MemberName {
  membershipNo: string;
  prename: string;
  firstName: string;
  lastName: string;
}

/** A bearer token and how long it lasts. */
export interface TokenGrant {
  token: string;
  expiresInSeconds: number;
}

/** A member's token issued, with the member's name. */
export interface MemberTokenGrant extends TokenGrant {
  ok: true;
  member: MemberName;
}

export type LoginResult =
  | MemberTokenGrant
  /** Wrong number or wrong password: deliberately one outcome, so nobody can tell which. */
  | { ok: false; reason: 'invalid_credentials' }
  /** The member must set a new password first (core system HTTP 406). */
  | { ok: false; reason: 'password_reset_required' };

export type ImpersonateResult =
  | MemberTokenGrant
  /** No active member with that number. */
  | { ok: false; reason: 'unknown_member' }
  /** This backend cannot issue a member token without the password (http mode). */
  | { ok: false; reason: 'unsupported' };

/**
 * A staff impersonation link redeemed (ADR 010, 025): its grant used up and the member's token issued,
 * or refused with the audit log's reason (never shown to the visitor).
 */
export type LinkRedemption =
  (MemberTokenGrant & { staff: string; grant: string }) | { ok: false; membershipNo?: string; detail: string };

export interface MemberProfile extends MemberName {
  memberGroupNo: string;
  memberGroupName: string;
  /** 'normal' or 'resigned' (core codes '0' and '3'). */
  status: 'normal' | 'resigned';
  birthDate: string;
  approveDate: string;
  /** Masked for display: X-XXXX-XXXXX-XX-X with the middle digits hidden. */
  idCardMasked: string;
  sex: 'M' | 'F';
  positionName: string | null;
  salarySatang: number;
  address: string;
}

export interface TermsText {
  /** Content item number of the terms; acceptance is recorded against it. */
  no: number;
  title: string;
  html: string;
}

export interface MenuSubEntry {
  seq: number;
  label: string;
  url: string;
}

export interface MenuEntry {
  seq: number;
  label: string;
  labelEn: string | null;
  url: string | null;
  icon: string | null;
  children: MenuSubEntry[];
  /** A drop-down (is_parent = 1); its children may still be empty ('ยังไม่พบเมนู'). */
  isParent: boolean;
}

export interface FooterPhone {
  label: string;
  link: string;
}

/** The default content pictures of spec §2; any other type uses the news picture. */
export const DEFAULT_IMAGE_KINDS = [
  'news',
  'activity',
  'rule',
  'school',
  'achievement',
  'notice',
  'letters',
  'download',
] as const;
export type DefaultImageKind = (typeof DEFAULT_IMAGE_KINDS)[number];

/** A content category (the core system's `www_ucf_category`). */
export interface ContentCategory {
  /** The topic id in `/list/{topicId}`, e.g. 'news'. */
  code: string;
  label: string;
  /** A S M G C O L; G = gallery. */
  type: string;
  contentType: string;
  /** Key of the category's own background, or null for the plain one. */
  background: string | null;
  defaultImage: DefaultImageKind;
}

export interface ContentSummary {
  no: number;
  category: string;
  categoryLabel: string;
  title: string;
  postedAt: Date;
  /** Path under /mediafiles/ as stored (not yet checked); null when the item has none. */
  coverImage: string | null;
  /** The picture shown when the cover is missing or not an accepted image type. */
  defaultImage: DefaultImageKind;
}

/** A row of a topic list: the summary plus the body, for an excerpt. */
export interface ContentListItem extends ContentSummary {
  bodyHtml: string;
  /** The editor's own excerpt (embedded store, ADR 061); lists show the body's first words without it. */
  excerpt?: string | null;
}

export interface ContentAttachment {
  /** Path under /mediafiles/. */
  file: string;
  label: string;
  sizeBytes: number | null;
}

export interface ContentPhoto {
  /** Path under /mediafiles/. */
  file: string;
  caption: string | null;
}

/** One content item (`/show/{No}`). `bodyHtml` is stored HTML: sanitise it before output. */
export interface ContentItem extends ContentSummary {
  categoryInfo: ContentCategory;
  /** The cover's alternative text as the editor wrote it (embedded store, ADR 121); absent or null: none. */
  coverAlt?: string | null;
  bodyHtml: string;
  author: string | null;
  /** Gregorian `YYYY-MM-DD` of the event (calendar and activity items). */
  eventDate: string | null;
  gallery: ContentPhoto[];
  attachments: ContentAttachment[];
  videoUrl: string | null;
}

/** A page of a topic list (`/list/{topicId}?page=N`), newest first. */
export interface TopicPage {
  category: ContentCategory;
  items: Page<ContentListItem>;
}

export interface InterestRate {
  name: string;
  /** Percent per year as a decimal string. */
  rate: string;
  note: string | null;
  /** Gregorian `YYYY-MM-DD`. */
  effectiveDate: string;
}

export interface HomeContent {
  /** The newest news, activity news and notices (up to 6). */
  latest: ContentSummary[];
  /** Slider banners (up to 5), each linking to its item. */
  banners: ContentSummary[];
  /** The newest activity galleries (up to 4). */
  gallery: ContentSummary[];
  rates: { deposit: InterestRate[]; loan: InterestRate[] };
}

/** One search result (vendor smartsearch item: No, Question, Note, find_note). */
export interface ContentSearchHit {
  no: number;
  /** The title, plain text. */
  question: string;
  /** The body as plain text (HTML removed). */
  note: string;
  /** How often the query's words occur in the Note; above 0, the view shows a highlighted excerpt. */
  findNote: number;
}

/** A 'เมนูแนะนำ' entry (vendor `recommened` item): a label and the link held in its Note. */
export interface RecommendedLink {
  question: string;
  note: string;
}

/** Answer of a site search (vendor smartsearch: isSearchFound, result, recommened). */
export interface ContentSearchResult {
  found: boolean;
  /** Matching items in all; `hits` holds one page of them, best first (SEARCH_RESULT_LIMIT a page). */
  total: number;
  hits: ContentSearchHit[];
  recommended: RecommendedLink[];
}

/** Results shown per page of a search (the spec gives no page size). */
export const SEARCH_RESULT_LIMIT = 20;
/** The two policy texts linked from the cookie banner. */
export type PolicyKind = 'cookies' | 'privacy';

/** A page of a statement: rows newest first, `total` rows in the whole (filtered) statement. */
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Statement filter: inclusive Gregorian dates `YYYY-MM-DD`, and the page (1-based). */
export interface StatementQuery {
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export interface ShareSummary {
  capitalSatang: number;
  monthlySatang: number;
  lastPeriod: number;
  suspended: boolean;
}

export interface ShareStatementRow {
  date: string;
  period: number | null;
  description: string;
  /** Signed amount. */
  amountSatang: number;
  balanceSatang: number;
}

/** Month-end share capital, oldest first (the chart of the last 24 months). */
export interface CapitalPoint {
  month: string;
  capitalSatang: number;
}

export interface Collateral {
  kind: 'member' | 'asset';
  guarantorNo: string | null;
  description: string;
  amountSatang: number;
}

export interface Loan {
  contractNo: string;
  loanType: string;
  approvedSatang: number;
  balanceSatang: number;
  startDate: string;
  instalmentSatang: number;
  /** Number of instalments; null when the backend does not know it (the core's web API omits it). */
  periods: number | null;
  lastPeriod: number;
  /** Percent per year as a decimal string; null when the backend does not know it (http mode). */
  interestRate: string | null;
  /** Percentage of the approved amount repaid, 0–100 with two decimals, as a decimal string. */
  percentRepaid: string;
  collateral: Collateral[];
}

export interface LoanStatementRow {
  date: string;
  period: number | null;
  item: string;
  principalSatang: number;
  interestSatang: number;
  balanceSatang: number;
}

export interface DepositAccount {
  accountNo: string;
  typeCode: string;
  typeName: string;
  accountName: string;
  balanceSatang: number;
  accruedInterestSatang: number;
  withdrawableSatang: number;
  heldSatang: number;
  /** Gregorian `YYYY-MM-DD`; null when the backend does not know it (the core's account list omits it). */
  openedDate: string | null;
}

export interface DepositStatementRow {
  date: string;
  description: string;
  /** Signed: in positive, out negative. */
  amountSatang: number;
  balanceSatang: number;
}

export interface CollectionLine {
  seq: number;
  itemCode: string;
  description: string;
  contractNo: string | null;
  period: number | null;
  principalSatang: number;
  interestSatang: number;
  amountSatang: number;
}

/** A billing month (kep) or a cremation-association month (kepcrem). */
export interface MonthlyCollection {
  year: number;
  month: number;
  billedSatang: number;
  collectedSatang: number;
  posted: boolean;
  receiptNo: string | null;
  receiptDate: string | null;
  lines: CollectionLine[];
}

/** A loan of another member that this member guarantees (coll). */
export interface Guarantee {
  borrowerNo: string;
  borrowerName: string;
  contractNo: string;
  startDate: string;
  approvedSatang: number;
  balanceSatang: number;
  interestArrearSatang: number;
  guaranteedSatang: number;
}

export interface Beneficiary {
  seq: number;
  name: string;
  relationship: string;
}

export interface Dividend {
  year: number;
  dividendRate: string;
  dividendSatang: number;
  dividendWithheld: boolean;
  averageReturnRate: string;
  averageReturnSatang: number;
  averageReturnWithheld: boolean;
  interestPaidSatang: number;
  payoutMethod: string;
}

export interface WelfareItem {
  tab: 'received' | 'eligible';
  kind: string;
  description: string;
  date: string | null;
  amountSatang: number;
}

/** The five identity fields a member proves who they are with (register, forgotten password). */
export interface IdentityCheck {
  membershipNo: string;
  /** 13 digits, checksum already validated. */
  nationalId: string;
  firstName: string;
  lastName: string;
  /** Gregorian `YYYY-MM-DD`. */
  birthDate: string;
}

/** Where a member's one-time codes can be sent (ADR 038). */
export interface MemberContact {
  email: string | null;
  phone: string | null;
}

/**
 * The identity step of registration or a forgotten password (ADR 038): `unknown` when the five fields
 * do not match an active member; `eligible` when they do and the member may go on (not registered yet
 * to register, registered to reset); `ineligible` when they match but the other flow applies.
 */
export type RecoveryTarget = { status: 'unknown' } | { status: 'eligible' | 'ineligible'; contact: MemberContact };

/** Outcome of register / forgotten password, in the core system's terms (spec §8). */
export type AccountResult = { ok: true; message: string } | { ok: false; errors: string[] };

export type ChangePasswordResult = { ok: true } | { ok: false; reason: 'wrong_current' };

/** The member's profile photo as stored: a 256 × 256 JPEG without metadata (ADR 009). */
export interface MemberPhoto {
  bytes: Uint8Array;
  updatedAt: Date;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** A page of a public list (board, demand): the page (1-based) and its size. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** A web board topic in a list (core `www_board` with `CountAnwser`). */
export interface BoardTopicSummary {
  id: number;
  /** The core system's `Question`. Plain text. */
  title: string;
  /** The core system's `Name`. */
  displayName: string;
  createdAt: Date;
  /** Visible answers. */
  answerCount: number;
}

export interface BoardAnswer {
  id: number;
  /** The core system's `Msg`. Plain text. */
  body: string;
  displayName: string;
  /** Written by the cooperative's staff (core `Namer = "Admin"`). */
  staff: boolean;
  createdAt: Date;
}

export interface BoardTopic extends BoardTopicSummary {
  /** The core system's `Note`. Plain text; line breaks are the visitor's. */
  body: string;
  /** Oldest first. */
  answers: BoardAnswer[];
  /** A moderator closed it: visitors may no longer answer (ADR 062). Absent: open. */
  closed?: boolean;
}

export interface NewBoardTopic {
  title: string;
  body: string;
  displayName: string;
}

export interface NewBoardAnswer {
  body: string;
  displayName: string;
}

/** Options of a posting: the form's random key makes a repeated submission store nothing (ADR 012). */
export interface PostOptions {
  idempotencyKey: string;
  /** The visitor's address: a front passes it on, signed, to a Sahakorn core's limit (ADR 042). */
  clientAddress?: string | null;
  /**
   * A keyed hash of the visitor's address (`addressKey`, ADR 062) that the embedded store keeps with
   * the post, so a moderator can block its author without anyone seeing the address.
   */
  authorKey?: string | null;
}

/**
 * Where a posting landed; `replayed` when the key had been used and nothing new was stored. The id is
 * null when the backend stored it without saying where (a vendor core's `board_create`, ADR 025).
 */
export interface PostResult {
  topicId: number | null;
  replayed: boolean;
}

export interface AnswerResult {
  topicId: number;
  answerId: number | null;
  replayed: boolean;
}

export type DemandStatus = 'received' | 'in_progress' | 'done';

/** A member's request or question to the cooperative (the demand section), in a list. */
export interface DemandSummary {
  id: number;
  question: string;
  askerName: string;
  askedAt: Date;
  status: DemandStatus;
}

export interface DemandItem extends DemandSummary {
  detail: string;
  /** The cooperative's answer; null while it is being considered. */
  answer: string | null;
  answeredBy: string | null;
  answeredAt: Date | null;
}

/** The token was refused (expired, invalid, absent): the session must end. */
export class CoopAuthError extends Error {
  override name = 'CoopAuthError';
}

/** The backend could not answer (core down, timeout, malformed reply). */
export class CoopUnavailableError extends Error {
  override name = 'CoopUnavailableError';
}

/** An answer to a topic a moderator has closed (ADR 062): nothing was stored. */
export class BoardTopicClosedError extends Error {
  override name = 'BoardTopicClosedError';
}

/**
 * The core refused a posting as over its rate limit (HTTP 429, ADR 042): still "unavailable" to
 * anything that does not look closer, but the board tells the visitor to try again later.
 */
export class CoopThrottledError extends CoopUnavailableError {
  override name = 'CoopThrottledError';
  constructor(
    message: string,
    /** From the core's `Retry-After`, when it sent one. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/** A page of the statement of one of the member's loans or deposit accounts; null when it is not theirs. */
type RecordStatement<Row> = (member: MemberCredentials, no: string, query: StatementQuery) => Promise<Page<Row> | null>;

/**
 * Areas a backend may not have at all (ADR 018, 025: the core's web API has no welfare feed, no
 * cremation-fee bill and no demand section unless it is a Sahakorn). Pages of an area not offered
 * answer 404 and the member menu leaves them out.
 */
export interface BackendOffers {
  welfare: boolean;
  cremationBill: boolean;
  demand: boolean;
}

export interface CoopBackend {
  readonly kind: 'embedded' | 'http';
  readonly offers: Readonly<BackendOffers>;
  login(input: { membershipNo: string; password: string; remember: boolean }): Promise<LoginResult>;
  logout(member: MemberCredentials): Promise<void>;
  /**
   * Staff impersonation (ADR 010): a member token issued without the member's password, for at
   * most 30 minutes. Call it only after a verified, consumed single-use grant
   * (`app/server/auth/impersonation.server.ts`); the caller marks the session as staff-acting. The http
   * backend will not support it (the core system's admin impersonation is outside the member
   * contract): it answers `{ ok: false, reason: 'unsupported' }`.
   */
  impersonate(membershipNo: string, staff?: string): Promise<ImpersonateResult>;
  /**
   * Only a backend whose core keeps the impersonation grants (http mode over a Sahakorn core with
   * `COOP_EXTENSIONS=impersonate`, ADR 025): the core verifies and uses up the link's grant and issues
   * the token. Without it, the link is redeemed here: the grant in this database, then `impersonate`.
   */
  redeemImpersonationLink?(link: string): Promise<LinkRedemption>;
  /**
   * The member's live bearer tokens of this backend's API (ADR 040), leaving out `except` (the tokens
   * behind this site's web sessions, listed as sessions). Only where the tokens are ours (embedded);
   * the http backend has none: the core manages its own tokens.
   */
  listApiTokens?(member: MemberCredentials, except: string[]): Promise<ApiToken[]>;
  /** End one of the member's tokens by its id; false when it is not theirs or already gone. */
  revokeApiToken?(member: MemberCredentials, id: string): Promise<boolean>;
  /** End every token of the member but `keep` (sign out everywhere else); answers how many ended. */
  revokeOtherApiTokens?(member: MemberCredentials, keep: string[]): Promise<number>;
  /**
   * End every bearer token of the member (web sessions' upstream tokens and API tokens) except
   * `keep`'s, after a password change with "sign out of other devices" or a forgotten-password reset
   * (ADR 037); answers how many ended. Only the embedded backend has it: in http mode the core issues
   * and keeps the tokens, and which of them a password change ends is the core's rule.
   */
  revokeMemberTokens?(membershipNo: string, keep?: MemberCredentials): Promise<number>;
  /** Session check (core `getAuthUser`): true while the token is valid. */
  getAuthUser(member: MemberCredentials): Promise<boolean>;
  /**
   * A new token for the same member in exchange for this one (core `auth/refresh`), which then stops
   * working. An expired token can still be exchanged within the core's refresh window (14 days by
   * default); a refused one throws CoopAuthError.
   */
  refresh(member: MemberCredentials): Promise<TokenGrant>;
  getTermsStatus(member: MemberCredentials): Promise<{ accepted: boolean }>;
  getTerms(): Promise<TermsText | null>;
  acceptTerms(member: MemberCredentials, meta: RequestMeta): Promise<void>;
  getMemberProfile(member: MemberCredentials): Promise<MemberProfile>;
  getShareSummary(member: MemberCredentials): Promise<ShareSummary | null>;
  getShareStatement(member: MemberCredentials, query: StatementQuery): Promise<Page<ShareStatementRow>>;
  getShareCapitalHistory(member: MemberCredentials, months: number): Promise<CapitalPoint[]>;
  getLoans(member: MemberCredentials): Promise<Loan[]>;
  /** null when the contract is not this member's (the route answers 404). */
  getLoan(member: MemberCredentials, contractNo: string): Promise<Loan | null>;
  /** By the contract number. */
  getLoanStatement: RecordStatement<LoanStatementRow>;
  getDepositAccounts(member: MemberCredentials): Promise<DepositAccount[]>;
  getDepositAccount(member: MemberCredentials, accountNo: string): Promise<DepositAccount | null>;
  /** By the account number. */
  getDepositStatement: RecordStatement<DepositStatementRow>;
  /** Every billing month of the kind, newest first (the vendor API's `member_kep` answers them all). */
  getCollections(member: MemberCredentials, kind: 'kep' | 'crem'): Promise<MonthlyCollection[]>;
  /** One page of the billing months, newest first; `total` counts them all (ADR 029). */
  getCollectionPage(
    member: MemberCredentials,
    kind: 'kep' | 'crem',
    query: { page: number; pageSize: number },
  ): Promise<Page<MonthlyCollection>>;
  getGuarantees(member: MemberCredentials): Promise<Guarantee[]>;
  getBeneficiaries(member: MemberCredentials): Promise<Beneficiary[]>;
  getDividends(member: MemberCredentials): Promise<Dividend[]>;
  getWelfare(member: MemberCredentials): Promise<WelfareItem[]>;
  /** Core `member_pass`: the current password must match. */
  changePassword(
    member: MemberCredentials,
    input: { currentPassword: string; newPassword: string },
  ): Promise<ChangePasswordResult>;
  /** First-time registration for online service; also records acceptance of the current terms. */
  registerMember(input: IdentityCheck & { password: string }, meta: RequestMeta): Promise<AccountResult>;
  /**
   * The contact on file for an identity, before a one-time code is sent (ADR 038). Only a backend that
   * owns the members' contacts has it (embedded); without it the site offers no online registration or
   * password reset, since knowledge of the identity alone must not set a password.
   */
  findRecoveryContact?(input: IdentityCheck, purpose: 'register' | 'forget'): Promise<RecoveryTarget>;
  /** Forgotten password: a registered member proves their identity and sets a new password. */
  resetForgottenPassword(input: IdentityCheck & { password: string }, meta: RequestMeta): Promise<AccountResult>;
  /** The member's own profile photo (core `wwwupload`), or null when none was uploaded. */
  getMemberPhoto(member: MemberCredentials): Promise<MemberPhoto | null>;
  /** When the photo last changed, without its bytes (for a cache-busting URL), or null when none. */
  getMemberPhotoInfo(member: MemberCredentials): Promise<{ updatedAt: Date } | null>;
  /** Replace the member's photo with an already re-encoded JPEG (see app/server/member/photo.server.ts). */
  setMemberPhoto(member: MemberCredentials, jpeg: Uint8Array): Promise<void>;
  getMenu(): Promise<MenuEntry[]>;
  getFooterPhones(): Promise<FooterPhone[]>;
  getHomeContent(): Promise<HomeContent>;
  /** Visible board topics, newest first. */
  listBoardTopics(query: PageQuery): Promise<Page<BoardTopicSummary>>;
  /** A visible topic with its visible answers; null when there is none (the route answers 404). */
  getBoardTopic(id: number): Promise<BoardTopic | null>;
  createBoardTopic(input: NewBoardTopic, options: PostOptions): Promise<PostResult>;
  /** null when the topic does not exist or is hidden. */
  createBoardAnswer(topicId: number, input: NewBoardAnswer, options: PostOptions): Promise<AnswerResult | null>;
  /** Visible demand items, newest first. */
  listDemandItems(query: PageQuery): Promise<Page<DemandSummary>>;
  getDemandItem(id: number): Promise<DemandItem | null>;
  /**
   * Site search over public content (core `POST /api/info/list/smartsearch`). `query` is validated
   * by the caller; an empty query answers only the recommended menu.
   */
  searchContent(query: string, page?: number): Promise<ContentSearchResult>;
  /** A page of a topic list; null when the topic does not exist or is not public. */
  getTopicPage(topicId: string, query: { page: number; pageSize: number }): Promise<TopicPage | null>;
  /** A published content item; null when it does not exist or is hidden. */
  getContentItem(no: number): Promise<ContentItem | null>;
  /**
   * `/mediafiles/{file}`: a stored picture or attachment, only of the served types (ADR 011): from the
   * embedded store's folder, or streamed from the core's `mediafiles/` in http mode (ADR 024).
   */
  serveMedia(request: Request, file: string): Promise<Response>;
  /** Whether a stored picture is there (a content item without one shows its category's default). */
  hasMedia(file: string): Promise<boolean>;
  /** The current cookie or privacy policy text; null when none is published. */
  getPolicy(kind: PolicyKind): Promise<ContentItem | null>;
  /**
   * Readiness hook for `/readyz` (ADR 016): resolves when the backend's upstream answers (the core
   * system, in http mode) and throws otherwise. The embedded backend has none: its store is the
   * app database, which `/readyz` checks itself. Optional: when absent the check is skipped.
   */
  ready?(): Promise<void>;
}
