/**
 * The CoopBackend boundary: everything the UI needs from the cooperative, in the cooperative's
 * vocabulary. Route modules call these methods and never touch SQL or the upstream API directly.
 * Two implementations: `embedded` (our SQL store) and, later, `http` (the core system's API).
 */

/** What a member call is made with: the upstream token kept in the server-side session row. */
export interface MemberCredentials {
  token: string;
}

export interface MemberName {
  membershipNo: string;
  prename: string;
  firstName: string;
  lastName: string;
}

export type LoginResult =
  | { ok: true; token: string; expiresInSeconds: number; member: MemberName }
  /** Wrong number or wrong password: deliberately one outcome, so nobody can tell which. */
  | { ok: false; reason: 'invalid_credentials' }
  /** The member must set a new password first (core system HTTP 406). */
  | { ok: false; reason: 'password_reset_required' };

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

export interface ContentSummary {
  no: number;
  category: string;
  categoryLabel: string;
  title: string;
  postedAt: Date;
  coverImage: string | null;
}

export interface HomeContent {
  latest: ContentSummary[];
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The token was refused (expired, invalid, absent): the session must end. */
export class CoopAuthError extends Error {
  override name = 'CoopAuthError';
}

/** The backend could not answer (core down, timeout, malformed reply). */
export class CoopUnavailableError extends Error {
  override name = 'CoopUnavailableError';
}

export interface CoopBackend {
  readonly kind: 'embedded' | 'http';
  login(input: { membershipNo: string; password: string; remember: boolean }): Promise<LoginResult>;
  logout(member: MemberCredentials): Promise<void>;
  /** Session check (core `getAuthUser`): true while the token is valid. */
  getAuthUser(member: MemberCredentials): Promise<boolean>;
  getTermsStatus(member: MemberCredentials): Promise<{ accepted: boolean }>;
  getTerms(): Promise<TermsText | null>;
  acceptTerms(member: MemberCredentials, meta: RequestMeta): Promise<void>;
  getMemberProfile(member: MemberCredentials): Promise<MemberProfile>;
  getMenu(): Promise<MenuEntry[]>;
  getFooterPhones(): Promise<FooterPhone[]>;
  getHomeContent(): Promise<HomeContent>;
}
