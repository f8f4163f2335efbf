import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The database as the app sees it. Timestamps are ISO-8601 UTC strings and days are
 * Asia/Seoul `YYYY-MM-DD` strings on both dialects; flags are 0/1 integers.
 */
export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  membership_registry: MembershipRegistryTable;
  terms_documents: TermsDocumentsTable;
  common_codes: CommonCodesTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  challenges: ChallengesTable;
  sub_challenges: SubChallengesTable;
  missions: MissionsTable;
  mission_certifications: MissionCertificationsTable;
  login_logs: LoginLogsTable;
  activity_logs: ActivityLogsTable;
  auto_login_tokens: AutoLoginTokensTable;
  user_agreements: UserAgreementsTable;
  guardian_consents: GuardianConsentsTable;
  kakao_login_attempts: KakaoLoginAttemptsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  team_favorites: TeamFavoritesTable;
  job_leases: JobLeasesTable;
  job_runs: JobRunsTable;
  files: FilesTable;
  share_days: ShareDaysTable;
  mission_action_logs: MissionActionLogsTable;
  forbidden_words: ForbiddenWordsTable;
  popups: PopupsTable;
  faqs: FaqsTable;
  content_pages: ContentPagesTable;
  child_links: ChildLinksTable;
  badge_rules: BadgeRulesTable;
  user_badges: UserBadgesTable;
  round_closes: RoundClosesTable;
  round_team_results: RoundTeamResultsTable;
  round_member_results: RoundMemberResultsTable;
  medals: MedalsTable;
  rewards: RewardsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_logs: AuditLogsTable;
  certification_report_cases: CertificationReportCasesTable;
  certification_reports: CertificationReportsTable;
  photo_reuse_flags: PhotoReuseFlagsTable;
  exports: ExportsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_sends: PushSendsTable;
}

export type UserType = 'PARENT' | 'CHILD';
export type UserStatus = 'USER' | 'UNDER19' | 'EMPTY_PHONE_NUMBER' | 'NEED_AGREEMENT' | 'WITHDRAWN';

export interface UsersTable {
  id: Generated<number>;
  user_type: UserType;
  /** Kakao ids are strings end to end. */
  kakao_id: string | null;
  /** Login id of a child account. */
  login_id: string | null;
  password_hash: string | null;
  parent_user_id: number | null;
  name: string;
  alias: string;
  phone: string | null;
  birth_date: string | null;
  status: UserStatus;
  pin_verified_at: string | null;
  /** One emoji shown beside the alias; empty for the default. */
  avatar: Generated<string>;
  /** Set by an operator: the account cannot log in (its tokens were revoked then). */
  suspended_at: Generated<string | null>;
  suspended_reason: Generated<string | null>;
  /** A child's confirmation of the notice about their data (decision 039); null until then. */
  child_notice_seen_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface AccessTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
}

export interface MembershipRegistryTable {
  id: Generated<number>;
  member_no: string;
  name: string;
  phone: string;
  /** `YYYY-MM-DD`; with the phone number, the second factor a membership check may match. */
  birth_date: string | null;
  created_at: string;
  /** When a console CSV import last changed it. */
  updated_at: string | null;
}

/** `CHILD_PRIVACY_CONSENT`: 만 14세 미만 아동의 개인정보 수집·이용 동의, a parent's per child (decision 038). */
export type TermsKind = 'TERMS_OF_USE' | 'PRIVACY_POLICY' | 'CHILD_PRIVACY_CONSENT';
export interface TermsDocumentsTable {
  id: Generated<number>;
  kind: TermsKind;
  version: string;
  title: string;
  content: string;
  effective_date: string;
  /** 1: a newer version in force asks people who agreed to an older one to agree again. */
  required: Generated<number>;
  /** Set when an operator published it from the console. */
  published_at: string | null;
}

export interface CommonCodesTable {
  group_key: string;
  code: string;
  name: string;
  sort: number;
  /** 0: deactivated in the console; the app no longer lists it. */
  active: Generated<number>;
}

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  content: string;
  is_top: number;
  published_at: string;
  /** Drafts are not shown in the app. */
  status: Generated<'DRAFT' | 'PUBLISHED'>;
}

export interface NoticeReadsTable {
  user_id: number;
  notice_id: number;
  read_at: string;
}

export type ChallengeType = 'challenge' | 'always';
export interface ChallengesTable {
  id: Generated<number>;
  challenge_type: ChallengeType;
  title: string;
  description: string;
  created_at: string;
}

