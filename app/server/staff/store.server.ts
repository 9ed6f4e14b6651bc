import { app } from '../app.server';
import { issueImpersonationLink } from '../auth/impersonation.server';
import { loginLimits } from '../auth/login-limit.server';
import { clearCodeLimits } from '../auth/recovery/code-limit.server';
import { mediaDir } from '../content/media.server';
import { BANNER_CATEGORY } from '../coop/embedded-content.server';
import type { CoopBackend } from '../coop/types';
import type { Db } from '../db/index.server';
import type { Env } from '../env.server';
import {
  activeAdminCount,
  createStaffAccount,
  findByEnrolToken,
  findStaffById,
  listStaffAccounts,
  resetEnrolment,
  setStaffDisabled,
  setStaffRole,
} from './accounts.server';
import { exportAudit, searchAudit } from './audit-search.server';
import {
  getRevision,
  listRevisions,
  listTrash,
  restoreFromTrash,
  restoreRevision,
  trashedTitle,
  trashItem,
} from './content-history.server';
import { deleteUnreferencedMedia, itemMediaFile, storeUpload } from './content-media.server';
import {
  getItem,
  listCategories,
  listItems,
  previewItem,
  previewOf,
  removeCover,
  removeFile,
  saveItem,
  itemCreatedWith,
  setPublished,
  setPublishedMany,
} from './content.server';
import { lockedMembers, memberNames, postsWaiting, publishedThisMonth, signInsToday } from './dashboard.server';
import { putHandoff, takeHandoff, takeKeptForm } from './handoff.server';
import { listMedia, reuseMedia, setPhotoCaption } from './media-library.server';
import { deleteMenuRow, getFooterPhones, getMenuTree, saveMenuEntry, savePhone, saveSubEntry } from './menu.server';
import {
  answerDemand,
  blockAddress,
  blockAuthorOf,
  getStaffDemand,
  getStaffTopic,
  listBlocks,
  listQueue,
  listStaffDemand,
  listStaffTopics,
  markReviewed,
  postOfficialAnswer,
  removeBlock,
  setDemandHidden,
  setPostHidden,
  setTopicClosed,
} from './moderation.server';
import {
  changeOwnPassword,
  regenerateOwnRecoveryCodes,
  staffSignInLocked,
  unlockStaffSignIn,
} from './own-account.server';
import { endAllStaffSessions } from './session.server';
import { getOpeningHours, setOpeningHours } from './site-settings.server';
import {
  findMembers,
  issueMemberCode,
  memberSupportView,
  removeMemberSecondFactor,
  staffCodeKey,
  unlockMember,
} from './support.server';

/**
 * The staff back office's one data path (ADR 127), beside `CoopBackend` for members: every staff
 * route reads and writes through `staffStore()` and never opens the database itself.
 *
 * - `own`: what Sahakorn always holds for its staff (accounts, sessions, own account, the audit log,
 *   hand-offs), in either mode.
 * - `coop`: the cooperative's tables the back office edits (content, media, menu, home page, board,
 *   demand, member support, the dashboard's numbers), in the embedded store; `null` in http mode,
 *   where the core system owns them (ADR 059, 061). That `null` is the one place deciding what a
 *   staff page does in http mode: `requireCoopStore` refuses, pages saying "the core owns this"
 *   test `coop === null`.
 *
 * Each method is an existing staff module function with the store (`db`, and where a function needs
 * them the media folder, limits or the backend) bound; the SQL stays in those modules.
 */

/** A module function taking the database first, as a store method: the database bound. */
type OnDb<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

// ---- own: the staff's own tables ---------------------------------------------------------------

export type ListStaffAccounts = OnDb<typeof listStaffAccounts>;
export type FindStaffById = OnDb<typeof findStaffById>;
export type FindByEnrolToken = OnDb<typeof findByEnrolToken>;
export type CreateStaffAccount = OnDb<typeof createStaffAccount>;
export type SetStaffRole = OnDb<typeof setStaffRole>;
export type SetStaffDisabled = OnDb<typeof setStaffDisabled>;
export type ResetEnrolment = OnDb<typeof resetEnrolment>;
export type ActiveAdminCount = OnDb<typeof activeAdminCount>;
/** Whether an account's sign-in is locked now, by this server's sign-in limits. */
export type StaffSignInLocked = (account: { id: number; username: string }, now?: number) => Promise<boolean>;
/** Clears an account's sign-in counters (by this server's limits); answers how many were removed. */
export type UnlockStaffSignIn = (account: { id: number; username: string }, now?: number) => Promise<number>;
export type EndAllStaffSessions = OnDb<typeof endAllStaffSessions>;
export type ChangeOwnPassword = OnDb<typeof changeOwnPassword>;
export type RegenerateOwnRecoveryCodes = OnDb<typeof regenerateOwnRecoveryCodes>;
export type SearchAudit = OnDb<typeof searchAudit>;
export type ExportAudit = OnDb<typeof exportAudit>;
export type SignInsToday = OnDb<typeof signInsToday>;
export type PutHandoff = OnDb<typeof putHandoff>;
export type TakeHandoff = OnDb<typeof takeHandoff>;
export type TakeKeptForm = OnDb<typeof takeKeptForm>;

