import type { Generated } from 'kysely';

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
  menu_items: MenuItemsTable;
  menu_sub_items: MenuSubItemsTable;
  footer_phones: FooterPhonesTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  audit_events: AuditEventsTable;
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
  content_gallery: ContentGalleryTable;
  content_attachments: ContentAttachmentsTable;
  interest_rates: InterestRatesTable;
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
  /** '0' normal, '3' resigned (the core system's codes). */
  status_code: string;
}

export interface MemberCredentialsTable {
  membership_no: string;
  password_hash: string;
  /** 1 when the member must set a new password before logging in. */
  reset_required: number;
  created_at: number;
  updated_at: number;
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

export interface SessionsTable {
  /** SHA-256 of the random id held in the cookie. */
  id_hash: string;
  membership_no: string;
  member_name: string;
  upstream_token: string;
  remember: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
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

/** Photos of a gallery item (the core system's `pic_activity`), in `seq` order (0005). */
export interface ContentGalleryTable {
  id: Generated<number>;
  item_no: number;
  seq: number;
  /** Path under /mediafiles/. */
  file: string;
  caption: string | null;
}

/** Files attached to a content item, in `seq` order (0005). */
export interface ContentAttachmentsTable {
  id: Generated<number>;
  item_no: number;
  seq: number;
  /** Path under /mediafiles/. */
  file: string;
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
