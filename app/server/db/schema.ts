import type { ColumnType, Generated } from 'kysely';

/**
 * Database tables. Portable across SQLite and PostgreSQL: times are epoch milliseconds (bigint),
 * calendar dates are `YYYY-MM-DD` text, money is integer satang, flags are 0/1 integers.
 */
export interface Database {
  meta: MetaTable;
  members: MembersTable;
  member_credentials: MemberCredentialsTable;
  terms_acceptances: TermsAcceptancesTable;
  coop_tokens: CoopTokensTable;
  content_categories: ContentCategoriesTable;
  content_items: ContentItemsTable;
  content_revisions: ContentRevisionsTable;
  menu_items: MenuItemsTable;
  menu_sub_items: MenuSubItemsTable;
  footer_phones: FooterPhonesTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  audit_events: AuditEventsTable;
  impersonation_grants: ImpersonationGrantsTable;
  share_accounts: ShareAccountsTable;
  share_statements: ShareStatementsTable;
  loans: LoansTable;
  loan_collateral: LoanCollateralTable;
  loan_statements: LoanStatementsTable;
  deposit_accounts: DepositAccountsTable;
  deposit_statements: DepositStatementsTable;
  collections: CollectionsTable;
  collection_lines: CollectionLinesTable;
  beneficiaries: BeneficiariesTable;
  dividends: DividendsTable;
  welfare_items: WelfareItemsTable;
  member_photos: MemberPhotosTable;
  board_topics: BoardTopicsTable;
  board_answers: BoardAnswersTable;
  demand_items: DemandItemsTable;
  board_blocks: BoardBlocksTable;
  idempotency_keys: IdempotencyKeysTable;
  search_documents: SearchDocumentsTable;
  search_terms: SearchTermsTable;
  search_recommended: SearchRecommendedTable;
  content_gallery: ContentGalleryTable;
  content_attachments: ContentAttachmentsTable;
  interest_rates: InterestRatesTable;
  totp_factors: TotpFactorsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  recovery_codes: RecoveryCodesTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_member_codes: StaffMemberCodesTable;
  staff_handoffs: StaffHandoffsTable;
  site_settings: SiteSettingsTable;
}

/** A row made at `created_at` that stops being valid at `expires_at` (epoch ms). */
interface Expiring {
  created_at: number;
  expires_at: number;
}

interface CreatedAndUpdated {
  created_at: number;
  updated_at: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface MembersTable {
  membership_no: string;
  prename: string;
  first_name: string;
  last_name: string;
  id_card: string;
  sex: 'M' | 'F';
  birth_date: string;
  approve_date: string;
  member_group_no: string;
  member_group_name: string;
  position_name: string | null;
  salary_satang: number;
  address: string;
  phone: string | null;
  /** Where one-time codes are sent (0010); null when the member gave none. */
  email: string | null;
  /** '0' normal, '3' resigned (the core system's codes). */
  status_code: string;
}

export interface MemberCredentialsTable extends CreatedAndUpdated {
  membership_no: string;
  password_hash: string;
  /** 1 when the member must set a new password before logging in. */
  reset_required: number;
}

export interface TermsAcceptancesTable {
  membership_no: string;
  /** The content item number of the terms text that was accepted. */
  terms_no: number;
  accepted_at: number;
  ip: string | null;
  user_agent: string | null;
}

export interface CoopTokensTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  membership_no: string;
  issued_at: number;
  expires_at: number;
  /** The staff member holding a token issued through an impersonation link (ADR 037), else null. */
  acting_staff: string | null;
}

export interface ContentCategoriesTable {
  code: string;
  description: string;
  /** A S M G C O L (G = gallery). */
  type: string;
  content_type: string;
  status: number;
  sort: number;
  /** Key of the category's background (CSS class `topic--{key}`); null for the plain one (0005). */
  background: string | null;
  /** Default picture kind: news activity rule school achievement notice letters download (0005). */
  default_image: Generated<string>;
}

/** A nullable column that inserts may leave out. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalNumber = ColumnType<number | null, number | null | undefined, number | null>;

export interface ContentItemsTable {
  no: Generated<number>;
  category: string;
  title: string;
  body_html: string;
  author: string | null;
  posted_at: number;
  event_date: string | null;
  cover_image: string | null;
  /** Legacy single attachment (the core system's `ndata`); 0005 copied it into content_attachments. */
  attachment: string | null;
  video_url: string | null;
  pageview: number;
  disabled: number;
  sort: number;
  /** The editor's own short excerpt; null: lists show the body's first words (0019). */
  excerpt: OptionalText;
  /** Last change by a staff account: when (ms) and who (username); null for seeded items (0019). */
  updated_at: OptionalNumber;
  updated_by: OptionalText;
  /** The cover picture's alternative text; null: none written yet (0030, ADR 121). */
  cover_alt: OptionalText;
  /** Saves of the item's text so far; a save names the version it edited (0028, ADR 118). */
  version: ColumnType<number, number | undefined, number>;
  /** In the trash since (ms) and by whom; null when not deleted (0028). */
  deleted_at: OptionalNumber;
  deleted_by: OptionalText;
  /** Whether the item was published when deleted: a restore puts it back so (0028). */
  deleted_was_published: OptionalNumber;
}