export interface StaffAccountsStore {
  list: ListStaffAccounts;
  findById: FindStaffById;
  findByEnrolToken: FindByEnrolToken;
  create: CreateStaffAccount;
  setRole: SetStaffRole;
  setDisabled: SetStaffDisabled;
  resetEnrolment: ResetEnrolment;
  activeAdminCount: ActiveAdminCount;
  signInLocked: StaffSignInLocked;
  unlockSignIn: UnlockStaffSignIn;
}

export interface StaffSessionsStore {
  endAll: EndAllStaffSessions;
}

export interface StaffOwnAccountStore {
  changePassword: ChangeOwnPassword;
  regenerateRecoveryCodes: RegenerateOwnRecoveryCodes;
}

export interface StaffAuditStore {
  search: SearchAudit;
  export: ExportAudit;
  /** Members' successful sign-ins since the start of the Bangkok day (the audit log is ours in either mode). */
  signInsToday: SignInsToday;
}

export interface StaffHandoffStore {
  put: PutHandoff;
  take: TakeHandoff;
  /** The form an editor's browser kept when posted after the session ended (ADR 116), taken once. */
  takeKeptForm: TakeKeptForm;
}

/** What Sahakorn always holds for staff, in either mode. */
export interface StaffOwnStore {
  accounts: StaffAccountsStore;
  sessions: StaffSessionsStore;
  ownAccount: StaffOwnAccountStore;
  audit: StaffAuditStore;
  handoffs: StaffHandoffStore;
}

// ---- coop: the cooperative's tables (embedded store only) --------------------------------------