export interface SubChallengesTable {
  id: Generated<number>;
  challenge_id: number;
  round: number;
  title: string;
  recruit_start: string;
  recruit_end: string;
  start_date: string;
  /** `null` for the always program, whose rounds have no end. */
  end_date: string | null;
  max_user: number;
  /** Rewards go to members whose completion rate reaches this percentage when the round closes. */
  reward_threshold_pct: Generated<number>;
  paid_reward_amount: Generated<number>;
  paid_reward_unit: Generated<'POINT' | 'GIFT'>;
  /** A gift's name, when the paid reward is a gift. */
  paid_reward_item: Generated<string>;
  traffic_reward_mb: Generated<number>;
}

export type ProofType = 'PHOTO' | 'TEXT' | 'PHOTO_TEXT';
export interface MissionsTable {
  id: Generated<number>;
  sub_challenge_id: number;
  title: string;
  description: string;
  icon: string;
  proof_type: ProofType;
  sort: number;
  /** The example in the mission's empty certification text box; '' for the app's general one. */
  text_placeholder: Generated<string>;
}

export interface MissionCertificationsTable {
  id: Generated<number>;
  user_id: number;
  mission_id: number;
  /** Asia/Seoul day the certification counts for. */
  certified_on: string;
  content_html: string;
  created_at: string;
  /** Hidden by an operator: only its author still sees it, with the reason. */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<string | null>;
  /** The client-made key of a queued send (decision 048): unique per person. */
  idempotency_key: Generated<string | null>;
  /** When the person made it on their device, if it arrived later (decision 048). */
  made_at: Generated<string | null>;
}

/** Who wrote a log row: the server itself, or a client through a public log call (a report). */
export type LogSource = 'SERVER' | 'CLIENT';

export interface LoginLogsTable {
  id: Generated<number>;
  user_id: number | null;
  logdetail: string;
  /** Kept only while the row names a member. */
  birth_date: string | null;
  result: 'Y' | 'N';
  source: LogSource;
  /** The reporting client's address (client rows). */
  ip_address: string | null;
  created_at: string;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  event_type: string;
  user_id: number | null;
  kakao_uid: string | null;
  user_nm: string | null;
  title: string | null;
  url: string | null;
  body: string | null;
  status_code: number;
  error_reason: string | null;
  ip_address: string | null;
  source: LogSource;
  created_at: string;
}

export interface AutoLoginTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
}

export interface UserAgreementsTable {
  user_id: number;
  terms_version: string;
  privacy_version: string;
  marketing: number;
  agreed_at: string;
}

/** A parent's consent to one version of the child privacy document, per child (decision 038). */
export interface GuardianConsentsTable {
  id: Generated<number>;
  parent_user_id: number;
  child_user_id: number;
  document_version: string;
  agreed_at: string;
  ip_address: string;
}

export interface KakaoLoginAttemptsTable {
  state_hash: string;
  code_verifier: string;
  redirect_uri: string;
  created_at: string;
  used_at: string | null;
}

/** A team of one round; counters kept by conditional updates (capacity, product.md). */
export interface TeamsTable {
  id: Generated<number>;
  /** The unguessable id links and front answers carry (decision 022); `id` never leaves the server. */
  public_id: string;
  sub_challenge_id: number;
  name: string;
  /** Lower case without spaces: names are unique per round. */
  name_key: string;
  description: string;
  emoji: string;
  manager_user_id: number;
  recruiting_open: number;
  allow_member_invite: number;
  member_count: number;
  /** Seats held by pending direct invitations. */
  reserved_seats: number;
  /** Σ of the members' `cert_count` (kept in the certification's transaction). */
  cert_count: Generated<number>;
  /** Σ over members of the epoch day their counting starts: the team's possible certifications follow. */
  member_days_base: Generated<number>;
  /** The team's certifications on the Seoul day `day_count_on`. */
  day_count: Generated<number>;
  day_count_on: string | null;
  created_at: string;
  updated_at: string;
}

export type TeamRole = 'MANAGER' | 'MEMBER';
export interface TeamMembersTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  /** The parent a child came with; a parent's own id. */
  family_user_id: number;
  role: TeamRole;
  sub_challenge_id: number;
  /** `always`, or `challenge:<subChallengeId>`; unique per person. */
  slot_key: string;
  /** The flag as set at joining or by hand; a close shows it without writing it (decision 055). */
  reward_notice_display_yn: 'Y' | 'N';
  /** When the person last set the flag by hand: after a close, their choice stands. */
  reward_notice_set_at: string | null;
  joined_at: string;
  /** Certifications that count for this team (always teams: since joining). */
  cert_count: Generated<number>;
  /** When the last of them was made: ties go to who reached the count first. */
  last_cert_at: string | null;
}