/** The columns of an item's text that a revision keeps as they were. */
type ItemText = Pick<ContentItemsTable, 'category' | 'title' | 'body_html' | 'posted_at' | 'video_url'>;

/** An item's text as it was before a save replaced it (0028, ADR 118). */
export interface ContentRevisionsTable extends ItemText {
  id: Generated<number>;
  item_no: number;
  version: number;
  excerpt: string | null;
  saved_at: number | null;
  saved_by: string | null;
  replaced_at: number;
}

export interface MenuItemsTable {
  seq: number;
  name: string;
  name_en: string | null;
  url: string | null;
  icon: string | null;
  is_parent: number;
  status: number;
  sort: number;
}

export interface MenuSubItemsTable {
  seq: number;
  menu_seq: number;
  description: string;
  url: string;
  status: number;
  sort: number;
}

export interface FooterPhonesTable {
  seq: number;
  label: string;
  link: string;
  sort: number;
}

export interface SessionsTable extends Expiring {
  /** SHA-256 of the random id held in the cookie. */
  id_hash: string;
  membership_no: string;
  member_name: string;
  upstream_token: string;
  /** When the core's token expires (ms since the epoch): it is refreshed shortly before. Null: unknown. */
  upstream_expires_at: number | null;
  remember: number;
  last_seen_at: number;
  /** Set when staff opened this session through an impersonation link (ADR 010): who is acting. */
  acting_staff: string | null;
  /** The browser's User-Agent at login (at most 300 characters) and the client address (0011). */
  user_agent: string | null;
  ip: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: number;
  type: string;
  membership_no: string | null;
  ip: string | null;
  detail: string | null;
  /** The request the event came from (its log lines' `requestId`) and its user agent (migration 0013). */
  request_id: string | null;
  user_agent: string | null;
  /** The staff member (username) behind the event (migration 0018); null for members' own events. */
  actor: string | null;
  /**
   * sha256(previous chained row's hash + this row's canonical serialisation), hex (migration 0025,
   * ADR 100); null for rows written before the chain started.
   */
  hash: string | null;
  /** The id (fingerprint) of the key `mac` was made with (migration 0031, ADR 134); null before. */
  mac_key: string | null;
  /** HMAC-SHA256(key, hash), hex (migration 0031, ADR 134); null for rows written before the key. */
  mac: string | null;
}

/** A single-use staff impersonation link (ADR 010). */
export interface ImpersonationGrantsTable extends Expiring {
  /** SHA-256 of the link's random nonce. */
  nonce_hash: string;
  membership_no: string;
  /** The staff member's name or id as given to the CLI. */
  staff: string;
  /** When the link was used; null while unused. Set at most once (atomic UPDATE … WHERE used_at IS NULL). */
  used_at: number | null;
}

export interface ShareAccountsTable {
  membership_no: string;
  capital_satang: number;
  monthly_satang: number;
  /** Latest instalment number paid. */
  last_period: number;
  /** 1 when monthly contributions are suspended ('งดส่งค่าหุ้น'). */
  suspended: number;
}

export interface ShareStatementsTable {
  id: Generated<number>;
  membership_no: string;
  op_date: string;
  period: number | null;
  description: string;
  /** Signed: purchases positive, withdrawals negative. */
  amount_satang: number;
  /** Share capital after this row. */
  balance_satang: number;
}

export interface LoansTable {
  contract_no: string;
  membership_no: string;
  loan_type: string;
  approved_satang: number;
  /** Principal still owed. */
  balance_satang: number;
  start_date: string;
  instalment_satang: number;
  periods: number;
  last_period: number;
  /** Annual rate in percent, as a decimal string ("6.25"). */
  interest_rate: string;
  interest_arrear_satang: number;
}

export interface LoanCollateralTable {
  id: Generated<number>;
  contract_no: string;
  /** 'member' (a guarantor member) or 'asset' (shares, deposits, land…). */
  kind: 'member' | 'asset';
  guarantor_no: string | null;
  description: string;
  /** Amount of the loan this collateral covers. */
  amount_satang: number;
}