export type ListCategories = OnDb<typeof listCategories>;
export type ListItems = OnDb<typeof listItems>;
export type GetItem = OnDb<typeof getItem>;
export type PreviewItem = OnDb<typeof previewItem>;
/** An unsaved draft as its public page would show it. */
export type PreviewDraft = OnDb<typeof previewOf>;
export type SaveItem = OnDb<typeof saveItem>;
export type ItemCreatedWith = OnDb<typeof itemCreatedWith>;
export type SetPublished = OnDb<typeof setPublished>;
export type SetPublishedMany = OnDb<typeof setPublishedMany>;
export type RemoveCover = OnDb<typeof removeCover>;
export type RemoveFile = OnDb<typeof removeFile>;
export type ListRevisions = OnDb<typeof listRevisions>;
export type GetRevision = OnDb<typeof getRevision>;
export type RestoreRevision = OnDb<typeof restoreRevision>;
/** Moves an item to the trash (its media in this server's media folder); false when there is none. */
export type TrashItem = (no: number, staff: string, now?: number) => Promise<boolean>;
export type RestoreFromTrash = OnDb<typeof restoreFromTrash>;
export type TrashedTitle = OnDb<typeof trashedTitle>;
/** The trash, its files looked up in this server's media folder. */
export type ListTrash = (now?: number) => ReturnType<typeof listTrash>;
export type ListMedia = OnDb<typeof listMedia>;
export type ReuseMedia = OnDb<typeof reuseMedia>;
export type SetPhotoCaption = OnDb<typeof setPhotoCaption>;
export type ItemMediaFile = OnDb<typeof itemMediaFile>;
/** Stores an uploaded picture (scaled down) or PDF in this server's media folder. */
export type StoreUpload = (input: Uint8Array, now?: Date) => ReturnType<typeof storeUpload>;
/** Deletes those of `files` no item refers to any more, from this server's media folder. */
export type DeleteUnreferencedMedia = (files: Array<string | null>) => Promise<string[]>;
export type GetMenuTree = OnDb<typeof getMenuTree>;
export type GetFooterPhones = OnDb<typeof getFooterPhones>;
export type SaveMenuEntry = OnDb<typeof saveMenuEntry>;
export type SaveSubEntry = OnDb<typeof saveSubEntry>;
export type SavePhone = OnDb<typeof savePhone>;
export type DeleteMenuRow = OnDb<typeof deleteMenuRow>;
export type GetOpeningHours = OnDb<typeof getOpeningHours>;
export type SetOpeningHours = OnDb<typeof setOpeningHours>;
/** The home page's banners (content items of the banner category), the list's first page. */
export type ListBanners = () => ReturnType<typeof listItems>;
export type ListQueue = OnDb<typeof listQueue>;
export type MarkReviewed = OnDb<typeof markReviewed>;
export type SetPostHidden = OnDb<typeof setPostHidden>;
export type ListStaffTopics = OnDb<typeof listStaffTopics>;
export type GetStaffTopic = OnDb<typeof getStaffTopic>;
export type SetTopicClosed = OnDb<typeof setTopicClosed>;
export type PostOfficialAnswer = OnDb<typeof postOfficialAnswer>;
export type BlockAuthorOf = OnDb<typeof blockAuthorOf>;
export type ListBlocks = OnDb<typeof listBlocks>;
export type BlockAddress = OnDb<typeof blockAddress>;
export type RemoveBlock = OnDb<typeof removeBlock>;
export type ListStaffDemand = OnDb<typeof listStaffDemand>;
export type GetStaffDemand = OnDb<typeof getStaffDemand>;
export type AnswerDemand = OnDb<typeof answerDemand>;
export type SetDemandHidden = OnDb<typeof setDemandHidden>;
export type FindMembers = OnDb<typeof findMembers>;
/** A member as member support shows them, their locks counted by this server's limits. */
export type MemberSupport = (membershipNo: string, now?: number) => ReturnType<typeof memberSupportView>;
/** Ends a member's sessions and locks; the core's tokens behind the ended sessions are handed back. */
export type UnlockMember = OnDb<typeof unlockMember>;
export type ClearCodeLimits = OnDb<typeof clearCodeLimits>;
/** Issues a one-time code for a member (hashed with this server's staff-code key). */
export type IssueMemberCode = (
  input: Parameters<typeof issueMemberCode>[2],
  now?: number,
) => ReturnType<typeof issueMemberCode>;
/** Removes a member's second factor; the core's tokens behind the ended sessions are handed back. */
export type RemoveMemberSecondFactor = OnDb<typeof removeMemberSecondFactor>;
export type IssueImpersonationLink = OnDb<typeof issueImpersonationLink>;
export type PostsWaiting = OnDb<typeof postsWaiting>;
export type PublishedThisMonth = OnDb<typeof publishedThisMonth>;
/** The members whose sign-in is locked now, by this server's limits. */
export type LockedMembers = (now?: number) => ReturnType<typeof lockedMembers>;
export type MemberNames = OnDb<typeof memberNames>;

/** Content items: the list, one item, its versions, revisions, trash and files, publishing. */
export interface StaffContentStore {
  categories: ListCategories;
  list: ListItems;
  get: GetItem;
  preview: PreviewItem;
  previewOf: PreviewDraft;
  save: SaveItem;
  createdWith: ItemCreatedWith;
  setPublished: SetPublished;
  setPublishedMany: SetPublishedMany;
  removeCover: RemoveCover;
  removeFile: RemoveFile;
  revisions: ListRevisions;
  revision: GetRevision;
  restoreRevision: RestoreRevision;
  trash: TrashItem;
  restoreFromTrash: RestoreFromTrash;
  trashedTitle: TrashedTitle;
  listTrash: ListTrash;
}

/** The media library: the files content items hold, reused and captioned. */
export interface StaffMediaStore {
  list: ListMedia;
  reuse: ReuseMedia;
  setCaption: SetPhotoCaption;
  itemFile: ItemMediaFile;
  store: StoreUpload;
  deleteUnreferenced: DeleteUnreferencedMedia;
}

/** The public site's menu and the footer's phone numbers. */
export interface StaffMenuStore {
  tree: GetMenuTree;
  phones: GetFooterPhones;
  saveEntry: SaveMenuEntry;
  saveSubEntry: SaveSubEntry;
  savePhone: SavePhone;
  deleteRow: DeleteMenuRow;
}

/** The home page's settings and banners. */
export interface StaffHomeStore {
  openingHours: GetOpeningHours;
  setOpeningHours: SetOpeningHours;
  banners: ListBanners;
}

/** Board moderation: the queue, topics, posts' authors' addresses blocked. */
export interface StaffBoardStore {
  queue: ListQueue;
  markReviewed: MarkReviewed;
  setPostHidden: SetPostHidden;
  topics: ListStaffTopics;
  topic: GetStaffTopic;
  setTopicClosed: SetTopicClosed;
  postOfficialAnswer: PostOfficialAnswer;
  blockAuthorOf: BlockAuthorOf;
  blocks: ListBlocks;
  blockAddress: BlockAddress;
  removeBlock: RemoveBlock;
}

