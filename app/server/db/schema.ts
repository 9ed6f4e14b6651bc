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