export interface LoanStatementsTable {
  id: Generated<number>;
  contract_no: string;
  op_date: string;
  period: number | null;
  item: string;
  principal_satang: number;
  interest_satang: number;
  /** Principal owed after this row. */
  balance_satang: number;
}

export interface DepositAccountsTable {
  account_no: string;
  membership_no: string;
  type_code: string;
  type_name: string;
  account_name: string;
  balance_satang: number;
  accrued_interest_satang: number;
  /** Held as security for loans; withdrawable = balance − held. */
  held_satang: number;
  opened_date: string;
}

export interface DepositStatementsTable {
  id: Generated<number>;
  account_no: string;
  op_date: string;
  seq: number;
  description: string;
  /** Signed: deposits positive, withdrawals negative. */
  amount_satang: number;
  balance_satang: number;
}

export interface CollectionsTable {
  id: Generated<number>;
  membership_no: string;
  /** 'kep' (the cooperative's monthly collection) or 'crem' (cremation welfare association). */
  kind: 'kep' | 'crem';
  /** Gregorian year and month 1–12. */
  year: number;
  month: number;
  billed_satang: number;
  collected_satang: number;
  /** 0 = a bill not yet sent for deduction, 1 = posted (a receipt). */
  posted: number;
  receipt_no: string | null;
  receipt_date: string | null;
}

export interface CollectionLinesTable {
  id: Generated<number>;
  collection_id: number;
  seq: number;
  /** 'share', 'loan', 'deposit', 'crem' or 'other'. */
  item_code: string;
  description: string;
  contract_no: string | null;
  period: number | null;
  principal_satang: number;
  interest_satang: number;
  amount_satang: number;
}

export interface BeneficiariesTable {
  id: Generated<number>;
  membership_no: string;
  seq: number;
  name: string;
  relationship: string;
}

export interface DividendsTable {
  membership_no: string;
  /** Gregorian account year. */
  year: number;
  dividend_rate: string;
  dividend_satang: number;
  dividend_withheld: number;
  average_return_rate: string;
  average_return_satang: number;
  average_return_withheld: number;
  interest_paid_satang: number;
  payout_method: string;
}

export interface WelfareItemsTable {
  id: Generated<number>;
  membership_no: string;
  tab: 'received' | 'eligible';
  kind: string;
  description: string;
  item_date: string | null;
  amount_satang: number;
}

/** A member's profile photo: the 256 px JPEG we re-encoded (never the uploaded file). */
export interface MemberPhotosTable {
  membership_no: string;
  jpeg: Uint8Array;
  updated_at: number;
}

/** What staff may hide (0006; the reason and time from 0020, ADR 062): hidden rows are not shown anywhere. */
interface Hideable {
  /** 1 when staff have hidden it. */
  hidden: number;
  /** The moderator's reason, kept while hidden. */
  hidden_reason: string | null;
  hidden_at: number | null;
}

/** A topic or an answer of the web board: plain text as typed (never HTML), moderated (0020, ADR 062). */
interface BoardPost extends Hideable {
  id: Generated<number>;
  body: string;
  display_name: string;
  created_at: number;
  /** A keyed hash of the poster's address (never the address), to block the author. */
  author_key: string | null;
  /** When a moderator saw it; null while it waits in the moderation queue. */
  reviewed_at: number | null;
}

/** A web board topic; its title is plain text as typed too. */
export interface BoardTopicsTable extends BoardPost {
  title: string;
  /** Set while the topic takes no more answers from visitors. */
  closed_at: number | null;
}

export interface BoardAnswersTable extends BoardPost {
  topic_id: number;
  /** 1 for an answer by the cooperative's staff (the core system's `Namer = "Admin"`). */
  staff: number;
}

/** The demand section: a member's request or question and the cooperative's answer. */
export interface DemandItemsTable extends Hideable {
  id: Generated<number>;
  question: string;
  detail: string;
  asker_name: string;
  asked_at: number;
  /** 'received', 'in_progress' or 'done'. */
  status: string;
  answer: string | null;
  answered_by: string | null;
  answered_at: number | null;
}

/** An address that may not post on the board until `expires_at` (0020, ADR 062). */
export interface BoardBlocksTable extends Expiring {
  /** A keyed hash of the normalised address; the address itself is not stored. */
  address_key: string;
  /** What moderators see: a masked address ("203.0.113.*") or the post whose author it is. */
  label: string;
  reason: string;
  /** The staff username who added it. */
  created_by: string;
}

/** A form submission key, claimed in the same transaction as the row it created (ADR 012). */
export interface IdempotencyKeysTable {
  /** What the key was used for, e.g. 'board_topic'. */
  scope: string;
  key: string;
  /** The id of what the first submission created. */
  result_ref: string;
  created_at: number;
}