/** Members' demand items (requests to the cooperative) and their answers. */
export interface StaffDemandStore {
  list: ListStaffDemand;
  get: GetStaffDemand;
  answer: AnswerDemand;
  setHidden: SetDemandHidden;
}

/** Member support: finding a member, their locks, codes, second factor, impersonation links. */
export interface StaffMembersStore {
  find: FindMembers;
  view: MemberSupport;
  unlock: UnlockMember;
  clearCodeLimits: ClearCodeLimits;
  issueCode: IssueMemberCode;
  removeSecondFactor: RemoveMemberSecondFactor;
  impersonationLink: IssueImpersonationLink;
  locked: LockedMembers;
  names: MemberNames;
}

/** The dashboard's numbers from the cooperative's tables. */
export interface StaffDashboardStore {
  postsWaiting: PostsWaiting;
  publishedThisMonth: PublishedThisMonth;
}

/** The cooperative's tables the back office edits: only in the embedded store. */
export interface StaffCoopStore {
  content: StaffContentStore;
  media: StaffMediaStore;
  menu: StaffMenuStore;
  home: StaffHomeStore;
  board: StaffBoardStore;
  demand: StaffDemandStore;
  members: StaffMembersStore;
  dashboard: StaffDashboardStore;
}

export interface StaffStore {
  own: StaffOwnStore;
  /** null in http mode (COOP_BACKEND=http): the core system owns these tables (ADR 059, 061, 127). */
  coop: StaffCoopStore | null;
}

/** What the store is made of: the app's services. */
export interface StaffStoreServices {
  env: Env;
  db: Db;
  backend: Pick<CoopBackend, 'logout'>;
}

function ownStore({ env, db }: StaffStoreServices): StaffOwnStore {
  const limits = loginLimits(env);
  return {
    accounts: {
      list: () => listStaffAccounts(db),
      findById: (...a) => findStaffById(db, ...a),
      findByEnrolToken: (...a) => findByEnrolToken(db, ...a),
      create: (...a) => createStaffAccount(db, ...a),
      setRole: (...a) => setStaffRole(db, ...a),
      setDisabled: (...a) => setStaffDisabled(db, ...a),
      resetEnrolment: (...a) => resetEnrolment(db, ...a),
      activeAdminCount: () => activeAdminCount(db),
      signInLocked: (account, now) => staffSignInLocked(db, account, limits, now),
      unlockSignIn: (account, now) => unlockStaffSignIn(db, account, limits, now),
    },
    sessions: { endAll: (...a) => endAllStaffSessions(db, ...a) },
    ownAccount: {
      changePassword: (...a) => changeOwnPassword(db, ...a),
      regenerateRecoveryCodes: (...a) => regenerateOwnRecoveryCodes(db, ...a),
    },
    audit: {
      search: (...a) => searchAudit(db, ...a),
      export: (...a) => exportAudit(db, ...a),
      signInsToday: (...a) => signInsToday(db, ...a),
    },
    handoffs: {
      put: (...a) => putHandoff(db, ...a),
      take: (...a) => takeHandoff(db, ...a),
      takeKeptForm: (...a) => takeKeptForm(db, ...a),
    },
  };
}