export type InvitationStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'EXPIRED' | 'CANCELLED';
export interface TeamInvitationsTable {
  id: Generated<number>;
  team_id: number;
  inviter_user_id: number | null;
  invitee_user_id: number;
  status: InvitationStatus;
  created_at: string;
  expires_at: string;
  answered_at: string | null;
}

export interface TeamFavoritesTable {
  user_id: number;
  team_id: number;
  created_at: string;
}

export interface FilesTable {
  /** Server-made random id; also the public name of the photo. */
  id: string;
  owner_user_id: number;
  certification_id: number | null;
  sort: number;
  storage_key: string;
  thumbnail_key: string;
  mime_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  /** The perceptual hash (decision 069); null for photos stored before it. */
  photo_hash: Generated<string | null>;
  /** The hashes of its windows, comma-separated. */
  photo_windows: Generated<string | null>;
}

export interface ShareDaysTable {
  uuid: string;
  user_id: number;
  day: string;
}

export type MissionAction = 'CERTIFY' | 'DELETE';
export interface MissionActionLogsTable {
  id: Generated<number>;
  user_id: number;
  mission_id: number;
  action: MissionAction;
  day: string;
  created_at: string;
}

export interface ForbiddenWordsTable {
  word: string;
  created_at: string;
}

export interface PopupsTable {
  id: Generated<number>;
  title: string;
  content: string;
  link_url: string | null;
  starts_at: string;
  ends_at: string;
  sort: number;
}

export interface FaqsTable {
  id: Generated<number>;
  category: string;
  question: string;
  answer: string;
  sort: number;
}

export interface ContentPagesTable {
  page_key: string;
  title: string;
  content: string;
  updated_at: string;
}

export interface ChildLinksTable {
  token_hash: string;
  purpose: 'REGISTER' | 'RESET_PASSWORD';
  parent_user_id: number;
  /** The child, for a password link; null for a registration link until it is used. */
  child_user_id: number | null;
  user_nm: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The guardian's consent given when the parent made a registration link (decision 038). */
  guardian_consent_version: string | null;
  guardian_consented_at: string | null;
  guardian_consent_address: string | null;
}

/** A background job's lease: only its owner runs it until `expires_at`. */
export interface JobLeasesTable {
  name: string;
  owner: string;
  expires_at: string;
}

/** A period a job has done, once. */
export interface JobRunsTable {
  name: string;
  period_key: string;
  done_at: string;
}

export type BadgeKindColumn =
  | 'FIRST_CERTIFICATION'
  | 'STREAK'
  | 'CERTIFICATION_COUNT'
  | 'FIRST_TEAM'
  | 'FIRST_INVITE_ACCEPTED'
  | 'CHALLENGE_COMPLETED';

/** A badge rule: a kind and a threshold over a person's history (product.md). */
export interface BadgeRulesTable {
  id: Generated<number>;
  kind: BadgeKindColumn;
  threshold: number;
  name: string;
  description: string;
  emoji: string;
  image_url: string | null;
  sort: number;
  active: Generated<number>;
}

export interface UserBadgesTable {
  user_id: number;
  badge_id: number;
  achieved_at: string;
  /** When the badges reward popup showed it; null while new. */
  seen_at: string | null;
}

/** A round's close, claimed once. */
export interface RoundClosesTable {
  sub_challenge_id: number;
  closed_at: string;
  closed_by: string;
}

export interface RoundTeamResultsTable {
  sub_challenge_id: number;
  team_id: number;
  rank: number;
  certified: number;
  possible: number;
  member_count: number;
}

export interface RoundMemberResultsTable {
  sub_challenge_id: number;
  team_id: number;
  user_id: number;
  rank: number;
  certified: number;
  possible: number;
}

export type MedalColumn = 'GOLD' | 'SILVER' | 'BRONZE';
export interface MedalsTable {
  id: Generated<number>;
  /** `TEAM:<round>:<team>` or `MEMBER:<round>:<team>:<user>`: unique, so granting is safe to repeat. */
  award_key: string;
  sub_challenge_id: number;
  team_id: number;
  user_id: number | null;
  scope: 'TEAM' | 'MEMBER';
  medal: MedalColumn;
  rank: number;
  granted_at: string;
}

export type RewardKindColumn = 'PAID' | 'TRAFFIC' | 'BADGES';
export type RewardStatusColumn = 'PENDING' | 'PAID' | 'CANCELLED';
/** The reward ledger; unique per round, person and kind. */
export interface RewardsTable {
  id: Generated<number>;
  sub_challenge_id: number;
  team_id: number;
  user_id: number;
  kind: RewardKindColumn;
  unit: 'POINT' | 'GIFT' | 'MB' | 'BADGE';
  amount: number;
  item_name: string;
  status: RewardStatusColumn;
  rate_permille: number;
  granted_at: string;
  settled_at: string | null;
  /** The payout partner's reference, once paid in the console. */
  payout_ref: string | null;
  cancel_reason: string | null;
}