/** One searchable content item: its title (Question) and body (Note) as plain text (ADR 013). */
export interface SearchDocumentsTable {
  content_no: number;
  question: string;
  note: string;
  /** Lower case, NFC, single spaces: what the substring tier matches with LIKE. */
  question_norm: string;
  note_norm: string;
  indexed_at: number;
}

/** The Thai-segmented words of each item, per field ('q' title, 'n' body), with their counts. */
export interface SearchTermsTable {
  term: string;
  content_no: number;
  field: 'q' | 'n';
  hits: number;
}

/** The 'เมนูแนะนำ' list shown with search results; `note` holds the link (vendor field names). */
export interface SearchRecommendedTable {
  seq: number;
  question: string;
  note: string;
  status: number;
  sort: number;
}

/** A file of a content item, in `seq` order (0005). */
interface ItemFile {
  id: Generated<number>;
  item_no: number;
  seq: number;
  /** Path under /mediafiles/. */
  file: string;
}

/** Photos of a gallery item (the core system's `pic_activity`). */
export interface ContentGalleryTable extends ItemFile {
  caption: string | null;
}

/** Files attached to a content item. */
export interface ContentAttachmentsTable extends ItemFile {
  label: string;
  size_bytes: number | null;
}

/** Interest rates shown on the home page (0005). */
export interface InterestRatesTable {
  id: Generated<number>;
  kind: 'deposit' | 'loan';
  name: string;
  /** Percent per year as a decimal string ("3.25"). */
  rate: string;
  note: string | null;
  /** Gregorian `YYYY-MM-DD` from which the rate applies. */
  effective_date: string;
  sort: number;
}

/** A TOTP authenticator (ADR 040) of a subject such as `member:<no>`. */
export interface TotpFactorsTable extends CreatedAndUpdated {
  subject: string;
  /** The base32 secret sealed with AES-256-GCM (`app/server/auth/totp/seal.server.ts`). */
  secret_sealed: string;
  /** When the first code confirmed it; null while enrolment is pending. */
  enabled_at: number | null;
  /** The last time step a code was accepted for (replay protection). */
  last_step: number | null;
  /** Fresh recovery codes, sealed, until the holder confirms they were kept or `reveal_until`. */
  reveal_sealed: string | null;
  reveal_holder: string | null;
  reveal_until: number | null;
}

/** A recovery code of a subject: SHA-256 of the code; `used_at` set once. */
export interface TotpRecoveryCodesTable {
  subject: string;
  code_hash: string;
  used_at: number | null;
}

/** A half-session between a verified password and the second factor (ADR 040). */
export interface LoginChallengesTable extends Expiring {
  id_hash: string;
  membership_no: string;
  upstream_token: string;
  upstream_expires_in: number;
  remember: number;
  redirect_to: string | null;
  failures: number;
  /** The member's name as the login answered it (0022, ADR 093); null on half-sessions from before. */
  member_name: OptionalText;
}

/** A one-time code for a member's registration or forgotten password, used at most once. */
interface OneTimeCode extends Expiring {
  purpose: 'register' | 'forget';
  membership_no: string;
  attempts: number;
  used_at: number | null;
}

/** One-time codes for registration and forgotten passwords (0010, ADR 038). */
export interface RecoveryCodesTable extends OneTimeCode {
  /** SHA-256 of the challenge the browser holds. */
  challenge_hash: string;
  /** HMAC-SHA-256 of the code; null when no code was sent (the identity did not match). */
  code_hash: string | null;
}

/** A staff account of the back office (0018, ADR 059). */
export interface StaffAccountsTable extends CreatedAndUpdated {
  id: Generated<number>;
  username: string;
  display_name: string;
  role: string;
  password_hash: string | null;
  enrol_token_hash: string | null;
  enrol_expires_at: number | null;
  enrolled_at: number | null;
  disabled_at: number | null;
}

/** A staff session (0018): `stage` 'enrol', 'code' (half-session before the TOTP code) or 'active'. */
export interface StaffSessionsTable extends Expiring {
  id_hash: string;
  staff_id: number;
  stage: string;
  redirect_to: string | null;
  failures: number;
  last_seen_at: number;
  user_agent: string | null;
  ip: string | null;
}

/** A form kept across an ended staff session, or an issued code shown once (0026, ADR 116). */
export interface StaffHandoffsTable extends Expiring {
  owner_hash: string;
  kind: string;
  path: string;
  staff_id: number;
  payload: string;
}

/** A one-time code staff issued for a member without contact on file (0018, ADR 060). */
export interface StaffMemberCodesTable extends OneTimeCode {
  id: Generated<number>;
  code_hash: string;
  issued_by: string;
}

/** Settings of the public site edited by staff, e.g. the opening-hours line (0019). */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}