function coopStore({ env, db, backend }: StaffStoreServices): StaffCoopStore {
  const media = () => mediaDir(env.dataDir);
  // The core's tokens behind member sessions staff ended are handed back (in embedded mode, deleted already).
  const handBack = (tokens: readonly string[]) =>
    Promise.all(tokens.map((token) => backend.logout({ token }).catch(() => undefined)));
  return {
    content: {
      categories: () => listCategories(db),
      list: (...a) => listItems(db, ...a),
      get: (...a) => getItem(db, ...a),
      preview: (...a) => previewItem(db, ...a),
      previewOf: (...a) => previewOf(db, ...a),
      save: (...a) => saveItem(db, ...a),
      createdWith: (...a) => itemCreatedWith(db, ...a),
      setPublished: (...a) => setPublished(db, ...a),
      setPublishedMany: (...a) => setPublishedMany(db, ...a),
      removeCover: (...a) => removeCover(db, ...a),
      removeFile: (...a) => removeFile(db, ...a),
      revisions: (...a) => listRevisions(db, ...a),
      revision: (...a) => getRevision(db, ...a),
      restoreRevision: (...a) => restoreRevision(db, ...a),
      trash: (no, staff, now) => trashItem(db, media(), no, staff, now),
      restoreFromTrash: (...a) => restoreFromTrash(db, ...a),
      trashedTitle: (...a) => trashedTitle(db, ...a),
      listTrash: (now) => listTrash(db, media(), now),
    },
    media: {
      list: (...a) => listMedia(db, ...a),
      reuse: (...a) => reuseMedia(db, ...a),
      setCaption: (...a) => setPhotoCaption(db, ...a),
      itemFile: (...a) => itemMediaFile(db, ...a),
      store: (input, now) => storeUpload(media(), input, now),
      deleteUnreferenced: (files) => deleteUnreferencedMedia(db, media(), files),
    },
    menu: {
      tree: () => getMenuTree(db),
      phones: () => getFooterPhones(db),
      saveEntry: (...a) => saveMenuEntry(db, ...a),
      saveSubEntry: (...a) => saveSubEntry(db, ...a),
      savePhone: (...a) => savePhone(db, ...a),
      deleteRow: (...a) => deleteMenuRow(db, ...a),
    },
    home: {
      openingHours: () => getOpeningHours(db),
      setOpeningHours: (...a) => setOpeningHours(db, ...a),
      banners: () => listItems(db, { category: BANNER_CATEGORY, page: 1 }),
    },
    board: {
      queue: (...a) => listQueue(db, ...a),
      markReviewed: (...a) => markReviewed(db, ...a),
      setPostHidden: (...a) => setPostHidden(db, ...a),
      topics: (...a) => listStaffTopics(db, ...a),
      topic: (...a) => getStaffTopic(db, ...a),
      setTopicClosed: (...a) => setTopicClosed(db, ...a),
      postOfficialAnswer: (...a) => postOfficialAnswer(db, ...a),
      blockAuthorOf: (...a) => blockAuthorOf(db, ...a),
      blocks: (...a) => listBlocks(db, ...a),
      blockAddress: (...a) => blockAddress(db, ...a),
      removeBlock: (...a) => removeBlock(db, ...a),
    },
    demand: {
      list: (...a) => listStaffDemand(db, ...a),
      get: (...a) => getStaffDemand(db, ...a),
      answer: (...a) => answerDemand(db, ...a),
      setHidden: (...a) => setDemandHidden(db, ...a),
    },
    members: {
      find: (...a) => findMembers(db, ...a),
      view: (membershipNo, now) => memberSupportView(db, membershipNo, env, now),
      unlock: async (membershipNo) => {
        const ended = await unlockMember(db, membershipNo);
        await handBack(ended.upstreamTokens);
        return ended;
      },
      clearCodeLimits: (...a) => clearCodeLimits(db, ...a),
      issueCode: (input, now) => issueMemberCode(db, staffCodeKey(env.sessionSecret), input, now),
      removeSecondFactor: async (membershipNo) => {
        const removed = await removeMemberSecondFactor(db, membershipNo);
        if (removed) await handBack(removed.upstreamTokens);
        return removed;
      },
      impersonationLink: (...a) => issueImpersonationLink(db, ...a),
      locked: (now) => lockedMembers(db, env, now),
      names: (...a) => memberNames(db, ...a),
    },
    dashboard: {
      postsWaiting: () => postsWaiting(db),
      publishedThisMonth: (...a) => publishedThisMonth(db, ...a),
    },
  };
}

/** COOP_BACKEND=http: the core system owns content, the board, demand and members (ADR 059, 061). */
export function coreOwnsCoopTables(config: Pick<Env, 'COOP_BACKEND'>): boolean {
  return config.COOP_BACKEND === 'http';
}

/** The staff store over these services: `coop` is null when the core owns the cooperative's tables. */
export function staffStoreOf(services: StaffStoreServices): StaffStore {
  return {
    own: ownStore(services),
    coop: coreOwnsCoopTables(services.env) ? null : coopStore(services),
  };
}

const made = new WeakMap<object, StaffStore>();

/** The staff store of this process (made once over the app's services). */
export async function staffStore(): Promise<StaffStore> {
  const services = await app();
  let store = made.get(services);
  if (!store) {
    store = staffStoreOf(services);
    made.set(services, store);
  }
  return store;
}

/** The 404 a staff page answers in http mode when it has nothing to show (ADR 127). */
function notFound(): Response {
  return new Response('Not Found', { status: 404 });
}

/**
 * The cooperative's tables, or, in http mode, the page's refusal thrown: a 404 unless `refuse` gives
 * another answer (e.g. `redirectWithNotice` back to the list, saying the core owns this).
 */
export async function requireCoopStore(
  store: StaffStore,
  refuse: () => Response | Promise<Response> = notFound,
): Promise<StaffCoopStore> {
  if (store.coop) return store.coop;
  throw await refuse();
}