/** The people who run the service (the console), not app users. */
export interface OperatorsTable {
  id: Generated<number>;
  login_id: string;
  password_hash: string;
  /** RFC 6238 secret, base32. */
  totp_secret: string;
  /** The last accepted TOTP time step: each code works once. */
  totp_last_step: Generated<number>;
  role: 'admin' | 'content' | 'support';
  status: Generated<'ACTIVE' | 'DISABLED'>;
  created_at: string;
  last_login_at: string | null;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** 12 h after login at most; 30 idle minutes end it sooner. */
  expires_at: string;
  address: string;
  revoked_at: string | null;
}

/** Append-only (the database refuses updates and deletes). */
export interface AuditLogsTable {
  id: Generated<number>;
  /** Null only for a failed sign-in of an id that is no operator (its target names the id). */
  operator_id: number | null;
  action: string;
  target: string;
  summary: string;
  address: string;
  created_at: string;
}

export type ReportCaseStatus = 'OPEN' | 'HIDDEN' | 'DISMISSED';
export type ReportAuthorNotice = 'UNDER_REVIEW' | 'HIDDEN' | 'RESTORED';

/** A reported certification and the operator's decision on it (decision 045). */
export interface CertificationReportCasesTable {
  certification_id: number;
  author_id: number;
  status: ReportCaseStatus;
  report_count: Generated<number>;
  first_reported_at: string;
  last_reported_at: string;
  auto_hidden_at: string | null;
  decided_at: string | null;
  decided_by: number | null;
  author_notice: ReportAuthorNotice | null;
  author_notice_at: string | null;
  author_seen_at: string | null;
}

/** One person's report of one certification (unique per pair). */
export interface CertificationReportsTable {
  id: Generated<number>;
  certification_id: number;
  reporter_id: number;
  reporter_family_id: number;
  reason: 'INAPPROPRIATE_PHOTO' | 'PERSONAL_INFO' | 'SPAM' | 'OTHER';
  note: string | null;
  created_at: string;
  /** 1: the reporter's family was trusted when it reported (decision 068); only those hide. */
  trusted: number;
}

export type PhotoReuseScope = 'SAME_FAMILY' | 'OTHER_FAMILY';
export type PhotoReuseStatus = 'OPEN' | 'VOIDED' | 'DISMISSED';

/** A certification made with a photo near an earlier one of another day or family (decision 069). */
export interface PhotoReuseFlagsTable {
  certification_id: number;
  author_id: number;
  file_id: string;
  matched_certification_id: number;
  matched_file_id: string;
  distance: number;
  scope: PhotoReuseScope;
  status: PhotoReuseStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  author_notice_at: string | null;
  author_seen_at: string | null;
}

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed' | 'expired';
/** A family's data export (decision 040). */
export interface ExportsTable {
  id: string;
  family_user_id: number;
  requester_user_id: number;
  status: ExportStatus;
  progress: Generated<number>;
  total: Generated<number>;
  /** The ZIP's key in the photo storage, once built. */
  file_key: string | null;
  file_bytes: number | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The download link's end: 24 hours after the build finished. */
  expires_at: string | null;
}

/** A browser's Web Push subscription (decision 047). */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: number;
  p256dh: string;
  auth: string;
  created_at: string;
  last_success_at: string | null;
}

/** A person's reminder choices (decision 047); no row: the defaults. */
export interface PushPreferencesTable {
  user_id: number;
  daily_yn: Generated<'Y' | 'N'>;
  daily_time: Generated<string>;
  invitation_yn: Generated<'Y' | 'N'>;
  team_done_yn: Generated<'Y' | 'N'>;
  round_results_yn: Generated<'Y' | 'N'>;
  reward_paid_yn: Generated<'Y' | 'N'>;
  updated_at: string;
}

export type PushKind = 'daily' | 'invitation' | 'teamDone' | 'roundResults' | 'rewardPaid';
/** `skipped`: a daily reminder looked at and not needed (no mission today, or all certified; decision 058). */
export type PushSendStatus = 'pending' | 'sent' | 'dropped' | 'skipped';
/** One push to one person, once by its key (decision 047). */
export interface PushSendsTable {
  send_key: string;
  user_id: number;
  kind: PushKind;
  day: string;
  title: string;
  body: string;
  url: string;
  status: PushSendStatus;
  not_before: string;
  created_at: string;
  sent_at: string | null;
}
